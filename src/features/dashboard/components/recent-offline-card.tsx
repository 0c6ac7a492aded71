import { Anchor, Group, Skeleton, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { OfflineUnit } from '@machines/dashboard/user-dashboard.machine';
import { RelativeTime } from '@/components/data-list';
import { CardFrame, type CardStatus } from './card-frame';

export function RecentOfflineCard({ state, units, onRetry }: { state: CardStatus; units: OfflineUnit[] | null; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <CardFrame
      title={t('dashboard.recentOffline')}
      status={state}
      hasData={units !== null}
      onRetry={onRetry}
      action={
        <Anchor component={Link} href="/user/manage-service-units?status=offline" size="sm">
          {t('dashboard.viewAllUnits')}
        </Anchor>
      }
      skeleton={
        <Stack gap="sm" aria-hidden>
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      }
    >
      {!units || units.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('dashboard.noOffline')}
        </Text>
      ) : (
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
              {/* "vor 3 Stunden" on one line; the name beside it truncates instead. */}
              <div style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                <RelativeTime value={unit.lastSeenAt} />
              </div>
            </Group>
          ))}
        </Stack>
      )}
    </CardFrame>
  );
}
