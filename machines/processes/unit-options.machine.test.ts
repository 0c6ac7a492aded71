import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { optionsWithSelected, unitOptionsMachine, type UnitOption } from './unit-options.machine';

const unit = (id: string): UnitOption => ({ id, name: `Unit ${id}`, hostname: `h${id}`, status: 'online' });

describe('unit options machine', () => {
  it('loads the first options, then searches on the server after a pause in typing', async () => {
    const clock = new SimulatedClock();
    const searchUnits = vi.fn(async ({ input }: { input: { search: string } }) => (input.search ? [unit('9')] : [unit('1'), unit('2')]));
    const actor = createActor(unitOptionsMachine.provide({ actors: { searchUnits: fromPromise(searchUnits) } }), {
      clock,
      input: {},
    }).start();
    await waitFor(actor, (s) => s.matches({ search: 'ready' }));
    expect(actor.getSnapshot().context.options.map((o) => o.id)).toEqual(['1', '2']);
    actor.send({ type: 'units.search', search: 'k' });
    clock.increment(100);
    actor.send({ type: 'units.search', search: 'kiosk ' });
    clock.increment(249);
    expect(searchUnits).toHaveBeenCalledTimes(1);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches({ search: 'ready' }));
    expect(searchUnits.mock.calls[1]?.[0].input).toEqual({ search: 'kiosk' });
    expect(actor.getSnapshot().context.options.map((o) => o.id)).toEqual(['9']);
  });

  it('fails with retry', async () => {
    let n = 0;
    const actor = createActor(
      unitOptionsMachine.provide({
        actors: {
          searchUnits: fromPromise(async () => {
            n += 1;
            if (n === 1) throw new Error('down');
            return [unit('1')];
          }),
        },
      }),
      { input: {} },
    ).start();
    await waitFor(actor, (s) => s.matches({ search: 'failed' }));
    actor.send({ type: 'units.retry' });
    await waitFor(actor, (s) => s.matches({ search: 'ready' }));
    expect(actor.getSnapshot().context.options).toHaveLength(1);
  });

  it('resolves a linked unit by id, and says when it does not exist', async () => {
    const fetchUnit = fromPromise(async ({ input }: { input: { id: string } }) => {
      if (input.id === '404') throw Object.assign(new Error('Service unit not found'), { status: 404 });
      return unit(input.id);
    });
    const actor = createActor(
      unitOptionsMachine.provide({ actors: { searchUnits: fromPromise(async (): Promise<UnitOption[]> => []), fetchUnit } }),
      { input: {} },
    ).start();
    actor.send({ type: 'units.resolve', id: '5' });
    await waitFor(actor, (s) => s.context.selected !== null);
    expect(actor.getSnapshot().context.selected?.name).toBe('Unit 5');
    actor.send({ type: 'units.resolve', id: '404' });
    await waitFor(actor, (s) => s.context.missingId === '404');
    expect(actor.getSnapshot().context.selected).toBeNull();
  });

  it('keeps the chosen unit among the options', () => {
    expect(optionsWithSelected({ options: [unit('1')], selected: unit('7') }).map((o) => o.id)).toEqual(['7', '1']);
    expect(optionsWithSelected({ options: [unit('1')], selected: unit('1') }).map((o) => o.id)).toEqual(['1']);
  });
});

describe('unit options machine: the multi-select’s chosen units', () => {
  it('keeps a picked unit as the search listed it, and looks up once the ids no search listed', async () => {
    const searchUnits = vi.fn(async ({ input }: { input: { search: string } }) => (input.search ? [unit('9')] : [unit('1')]));
    const fetchUnits = vi.fn(async ({ input }: { input: { ids: string[] } }) => input.ids.map((id) => (id === 'gone' ? null : unit(id))));
    const actor = createActor(
      unitOptionsMachine.provide({ actors: { searchUnits: fromPromise(searchUnits), fetchUnits: fromPromise(fetchUnits) } }),
      { input: { debounceMs: 0 } },
    ).start();
    await waitFor(actor, (s) => s.matches({ search: 'ready' }));
    actor.send({ type: 'units.chosen', ids: ['1', '7', 'gone'] });
    // The same ids again while they are looked up: one lookup.
    actor.send({ type: 'units.chosen', ids: ['1', '7', 'gone'] });
    await waitFor(actor, (s) => s.matches({ chosen: 'idle' }));
    expect(fetchUnits).toHaveBeenCalledTimes(1);
    expect(fetchUnits.mock.calls[0]?.[0].input).toEqual({ ids: ['7', 'gone'] });
    expect(actor.getSnapshot().context.chosen).toEqual({ '1': unit('1'), '7': unit('7'), gone: null });

    // A later search no longer lists unit 1: it is still known.
    actor.send({ type: 'units.search', search: 'nine' });
    await waitFor(actor, (s) => s.context.options[0]?.id === '9');
    actor.send({ type: 'units.chosen', ids: ['1', '7'] });
    expect(actor.getSnapshot().matches({ chosen: 'idle' })).toBe(true);
    expect(fetchUnits).toHaveBeenCalledTimes(1);
  });

  it('drops a lookup no longer needed', async () => {
    const signals: AbortSignal[] = [];
    const fetchUnits = fromPromise<(UnitOption | null)[], { ids: string[] }>(
      ({ signal }) =>
        new Promise(() => {
          signals.push(signal);
        }),
    );
    const actor = createActor(
      unitOptionsMachine.provide({ actors: { searchUnits: fromPromise<UnitOption[], { search: string }>(async () => []), fetchUnits } }),
      {
        input: {},
      },
    ).start();
    actor.send({ type: 'units.chosen', ids: ['7'] });
    expect(actor.getSnapshot().matches({ chosen: 'fetching' })).toBe(true);
    actor.send({ type: 'units.chosen', ids: [] });
    expect(actor.getSnapshot().matches({ chosen: 'idle' })).toBe(true);
    expect(signals[0]?.aborted).toBe(true);
  });
});
