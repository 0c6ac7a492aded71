import { ActionIcon, Checkbox, Popover, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { IconColumns3 } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { parseUser } from '@machines/session/stored-session';
import { useAuthStorage } from '@/lib/auth-storage';

export type TableDensity = 'compact' | 'comfortable';
export const TABLE_DENSITIES: readonly TableDensity[] = ['comfortable', 'compact'];

/** A column the chooser offers: its accessor, its translated name, and whether it shows before any choice. */
export interface ChoosableColumn {
  accessor: string;
  label: string;
}

/** localStorage keys of a table's choices, one set per user (a shared computer keeps each person's table). */
export function tablePreferenceKeys(table: string, userId: string | number | null | undefined) {
  const who = userId === null || userId === undefined ? 'anonymous' : String(userId);
  return { columns: `table:${table}:${who}`, density: `table-density:${table}:${who}` };
}

/** The signed-in user's id from the stored session (read, not started: a table must not start the session). */
function storedUserId(): string | null {
  try {
    const raw = globalThis.localStorage?.getItem('userInfo');
    return raw ? (parseUser(JSON.parse(raw))?.uid ?? null) : null;
  } catch {
    return null;
  }
}

const isDensity = (value: unknown): value is TableDensity => value === 'compact' || value === 'comfortable';

/**
 * Which columns show and how dense the rows are, remembered per user in localStorage.
 * Columns marked `toggleable` can be hidden; `defaultToggle: false` hides one until chosen. The table gets
 * only the shown columns (mantine-datatable's own toggling would add unnamed header buttons).
 */
export function useTablePreferences<T>(table: string, columns: DataTableColumn<T>[]) {
  // Re-read when the session changes (sign-in, sign-out, another tab).
  useAuthStorage();
  const keys = tablePreferenceKeys(table, storedUserId());
  const defaultShown = columns.filter((c) => c.toggleable === true && c.defaultToggle !== false).map((c) => String(c.accessor));
  const [storedShown, setStoredShown] = useLocalStorage<string[]>({
    key: keys.columns,
    defaultValue: defaultShown,
    getInitialValueInEffect: false,
  });
  const shownList = Array.isArray(storedShown) && storedShown.every((a) => typeof a === 'string') ? storedShown : defaultShown;
  const [storedDensity, setDensity] = useLocalStorage<TableDensity>({
    key: keys.density,
    defaultValue: 'comfortable',
    getInitialValueInEffect: false,
  });
  const density: TableDensity = isDensity(storedDensity) ? storedDensity : 'comfortable';
  const isToggleable = (accessor: string) => columns.some((c) => String(c.accessor) === accessor && c.toggleable === true);
  const isShown = (accessor: string) => !isToggleable(accessor) || shownList.includes(accessor);
  /** Shows exactly these of the toggleable columns (the others hide). */
  const setShownColumns = (accessors: string[]) => setStoredShown(accessors.filter(isToggleable));
  // The table's columns without the chooser's own flags (mantine-datatable would draw its toggles). The same array while
  // the columns and the choice are: the table measures its pinned column again whenever its columns change.
  const shownKey = shownList.join(',');
  const effectiveColumns = useMemo(
    () =>
      columns
        .filter((c) => c.toggleable !== true || shownKey.split(',').includes(String(c.accessor)))
        .map(({ toggleable: _toggleable, defaultToggle: _defaultToggle, ...column }) => column as DataTableColumn<T>),
    [columns, shownKey],
  );
  return {
    /** The columns to hand to the DataTable. */
    columns: effectiveColumns,
    density,
    setDensity,
    isShown,
    setShownColumns,
    reset: () => {
      setStoredShown(defaultShown);
      setDensity('comfortable');
    },
    /** DataTable props that follow the density. */
    densityProps: { verticalSpacing: density === 'compact' ? 'xs' : 'sm', fz: density === 'compact' ? 'sm' : undefined } as const,
  };
}

export type TablePreferences = ReturnType<typeof useTablePreferences>;

/** The "Table settings" button: a column chooser and the row density, as a popover with real checkboxes. */
export function TableSettings({
  preferences,
  columns,
}: {
  preferences: Pick<TablePreferences, 'density' | 'setDensity' | 'isShown' | 'setShownColumns'>;
  columns: ChoosableColumn[];
}) {
  const { t } = useTranslation();
  const densityLabelId = useId();
  const shown = columns.filter((c) => preferences.isShown(c.accessor)).map((c) => c.accessor);
  return (
    <Popover position="bottom-end" shadow="md" withinPortal trapFocus returnFocus>
      <Popover.Target>
        <Tooltip label={t('data-list.tableSettings')}>
          <ActionIcon variant="default" size="lg" aria-label={t('data-list.tableSettings')}>
            <IconColumns3 size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="md" miw={220}>
          <Checkbox.Group label={t('data-list.columns')} value={shown} onChange={preferences.setShownColumns}>
            <Stack gap={8} mt={6}>
              {columns.map((c) => (
                // The last shown column stays: a table without columns would say nothing.
                <Checkbox key={c.accessor} value={c.accessor} label={c.label} disabled={shown.length === 1 && shown[0] === c.accessor} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Stack gap={6}>
            <Text size="sm" fw={500} id={densityLabelId}>
              {t('data-list.density')}
            </Text>
            <SegmentedControl
              fullWidth
              aria-labelledby={densityLabelId}
              value={preferences.density}
              onChange={(v) => preferences.setDensity(isDensity(v) ? v : 'comfortable')}
              data={TABLE_DENSITIES.map((d) => ({ value: d, label: t(`data-list.densities.${d}`) }))}
            />
          </Stack>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
