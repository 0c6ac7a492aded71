import { useMemo, type ReactNode } from 'react';
import { Loader, MultiSelect } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { UnitOption } from '@machines/processes/unit-options.machine';
import { useSendOnChange } from '@/components/actor-bridges';
import { unitPickerMachine } from '@/components/unit-picker';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';

const pickerMachine = unitPickerMachine();
type Snap = SnapshotFrom<typeof pickerMachine>;
const selectOptions = (s: Snap) => s.context.options;
const selectFailed = (s: Snap) => s.matches({ search: 'failed' });
const selectBusy = (s: Snap) => s.hasTag('loading');
const selectChosen = (s: Snap) => s.context.chosen;

const labelOf = (unit: Pick<UnitOption, 'name' | 'hostname'>) => `${unit.name} (${unit.hostname})`;

/**
 * Several units, searched by the server (an organization may have 10,000). The chosen units keep
 * their labels when a later search no longer lists them; ids not seen in a search (a saved rule)
 * are looked up once for their names (the picker machine's `chosen` region).
 */
export function UnitMultiPicker({
  value,
  onChange,
  label,
  nothingFound,
  loadFailed,
  error,
  required,
}: {
  value: string[];
  onChange: (ids: string[]) => void;
  label: string;
  nothingFound: string;
  loadFailed: string;
  error?: ReactNode;
  required?: boolean;
}) {
  const actor = useScreenActor(pickerMachine, { input: {} });
  const options = useSelector(actor, selectOptions);
  const failed = useSelector(actor, selectFailed);
  const busy = useSelector(actor, selectBusy);
  // The units chosen so far, as the machine knows them: display data only, the chosen ids live in the form.
  const chosen = useSelector(actor, selectChosen);
  const listed = useMemo(() => new Map(options.map((o) => [o.id, labelOf(o)])), [options]);
  useSendOnChange(actor, value.join(','), (ids) => ({ type: 'units.chosen' as const, ids: ids ? ids.split(',') : [] }));

  const data = useMemo(() => {
    const shown = new Set<string>();
    const items: { value: string; label: string }[] = [];
    for (const id of value) {
      shown.add(id);
      const unit = chosen[id];
      items.push({ value: id, label: unit ? labelOf(unit) : (listed.get(id) ?? id) });
    }
    for (const o of options) if (!shown.has(o.id)) items.push({ value: o.id, label: labelOf(o) });
    return items;
  }, [value, options, chosen, listed]);

  return (
    <MultiSelect
      label={label}
      required={required}
      data={data}
      value={value}
      // The machine keeps the picked units' names (units.chosen) before a later search drops them from the options.
      onChange={onChange}
      searchable
      hidePickedOptions
      // The server already searched; do not filter its answer again by the label.
      filter={({ options: all }) => all}
      onSearchChange={(search) => actor.send({ type: 'units.search', search })}
      nothingFoundMessage={nothingFound}
      rightSection={busy ? <Loader size="xs" /> : undefined}
      error={error ?? (failed ? loadFailed : undefined)}
    />
  );
}
