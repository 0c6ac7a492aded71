import { useMemo, useState } from 'react';
import { Badge, Group, Loader, Select, Text, type SelectProps } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { fromPromise, type SnapshotFrom } from 'xstate';
import type { UnitStatus } from '@machines/domain/types';
import { optionsWithSelected, unitOptionsMachine, type UnitOption } from '@machines/processes/unit-options.machine';
import { getUnitOption, searchUnitOptions } from './unit-picker-api';
import { useSendOnChange } from '@/components/actor-bridges';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';

/** Where the picker's units come from: the units list by default; a screen may search its own endpoint. */
export interface UnitSource {
  search: (search: string, signal: AbortSignal) => Promise<UnitOption[]>;
  fetchOne: (id: string, signal: AbortSignal) => Promise<UnitOption>;
}

const DEFAULT_SOURCE: UnitSource = { search: searchUnitOptions, fetchOne: getUnitOption };

/** The unit-options machine searching `source` (the units list by default): the one wiring of both pickers. */
export const unitPickerMachine = (source: UnitSource = DEFAULT_SOURCE) =>
  unitOptionsMachine.provide({
    actors: {
      searchUnits: fromPromise(({ input, signal }) => source.search(input.search, signal)),
      fetchUnit: fromPromise(({ input, signal }) => source.fetchOne(input.id, signal)),
      fetchUnits: fromPromise(async ({ input, signal }) => {
        const results = await Promise.allSettled(input.ids.map((id) => source.fetchOne(id, signal)));
        return results.map((r) => (r.status === 'fulfilled' ? r.value : null));
      }),
    },
  });
const pickerMachine = unitPickerMachine();
type Snap = SnapshotFrom<typeof pickerMachine>;
const selectOptions = (s: Snap) => optionsWithSelected(s.context);
const selectMissing = (s: Snap) => s.context.missingId;
const selectFailed = (s: Snap) => s.matches({ search: 'failed' });
const selectBusy = (s: Snap) => s.hasTag('loading') || s.hasTag('resolving');

const STATUS_COLOR: Record<UnitStatus, string> = { online: 'teal', offline: 'gray', maintenance: 'orange' };

export interface UnitPickerText {
  label: string;
  placeholder: string;
  nothingFound: string;
  notFound: string;
  loadFailed: string;
  status: (status: UnitStatus) => string;
}

/** A searchable unit select; the server searches, so it scales to thousands of units. */
export function UnitPicker({
  value,
  onChange,
  text,
  clearable = false,
  w,
  description,
  source,
}: {
  value: string | null;
  onChange: (id: string | null) => void;
  text: UnitPickerText;
  clearable?: boolean;
  /** A number, a string or per-breakpoint widths ({ base: '100%', sm: 340 }). */
  w?: SelectProps['w'];
  /** A hint under the label that wraps, for text too long for a placeholder on a phone. */
  description?: string;
  /** Read once, when the picker mounts (give it a new key to change it). */
  source?: UnitSource;
}) {
  const [machine] = useState(() => (source ? unitPickerMachine(source) : pickerMachine));
  const actor = useScreenActor(machine, { input: {} });
  const options = useSelector(actor, selectOptions);
  const missingId = useSelector(actor, selectMissing);
  const failed = useSelector(actor, selectFailed);
  const busy = useSelector(actor, selectBusy);

  // A unit chosen elsewhere (a link) that the options do not list yet: look it up for its name.
  useSendOnChange(actor, value, (id) => {
    const { options: known, selected } = actor.getSnapshot().context;
    return id && !known.some((o) => o.id === id) && selected?.id !== id ? { type: 'units.resolve' as const, id } : null;
  });

  const byId = useMemo(() => new Map(options.map((o) => [o.id, o])), [options]);
  const data = useMemo(() => options.map((o) => ({ value: o.id, label: o.name })), [options]);
  const error = value && missingId === value ? text.notFound : failed ? text.loadFailed : undefined;

  return (
    <Select
      label={text.label}
      description={description}
      placeholder={text.placeholder}
      data={data}
      value={value && byId.has(value) ? value : null}
      onChange={(id) => {
        const option = id ? byId.get(id) : undefined;
        actor.send({ type: 'units.known', unit: option ?? null });
        onChange(id);
      }}
      searchable
      clearable={clearable}
      // The server already searched; do not filter its answer again by the label.
      filter={({ options: all }) => all}
      onSearchChange={(search) => {
        const current = value ? byId.get(value) : undefined;
        if (search !== current?.name) actor.send({ type: 'units.search', search });
      }}
      nothingFoundMessage={text.nothingFound}
      rightSection={busy ? <Loader size="xs" /> : undefined}
      error={error}
      w={w}
      maw="100%"
      renderOption={({ option }) => {
        const unit = byId.get(option.value);
        return (
          <Group justify="space-between" wrap="nowrap" w="100%">
            <div>
              <Text size="sm">{option.label}</Text>
              {unit && (
                <Text size="xs" c="dimmed">
                  {unit.hostname}
                </Text>
              )}
            </div>
            {unit && (
              <Badge size="xs" variant="light" color={STATUS_COLOR[unit.status]}>
                {text.status(unit.status)}
              </Badge>
            )}
          </Group>
        );
      }}
    />
  );
}
