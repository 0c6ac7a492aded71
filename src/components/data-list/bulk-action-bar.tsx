import type { ReactNode } from 'react';
import { Button, Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown while rows are selected: how many, the bulk actions, and a way to clear the selection. */
export function BulkActionBar({
  count,
  onClear,
  children,
  busy,
}: {
  count: number;
  onClear: () => void;
  children: ReactNode;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  if (count === 0) return null;
  return (
    <Paper withBorder p="xs" radius="md" role="region" aria-label={t('data-list.bulkActions')} bg="var(--mantine-color-default-hover)">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text fw={500} aria-live="polite">
          {t('data-list.selectedCount', { count })}
        </Text>
        <Group gap="xs">
          {children}
          <Button variant="subtle" onClick={onClear} disabled={busy}>
            {t('data-list.clearSelection')}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
