import { memo, type ReactNode } from 'react';
import { ActionIcon, Anchor, Checkbox, Group, Menu, Pagination, Paper, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDotsVertical } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLatestHandlers } from './memo-cells';

/** Below Mantine's `sm` breakpoint (576 px) lists show cards: a table there scrolls sideways and hides what tells rows apart. */
export const PHONE_QUERY = '(max-width: 575.98px)';

/**
 * True on a phone-sized window. Read synchronously on the first render (not in an effect), so a phone never draws
 * the table first and then swaps it for cards.
 */
export function usePhoneLayout(): boolean {
  return useMediaQuery(PHONE_QUERY, false, { getInitialValueInEffect: false }) === true;
}

/** One entry of a card's actions menu. */
export interface CardAction {
  key: string;
  label: string;
  icon?: ReactNode;
  /** A theme colour with a readable text shade: 'danger' for destructive actions. */
  color?: string;
  disabled?: boolean;
  onClick: () => void;
}

/** What a list shows of each row on a phone (as react-admin's `SimpleList`). Pass it memoised: cards render again when it changes. */
export interface CardLayout<T> {
  /** The row's name, shown whole (it wraps). */
  primary: (row: T) => string;
  /** Opens the row (its detail or editor): the name becomes a button. */
  onOpen?: (row: T) => void;
  /** Shows the name in a monospace font (URL patterns). */
  primaryMono?: boolean;
  /** The line under the name: host name, e-mail… */
  secondary?: (row: T) => ReactNode;
  /** The status badge, on the last line. */
  status?: (row: T) => ReactNode;
  /** Beside the status: last seen, counts… */
  meta?: (row: T) => ReactNode;
  /** The row's actions, in a menu at the card's end. */
  actions?: (row: T) => CardAction[];
  /** The menu button's accessible name (it has no visible text), e.g. "Actions for Berlin HQ". */
  actionsLabel: (row: T) => string;
  /** What a card shows besides its row (e.g. which actions the viewer may use), as with the table's stamps. */
  stamp?: (row: T) => string;
}

export interface ListCardsProps<T extends { id: string }> {
  records: T[];
  layout: CardLayout<T>;
  /** The list's accessible name (the table's label). */
  label: string;
  selection?: { selected: T[]; onChange: (rows: T[]) => void; rowLabel: (row: T) => string };
  pagination?: { page: number; totalRecords: number; recordsPerPage: number; onPageChange: (page: number) => void };
  fetching?: boolean;
  noRecordsText: string;
}

interface CardProps<T> {
  row: T;
  layout: CardLayout<T>;
  checked: boolean | null;
  onCheck: (row: T, checked: boolean) => void;
  checkLabel: string;
  stamp: string;
}

