import { Button, Group } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CardStatus } from './card-frame';

/** The dashboards' Refresh: reloads every card, and spins while any card is loading. */
export function RefreshButton({ statuses, onRefresh }: { statuses: readonly CardStatus[]; onRefresh: () => void }) {
  const { t } = useTranslation();
  return (
    <Group justify="flex-end">
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} aria-hidden />}
        onClick={onRefresh}
        loading={statuses.includes('loading')}
      >
        {t('dashboard.refresh')}
      </Button>
    </Group>
  );
}
