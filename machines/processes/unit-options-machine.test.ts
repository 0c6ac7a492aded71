import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, SimulatedClock, waitFor } from 'xstate';
import { optionsWithSelected, unitOptionsMachine, type UnitOption } from './unit-options-machine';

const unit = (id: string): UnitOption => ({ id, name: `Unit ${id}`, hostname: `h${id}`, status: 'online' });

describe('unit options machine', () => {
  it('loads the first options, then searches on the server after a pause in typing', async () => {
    const clock = new SimulatedClock();
    const searchUnits = vi.fn(async ({ input }: { input: { search: string } }) => (input.search ? [unit('9')] : [unit('1'), unit('2')]));
    const actor = createActor(unitOptionsMachine.provide({ actors: { searchUnits: fromPromise(searchUnits) } }), { clock, input: {} }).start();
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.options.map((o) => o.id)).toEqual(['1', '2']);
    actor.send({ type: 'units.search', search: 'k' });
    clock.increment(100);
    actor.send({ type: 'units.search', search: 'kiosk ' });
    clock.increment(249);
    expect(searchUnits).toHaveBeenCalledTimes(1);
    clock.increment(1);
    await waitFor(actor, (s) => s.matches('ready'));
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
    await waitFor(actor, (s) => s.matches('failed'));
    actor.send({ type: 'units.retry' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context.options).toHaveLength(1);
  });

  it('keeps the chosen unit among the options', () => {
    expect(optionsWithSelected({ options: [unit('1')], selected: unit('7') }).map((o) => o.id)).toEqual(['7', '1']);
    expect(optionsWithSelected({ options: [unit('1')], selected: unit('1') }).map((o) => o.id)).toEqual(['1']);
  });
});
