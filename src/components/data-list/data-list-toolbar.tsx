import type { ReactNode } from 'react';
import { ActionIcon, Button, CloseButton, Group, TextInput, Tooltip } from '@mantine/core';
import { IconDownload, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface DataListToolbarProps {
  searchValue: string;
  onSearchChange: (value: string) => void;
  /** Accessible name of the search box (defaults to "Search"). */
  searchLabel?: string;
  /** Filter controls (selects, segmented controls…). */
  filters?: ReactNode;
  /** Buttons at the end (e.g. "New unit"). */
  actions?: ReactNode;
  onExport?: () => void;
  exporting?: boolean;
  onRefresh?: () => void;
  busy?: boolean;
}

/** The row above every list: search, filters, refresh, CSV export and the screen's own actions. */
export function DataListToolbar(props: DataListToolbarProps) {
  const { t } = useTranslation();
  const label = props.searchLabel ?? t('data-list.searchLabel');
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      <Group align="flex-end" gap="sm" wrap="wrap" style={{ flex: 1 }}>
        <TextInput
          label={label}
          placeholder={t('data-list.searchPlaceholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={props.searchValue}
          onChange={(e) => props.onSearchChange(e.currentTarget.value)}
          rightSection={
            props.searchValue ? (
              <CloseButton size="sm" aria-label={t('data-list.clearSearch')} onClick={() => props.onSearchChange('')} />
            ) : null
          }
          miw={220}
          type="search"
        />
        {props.filters}
      </Group>
      <Group gap="xs">
        {props.onRefresh && (
          <Tooltip label={t('data-list.refresh')}>
            <ActionIcon variant="default" size="lg" aria-label={t('data-list.refresh')} onClick={props.onRefresh} loading={props.busy}>
              <IconRefresh size={18} aria-hidden />
            </ActionIcon>
          </Tooltip>
        )}
        {props.onExport && (
          <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={props.onExport} loading={props.exporting}>
            {t('data-list.exportCsv')}
          </Button>
        )}
        {props.actions}
      </Group>
    </Group>
  );
}
