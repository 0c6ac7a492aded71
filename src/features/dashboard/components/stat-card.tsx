import type { ReactNode } from 'react';
import { Button, Card, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { formatThousands } from '@/lib/formatters';
import type { CardState } from '../hooks/selectors';

/** One number on the dashboard; once loaded the whole card is a link to its screen. */
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
  state: CardState;
  href: string;
  icon: ReactNode;
  color: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  const body = (
    <Group justify="space-between" wrap="nowrap" align="flex-start">
      <Stack gap={4}>
        <Text size="sm" c="dimmed" fw={500}>
          {label}
        </Text>
        {state === 'loading' && <Skeleton height={34} width={80} aria-hidden />}
        {state === 'loaded' && value !== undefined && (
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
      <ThemeIcon size={44} radius="md" variant="light" color={color} aria-hidden>
        {icon}
      </ThemeIcon>
    </Group>
  );
  if (state === 'loaded') {
    return (
      <Card withBorder padding="lg" component={Link} href={href} aria-label={t('dashboard.cardLink', { label, value: value ?? 0 })} style={{ textDecoration: 'none', color: 'inherit' }}>
        {body}
      </Card>
    );
  }
  return (
    <Card withBorder padding="lg" aria-busy={state === 'loading'} aria-label={label} role="group">
      {body}
      {state === 'failed' && (
        <Button mt="sm" size="xs" variant="light" color="red" onClick={onRetry} aria-label={t('dashboard.retryCard', { label })}>
          {t('common.retry')}
        </Button>
      )}
    </Card>
  );
}
