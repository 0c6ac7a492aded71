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
