import type { ReactNode } from 'react';
import { ActionIcon, Button, CloseButton, Drawer, Group, Loader, Stack, TextInput, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload, IconFilter, IconRefresh, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePhoneLayout } from './list-cards';

export interface DataListToolbarProps {
  searchValue: string;
  onSearchChange: (value: string) => void;
  /** Accessible name of the search box (defaults to "Search"). */
  searchLabel?: string;
  /** Filter controls (selects, segmented controls…), in a panel behind the Filters button. */
  filters?: ReactNode;
  /** How many filters are set: shown on the "Filters (n)" button. */
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

/**
 * The row above every list: search, the Filters button, the table's settings, refresh, CSV export and the screen's own
 * actions, on one line at 1280 px in every language (two on a phone), so the rows start high on the first screen. The
 * filters wait in a panel behind "Filters (n)": inline, three labelled selects took two more lines above the table.
 */
export function DataListToolbar(props: DataListToolbarProps) {
  const { t } = useTranslation();
  const phone = usePhoneLayout();
  const label = props.searchLabel ?? t('data-list.searchLabel');
  const [filtersOpened, filtersDrawer] = useDisclosure(false);
  const filtersCount = props.filtersCount ?? 0;
  const exportLabel = t('data-list.exportCsv');
  return (
    <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
      {/* A line of its own on a phone: sharing it, the buttons squeezed the search box to nothing in Portuguese. */}
      {/* It takes the room the buttons leave, and the line breaks only below 260 px: sized by its content, it sent the longer
          German and French buttons to a second line at 1280 px, and the table a row down. */}
      <Group align="flex-end" gap="sm" wrap="nowrap" style={{ flex: 1, flexBasis: phone ? '100%' : 0, minWidth: phone ? 0 : 260 }}>
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
          miw={0}
          style={{ flexGrow: 1, maxWidth: 360 }}
          type="search"
        />
        {props.filters ? (
          <>
            <Button
              variant={filtersCount > 0 ? 'light' : 'default'}
              leftSection={<IconFilter size={16} aria-hidden />}
              onClick={filtersDrawer.open}
              aria-haspopup="dialog"
              style={{ flexShrink: 0 }}
            >
              {filtersCount > 0 ? t('data-list.filtersWithCount', { count: filtersCount }) : t('data-list.filters')}
            </Button>
            {/* A panel beside the list on wide screens (the rows stay in view and follow each choice), from the bottom on a phone. */}
            <Drawer
              opened={filtersOpened}
              onClose={filtersDrawer.close}
              position={phone ? 'bottom' : 'right'}
              size={phone ? 'auto' : 'sm'}
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
      <Group gap="xs" wrap="nowrap">
        {props.settings}
        {props.onRefresh && (
          <Tooltip label={t('data-list.refresh')}>
            {/* Busy without ActionIcon's `loading`, whose spinner keeps fading out after the rows have arrived. */}
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('data-list.refresh')}
              onClick={props.onRefresh}
              disabled={props.busy}
              aria-busy={props.busy || undefined}
            >
              {props.busy ? <Loader size={18} /> : <IconRefresh size={18} aria-hidden />}
            </ActionIcon>
          </Tooltip>
        )}
        {props.onExport &&
          (phone ? (
            // An icon on a phone: with its words the screen's create button no longer fit the line.
            <Tooltip label={exportLabel}>
              <ActionIcon variant="default" size="lg" aria-label={exportLabel} onClick={props.onExport} loading={props.exporting}>
                <IconDownload size={18} aria-hidden />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Button
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={props.onExport}
              loading={props.exporting}
            >
              {exportLabel}
            </Button>
          ))}
        {props.actions}
      </Group>
    </Group>
  );
}
