import type { ReactNode } from 'react';
import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatThousands } from '@/lib/formatters';
import type { CardStatus } from './card-frame';

/**
 * The link's name starts with what the card shows, "Units online 24" (WCAG 2.5.3 Label in Name); a
 * shortened count adds the exact one: "Units online 1.2k (1,234)".
 */
function linkName(label: string, value: number, language: string): string {
  const shown = formatThousands(value);
  const exact = new Intl.NumberFormat(language).format(value);
  return shown === exact ? `${label} ${shown}` : `${label} ${shown} (${exact})`;
}

// Two cards a row on a phone: a tighter padding (and no icon, see below) leave the label its room.
const PADDING = { base: 'md', xs: 'lg' } as const;

/**
 * One number on the dashboard; once loaded the whole card is a link to its screen. A reload (Refresh, a live
 * event) keeps the number and the link shown, busy, until the new answer: the figure never blanks.
 */
export function StatCard({
  label,
  value,
  state,
  href,
  icon,
  color,
  onRetry,
}: {
  label: string;
  value: number | undefined;
  state: CardStatus;
  href: string;
  icon: ReactNode;
  color: string;
  onRetry: () => void;
}) {
  const { t, i18n } = useTranslation();
  const shown = state !== 'failed' && value !== undefined;
  const body = (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        {/* A space between label and number, so the link's name reads "Units online 24". */}{' '}
        {state === 'loading' && !shown && <Skeleton height={34} width={80} aria-hidden />}
        {shown && (
          <Text fz={30} fw={700} lh={1.1} title={String(value)}>
            {formatThousands(value)}
          </Text>
        )}
        {state === 'failed' && (
          <Group gap="xs">
            <IconAlertTriangle size={18} color="var(--mantine-color-red-text)" aria-hidden />
            <Text size="sm" c="red">
              {t('dashboard.cardError')}
            </Text>
          </Group>
        )}
      </Stack>
      <ThemeIcon size={44} radius="md" variant="light" color={color} aria-hidden visibleFrom="xs">
        {icon}
      </ThemeIcon>
    </Group>
  );
  if (shown) {
    return (
      <Card
        withBorder
        aria-busy={state === 'loading'}
        p={PADDING}
        h="100%"
        component={Link}
        href={href}
        aria-label={linkName(label, value, i18n.language)}
        style={{ textDecoration: 'none', color: 'inherit' }}
      >
        {body}
      </Card>
    );
  }
  return (
    <Card withBorder p={PADDING} h="100%" aria-busy={state === 'loading'} aria-label={label} role="group">
      {body}
      {state === 'failed' && (
        <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry} aria-label={t('dashboard.retryCard', { label })}>
          {t('common.retry')}
        </Button>
      )}
    </Card>
  );
}

export interface Stat {
  key: string;
  label: string;
  value: number | undefined;
  href: string;
  icon: ReactNode;
  color: string;
}

/**
 * A dashboard's row of numbers, all from one request: they load, fail and retry together. Two a row on a
 * phone (the first chart or list then starts on the first screen), `perRow` from 1200 px.
 */
export function StatGrid({
  stats,
  state,
  onRetry,
  perRow,
}: {
  stats: readonly Stat[];
  state: CardStatus;
  onRetry: () => void;
  perRow: number;
}) {
  return (
    <SimpleGrid cols={{ base: 2, lg: perRow }} spacing={{ base: 'sm', sm: 'md' }}>
      {stats.map((stat) => (
        <StatCard
          key={stat.key}
          label={stat.label}
          value={stat.value}
          state={state}
          href={stat.href}
          icon={stat.icon}
          color={stat.color}
          onRetry={onRetry}
        />
      ))}
    </SimpleGrid>
  );
}