function CardItem<T>({ row, layout, checked, onCheck, checkLabel }: CardProps<T>) {
  const name = layout.primary(row);
  const actions = layout.actions?.(row) ?? [];
  const status = layout.status?.(row);
  const meta = layout.meta?.(row);
  const secondary = layout.secondary?.(row);
  // Names wrap instead of ending in "…": on a phone the whole name is what tells two cards apart.
  const nameStyle = {
    overflowWrap: 'anywhere' as const,
    ...(layout.primaryMono ? { fontFamily: 'var(--mantine-font-family-monospace)' } : {}),
  };
  return (
    <Paper component="li" withBorder radius="md" px="sm" py={4} data-card>
      <Group wrap="nowrap" align="flex-start" gap="sm">
        {checked !== null && (
          <Checkbox size="md" mt={2} checked={checked} onChange={(e) => onCheck(row, e.currentTarget.checked)} aria-label={checkLabel} />
        )}
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          {layout.onOpen ? (
            <Anchor
              component="button"
              type="button"
              fw={600}
              ta="left"
              style={nameStyle}
              onClick={() => layout.onOpen?.(row)}
              data-card-name
            >
              {name}
            </Anchor>
          ) : (
            <Text fw={600} style={nameStyle} data-card-name>
              {name}
            </Text>
          )}
          {secondary !== undefined && secondary !== null && (
            <Text component="div" size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {secondary}
            </Text>
          )}
          {(status || meta) && (
            <Group gap="xs" wrap="wrap" mt={2}>
              {status}
              {meta !== undefined && meta !== null && (
                <Text component="div" size="xs" c="dimmed">
                  {meta}
                </Text>
              )}
            </Group>
          )}
        </Stack>
        {actions.length > 0 && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <ActionIcon variant="subtle" size="md" aria-label={layout.actionsLabel(row)}>
                <IconDotsVertical size={18} aria-hidden />
              </ActionIcon>
            </Menu.Target>
            <Menu.Dropdown>
              {actions.map((action) => (
                // The scheme's readable text shade of the colour (red-6 on white is 3.3:1): 'danger' for destructive items.
                <Menu.Item
                  key={action.key}
                  leftSection={action.icon}
                  color={action.color}
                  c={action.color ? `var(--mantine-color-${action.color}-text)` : undefined}
                  disabled={action.disabled}
                  onClick={action.onClick}
                >
                  {action.label}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
      </Group>
    </Paper>
  );
}

// A card renders again only when its row, its check, its layout or its stamp changes (the language changes the layout).
const MemoCard = memo(
  CardItem,
  (a, b) => a.row === b.row && a.checked === b.checked && a.layout === b.layout && a.stamp === b.stamp && a.checkLabel === b.checkLabel,
) as <T>(props: CardProps<T>) => ReactNode;

/**
 * A list's rows as cards for phones: the name whole, a second line, the status, the actions in a menu, and (with
 * `selection`) a checkbox per card and one for the page, so the bulk actions stay usable. Paging as in the table.
 */
export function ListCards<T extends { id: string }>({
  records,
  layout,
  label,
  selection,
  pagination,
  fetching = false,
  noRecordsText,
}: ListCardsProps<T>) {
  const { t } = useTranslation();
  const selectedIds = new Set(selection?.selected.map((row) => row.id));
  // The same function on every render (memoised cards keep their first one), acting on the current selection.
  const { onCheck } = useLatestHandlers({
    onCheck: (row: T, checked: boolean) => {
      if (!selection) return;
      selection.onChange(checked ? [...selection.selected, row] : selection.selected.filter((r) => r.id !== row.id));
    },
  });
  const allChecked = records.length > 0 && records.every((row) => selectedIds.has(row.id));
  const someChecked = !allChecked && records.some((row) => selectedIds.has(row.id));
  const pages = pagination ? Math.max(1, Math.ceil(pagination.totalRecords / pagination.recordsPerPage)) : 1;
  const from = pagination ? (pagination.page - 1) * pagination.recordsPerPage + 1 : 0;
  const to = pagination ? Math.min(pagination.totalRecords, from + records.length - 1) : 0;
  return (
    <Stack gap={6} aria-busy={fetching || undefined} style={fetching ? { opacity: 0.6 } : undefined}>
      {selection && records.length > 0 && (
        <Checkbox
          size="md"
          ml="sm"
          styles={{ label: { fontSize: 'var(--mantine-font-size-sm)' } }}
          label={t('data-list.selectAll')}
          checked={allChecked}
          indeterminate={someChecked}
          onChange={(e) => selection.onChange(e.currentTarget.checked ? records : [])}
        />
      )}
      {records.length === 0 ? (
        <Text c="dimmed" ta="center" py="xl" role="status">
          {fetching ? t('common.loading') : noRecordsText}
        </Text>
      ) : (
        <Stack component="ul" gap={6} aria-label={label} m={0} p={0} style={{ listStyle: 'none' }}>
          {records.map((row) => (
            <MemoCard
              key={row.id}
              row={row}
              layout={layout}
              checked={selection ? selectedIds.has(row.id) : null}
              onCheck={onCheck}
              checkLabel={selection ? t('data-list.selectRow', { name: selection.rowLabel(row) }) : ''}
              stamp={layout.stamp?.(row) ?? ''}
            />
          ))}
        </Stack>
      )}
      {pagination && pagination.totalRecords > 0 && (
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm">{t('data-list.paginationText', { from, to, total: pagination.totalRecords })}</Text>
          {pages > 1 && (
            <Pagination
              size="sm"
              siblings={0}
              boundaries={1}
              total={pages}
              value={pagination.page}
              onChange={pagination.onPageChange}
              getControlProps={(control) => ({ 'aria-label': t(`data-list.pagination.${control}`) })}
              getItemProps={(page) => ({ 'aria-label': t('data-list.pagination.page', { page }) })}
            />
          )}
        </Group>
      )}
    </Stack>
  );
}
