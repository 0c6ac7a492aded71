import { createEventHub, wakeFor, type Wake } from './hub';

/* Who a wake-up reaches: every stream, and only the long polls of the units whose commands were stored. */

describe('the event hub', () => {
  const commandsOf = (...unitIds: string[]): Wake => ({ events: false, commandUnitIds: new Set(unitIds) });

  it('tells every general listener of every wake-up, and a unit’s listener only of its commands', () => {
    const hub = createEventHub();
    const stream: Wake[] = [];
    const pollA: Wake[] = [];
    const pollB: Wake[] = [];
    hub.subscribe((wake) => stream.push(wake));
    hub.subscribe((wake) => pollA.push(wake), { commandsOf: 'A' });
    hub.subscribe((wake) => pollB.push(wake), { commandsOf: 'B' });

    hub.wake(commandsOf('B'));
    hub.wake({ events: true, commandUnitIds: new Set() });
    expect(pollA).toHaveLength(0);
    expect(pollB).toHaveLength(1);
    expect(stream).toHaveLength(2);

    // Unknown units (another instance's rows read without a unit): everybody.
    hub.wake();
    expect([stream.length, pollA.length, pollB.length]).toEqual([3, 1, 2]);
  });

  it('forgets a listener that unsubscribed, once, and counts who listens', () => {
    const hub = createEventHub();
    const told: string[] = [];
    const stop = hub.subscribe(() => told.push('poll'), { commandsOf: 'A' });
    hub.subscribe(() => told.push('stream'));
    expect(hub.size).toBe(2);
    stop();
    stop();
    expect(hub.size).toBe(1);
    hub.wake(commandsOf('A'));
    expect(told).toEqual(['stream']);
  });

  it('lets a listener unsubscribe while it is told, and keeps telling the others when one throws', () => {
    const hub = createEventHub();
    const told: string[] = [];
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const stop = hub.subscribe(() => {
      told.push('first');
      stop();
      throw new Error('broken listener');
    });
    hub.subscribe(() => told.push('second'));
    hub.wake();
    hub.wake();
    expect(told).toEqual(['first', 'second', 'second']);
    expect(logged).toHaveBeenCalledTimes(1);
    logged.mockRestore();
  });

  it('wakes for stored events and commands only, naming the commands’ units', () => {
    expect(wakeFor([{ collection: 'serviceUnits', row: { id: '1' } }])).toBeNull();
    // A deleted command wakes nobody: nobody waits for a command to go.
    expect(wakeFor([{ collection: 'commands', row: null }])).toBeNull();
    expect(wakeFor([{ collection: 'events', row: { id: '9' } }])).toEqual({ events: true, commandUnitIds: new Set() });
    expect(
      wakeFor([
        { collection: 'commands', row: { id: '1', serviceUnitId: '33' } },
        { collection: 'commands', row: { id: '2', serviceUnitId: '34' } },
      ]),
    ).toEqual({ events: false, commandUnitIds: new Set(['33', '34']) });
  });

  it('wakes a unit’s long poll when its agent is revoked, and not for any other change of the unit', () => {
    const agent = { kind: 'enrolled', revokedAt: null };
    expect(wakeFor([{ collection: 'serviceUnits', row: { id: '7', agent } }])).toBeNull();
    expect(wakeFor([{ collection: 'serviceUnits', row: { id: '7', agent: null } }])).toBeNull();
    expect(wakeFor([{ collection: 'serviceUnits', row: { id: '7', agent: { ...agent, revokedAt: '2026-12-06T12:00:00.000Z' } } }])).toEqual(
      commandsOf('7'),
    );
  });

  it('wakes every held long poll when a unit is deleted, so its agent learns at once that its credential is gone', () => {
    expect(wakeFor([{ collection: 'serviceUnits', row: null }])).toEqual({ events: false, commandUnitIds: null });
  });

  it('wakes the long polls whose agents’ config a rule change may touch: a process rule’s unit, any unit for a URL rule', () => {
    expect(wakeFor([{ collection: 'processRules', row: { id: '5', serviceUnitId: '33' } }])).toEqual(commandsOf('33'));
    // Deleted, or a URL rule (its scope may just have left a unit, or be the whole organization): any unit.
    expect(wakeFor([{ collection: 'processRules', row: null }])).toEqual({ events: false, commandUnitIds: null });
    expect(wakeFor([{ collection: 'urlRestrictions', row: { id: '7', scope: { kind: 'units', unitIds: ['33'] } } }])).toEqual({
      events: false,
      commandUnitIds: null,
    });
    expect(wakeFor([{ collection: 'urlRestrictions', row: null }])).toEqual({ events: false, commandUnitIds: null });
  });
});
