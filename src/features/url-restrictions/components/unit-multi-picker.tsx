import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Loader, MultiSelect } from '@mantine/core';
import { useSelector } from '@xstate/react';
import type { SnapshotFrom } from 'xstate';
import type { UnitOption } from '@machines/processes/unit-options.machine';
import { unitPickerMachine } from '@/components/unit-picker';
import { getUnitOption } from '@/components/unit-picker/unit-picker-api';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';

const pickerMachine = unitPickerMachine();
type Snap = SnapshotFrom<typeof pickerMachine>;
const selectOptions = (s: Snap) => s.context.options;
const selectFailed = (s: Snap) => s.matches({ search: 'failed' });
const selectBusy = (s: Snap) => s.hasTag('loading');

const labelOf = (unit: Pick<UnitOption, 'name' | 'hostname'>) => `${unit.name} (${unit.hostname})`;

/**
 * Several units, searched by the server (an organization may have 10,000). The chosen units keep
 * their labels when a later search no longer lists them; ids not seen in a search (a saved rule)
 * are looked up once for their names.
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
  // Labels of the units chosen so far: display data only, the chosen ids live in the form.
  const [labels, setLabels] = useState<ReadonlyMap<string, string>>(() => new Map());
  const listed = useMemo(() => new Map(options.map((o) => [o.id, labelOf(o)])), [options]);

  const unknown = value.filter((id) => !labels.has(id) && !listed.has(id)).join(',');
  useEffect(() => {
    if (!unknown) return;
    const controller = new AbortController();
    const ids = unknown.split(',');
    void Promise.allSettled(ids.map((id) => getUnitOption(id, controller.signal))).then((results) => {
      if (controller.signal.aborted) return;
      setLabels((known) => {
        const next = new Map(known);
        // A unit that cannot be looked up (deleted meanwhile) still shows, by its id.
        results.forEach((r, i) => next.set(ids[i] ?? '', r.status === 'fulfilled' ? labelOf(r.value) : (ids[i] ?? '')));
        return next;
      });
    });
    return () => controller.abort();
  }, [unknown]);

  const data = useMemo(() => {
    const shown = new Set<string>();
    const items: { value: string; label: string }[] = [];
    for (const id of value) {
      shown.add(id);
      items.push({ value: id, label: labels.get(id) ?? listed.get(id) ?? id });
    }
    for (const o of options) if (!shown.has(o.id)) items.push({ value: o.id, label: labelOf(o) });
    return items;
  }, [value, options, labels, listed]);

  return (
    <MultiSelect
      label={label}
      required={required}
      data={data}
      value={value}
      onChange={(ids) => {
        // Remember the picked units' names before a later search drops them from the options.
        setLabels((known) => {
          const next = new Map(known);
          for (const id of ids) {
            const name = listed.get(id);
            if (name) next.set(id, name);
          }
          return next;
        });
        onChange(ids);
      }}
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
