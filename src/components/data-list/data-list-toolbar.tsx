import type { ReactNode } from 'react';
import { ActionIcon, Button, CloseButton, Drawer, Group, Loader, Stack, TextInput, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconFilter, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export interface DataListToolbarProps {
  searchValue: string;
  onSearchChange: (value: string) => void;
  /** Accessible name of the search box (defaults to "Search"). */
  searchLabel?: string;
  /** Filter controls (selects, segmented controls…): inline on wider screens, in a drawer on phones. */
  filters?: ReactNode;
  /** How many filters are set: shown on the phone's "Filters (n)" button. */
  filtersCount?: number;
  /** The table's settings (column chooser, density), beside refresh. */
  settings?: ReactNode;
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
  const [filtersOpened, filtersDrawer] = useDisclosure(false);
  const filtersCount = props.filtersCount ?? 0;
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
          style={{ flexGrow: 1, maxWidth: 360 }}
          type="search"
        />
        {props.filters ? (
          <>
            <Group visibleFrom="sm" align="flex-end" gap="sm" wrap="wrap">
              {props.filters}
            </Group>
            <Drawer
              opened={filtersOpened}
              onClose={filtersDrawer.close}
              position="bottom"
              size="auto"
              title={t('data-list.filters')}
              closeButtonProps={{ 'aria-label': t('common.close') }}
            >
              <Stack gap="sm">
                {props.filters}
                <Button onClick={filtersDrawer.close} mt="sm">
                  {t('data-list.showResults')}
                </Button>
              </Stack>
            </Drawer>
          </>
        ) : null}
      </Group>
      <Group gap="xs">
        {props.filters ? (
          // Phones: the filters would fill the first screen; they wait in a drawer behind one button, on the line of the icons.
          <Button hiddenFrom="sm" variant="default" leftSection={<IconFilter size={16} aria-hidden />} onClick={filtersDrawer.open} aria-haspopup="dialog">
            {filtersCount > 0 ? t('data-list.filtersWithCount', { count: filtersCount }) : t('data-list.filters')}
          </Button>
        ) : null}
        {/* The icons and the export stay together: on a phone the two icons no longer take a line of their own. */}
        {(props.settings || props.onRefresh || props.onExport) && (
          <Group gap="xs" wrap="nowrap">
            {props.settings}
            {props.onRefresh && (
              <Tooltip label={t('data-list.refresh')}>
                {/* Busy without ActionIcon's `loading`, whose spinner keeps fading out after the rows have arrived. */}
                <ActionIcon variant="default" size="lg" aria-label={t('data-list.refresh')} onClick={props.onRefresh} disabled={props.busy} aria-busy={props.busy || undefined}>
                  {props.busy ? <Loader size={18} /> : <IconRefresh size={18} aria-hidden />}
                </ActionIcon>
              </Tooltip>
            )}
            {props.onExport && (
              <Button variant="default" leftSection={<IconDownload size={16} aria-hidden />} onClick={props.onExport} loading={props.exporting}>
                {t('data-list.exportCsv')}
              </Button>
            )}
          </Group>
        )}
        {props.actions}
      </Group>
    </Group>
  );
}
