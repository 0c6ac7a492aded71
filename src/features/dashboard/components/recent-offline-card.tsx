import { Anchor, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { OfflineUnit } from '@machines/dashboard/user-dashboard.machine';
import { RelativeTime } from '@/components/data-list';
import type { CardState } from '../selectors';

export function RecentOfflineCard({ state, units, onRetry }: { state: CardState; units: OfflineUnit[]; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" h="100%" component="section" aria-labelledby="recent-offline-title" aria-busy={state === 'loading'}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4" id="recent-offline-title">
          {t('dashboard.recentOffline')}
        </Title>
        <Anchor component={Link} href="/user/manage-service-units?status=offline" size="sm">
          {t('dashboard.viewAllUnits')}
        </Anchor>
      </Group>
      {state === 'loading' && (
        <Stack gap="sm" aria-hidden>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      )}
      {state === 'failed' && (
        <Stack gap="xs" align="flex-start" role="alert">
          <Text size="sm" c="red">
            {t('dashboard.cardError')}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={onRetry} aria-label={t('dashboard.retryCard', { label: t('dashboard.recentOffline') })}>
            {t('common.retry')}
          </Button>
        </Stack>
      )}
      {state === 'loaded' && units.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('dashboard.noOffline')}
        </Text>
      )}
      {state === 'loaded' && units.length > 0 && (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {units.map((unit) => (
            <Group key={unit.id} component="li" justify="space-between" wrap="nowrap" gap="sm">
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Anchor component={Link} href={`/user/manage-process?unit=${encodeURIComponent(unit.id)}`} fw={600} size="sm" truncate>
                  {unit.name}
                </Anchor>
                <Text size="xs" c="dimmed" truncate>
                  {unit.hostname} · {unit.location}
                </Text>
              </Stack>
              <RelativeTime value={unit.lastSeenAt} />
            </Group>
          ))}
        </Stack>
      )}
    </Card>
  );
}
