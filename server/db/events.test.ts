import { describe, expect, it, vi } from 'vitest';
import { EVENTS_COLLECTION, eventsAfter, type EventReader, type EventRecord, type EventRepository, type NewEvent } from '../../core/events';
import { createRandom } from '../../core/random';
import type { LiveEventType } from '../../machines/domain/types';
import { memoryEvents } from '../../mirage/events';
import { sqlTargets } from '../test-support/database';
import { repositoryPair, repositoryParity } from '../test-support/repository-parity';
import { createSqlEvents } from './events';
import { createPgStore } from './store';
import { inUnitOfWork, noAppends, storeAppends } from './unit-of-work';

/*
 * The live events in PostgreSQL answer what the embedded backend answers from memory, over the same
 * generated outbox (ids past 9, so text order would differ from number order; every type; two
 * organizations and none; ages either side of a day): the newest id, a page after any cursor, a reader's
 * page filtered by the read rule, appends numbered past every stored event in commit order, and pruning.
 * On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const TYPES: LiveEventType[] = [
  'unit.changed',
  'unit.deleted',
  'processes.changed',
  'screenshot.captured',
  'user.changed',
  'organization.changed',
];
const HOUR = 3_600_000;
const NOW = Date.parse('2026-12-01T12:00:00.000Z');
const COUNT = 40;

function generate(): EventRecord[] {
  const random = createRandom(24);
  return Array.from({ length: COUNT }, (_, i) => {
    const type = TYPES[Math.floor(random() * TYPES.length)] as LiveEventType;
    return {
      id: String(i + 1),
      type,
      // Older first, some beyond a day, some at the same instant.
      at: new Date(NOW - (COUNT - i) * HOUR + (i % 4 === 0 ? HOUR : 0)).toISOString(),
      organizationId: i % 7 === 0 ? null : i % 3 === 0 ? '2' : '1',
      subjectId: String(100 + i),
      unitId: type.startsWith('unit') || type === 'processes.changed' ? String(100 + i) : null,
      data: {},
    } as EventRecord;
  });
}

const events = generate();
const ids = (rows: readonly { id: string | number }[]) => rows.map((row) => String(row.id));
const fresh = (subjectId: string): NewEvent => ({
  type: 'unit.deleted',
  at: new Date(NOW).toISOString(),
  organizationId: '1',
  subjectId,
  unitId: subjectId,
  data: {},
});
/** A user of organization 1 (role 4): units and screenshots of their own organization only. */
const ofOrganizationOne: EventReader = (resource, organizationId) =>
  organizationId === '1' && (resource === 'serviceUnit' || resource === 'screenshot');

describe.each(sqlTargets())('the live events in PostgreSQL on $name', (target) => {
  const suite = repositoryParity(target, { [EVENTS_COLLECTION]: events });
  const { write } = suite;
  const { memory, stored } = repositoryPair<EventRepository>(suite, memoryEvents, (sql) => createSqlEvents(sql));

  /**
   * Until every stored event is numbered: the relay holds one back while any transaction that began before
   * its own runs, and on a shared PostgreSQL server other tests' transactions count too.
   */
  const settled = () =>
    vi.waitFor(
      async () => {
        const outbox = createSqlEvents(suite.sql);
        await outbox.relay();
        outbox.stop();
        const { rows } = await suite.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM live_events WHERE position IS NULL');
        expect(rows[0]?.n).toBe(0);
      },
      { timeout: 15_000, interval: 20 },
    );

  const expectAlike = async () => {
    await settled();
    expect(await stored.newestId()).toBe(await memory.newestId());
    const newest = await memory.newestId();
    for (const cursor of [0, 1, 5, 9, 10, 33, newest - 1, newest, newest + 5]) {
      for (const limit of [1, 7, 500]) {
        expect(ids(await stored.after(cursor, limit)), `after ${cursor}, ${limit}`).toEqual(ids(await memory.after(cursor, limit)));
      }
      for (const limit of [1, 3, 200]) {
        const [a, b] = [
          await eventsAfter(stored, ofOrganizationOne, String(cursor), limit),
          await eventsAfter(memory, ofOrganizationOne, String(cursor), limit),
        ];
        expect(a, `a reader's page after ${cursor}, ${limit}`).toEqual(b);
      }
    }
  };

  it('answer the newest id and the pages after a cursor, by number, as memory does', async () => {
    await expectAlike();
    expect(await memory.newestId()).toBe(COUNT);
    expect(ids(await stored.after(9, 2))).toEqual(['10', '11']);
    // A reader passes the events it may not see: the cursor moves past them, and it never asks for them again.
    const page = await eventsAfter(stored, ofOrganizationOne, '0', 3);
    expect(page.items.every((event) => event.organizationId === '1')).toBe(true);
    expect(Number(page.lastId)).toBeGreaterThan(3);
    expect(await eventsAfter(stored, ofOrganizationOne, null, 3)).toEqual({ items: [], lastId: String(COUNT) });
  });

  it('number appended events past every stored one when the unit of work is stored, in commit order', async () => {
    await write(async () => {
      stored.append(fresh('a'));
      stored.append(fresh('b'));
      // Not stored before the unit succeeds: nothing reads an appended event back within it.
      expect(await stored.newestId()).toBe(COUNT);
    });
    memory.append(fresh('a'));
    memory.append(fresh('b'));
    // Three units of one group (one transaction), as the server runs them: what they appended is stored
    // once after the last, the second's numbers following the first's, the failed one's not at all.
    const store = createPgStore(suite.sql);
    await store.writing(async (tx) => {
      const appends = noAppends();
      const group = { appends, alone: false };
      await inUnitOfWork(tx, async () => stored.append(fresh('c')), store.writeBatch, group);
      const failing = inUnitOfWork(
        tx,
        async () => {
          stored.append(fresh('failed'));
          throw new Error('the change failed');
        },
        store.writeBatch,
        group,
      );
      await expect(failing).rejects.toThrow('the change failed');
      await inUnitOfWork(tx, async () => stored.append(fresh('d')), store.writeBatch, group);
      await storeAppends(tx, appends, store.writeBatch);
    });
    memory.append(fresh('c'));
    memory.append(fresh('d'));
    await settled();
    const appended = await stored.after(COUNT, 10);
    expect(appended.map((event) => [event.id, event.subjectId])).toEqual([
      [String(COUNT + 1), 'a'],
      [String(COUNT + 2), 'b'],
      [String(COUNT + 3), 'c'],
      [String(COUNT + 4), 'd'],
    ]);
    await expectAlike();
  });

  it('drop a failed unit’s events with it', async () => {
    await expect(
      write(async () => {
        stored.append(fresh('lost'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await stored.newestId()).toBe(COUNT + 4);
  });

  it('prune beyond the newest ones and older than a day, keeping the newest, as memory does', async () => {
    const before = new Date(NOW - 24 * HOUR).toISOString();
    const pruned = await write(() => stored.prune(30, before));
    expect(pruned).toBe(await memory.prune(30, before));
    expect(pruned).toBeGreaterThan(COUNT + 4 - 30);
    await expectAlike();
    expect(await write(() => stored.prune(1, new Date(NOW + HOUR).toISOString()))).toBe(
      await memory.prune(1, new Date(NOW + HOUR).toISOString()),
    );
    expect(ids(await stored.after(0, 10))).toEqual([String(COUNT + 4)]);
    await expectAlike();
  });

  it('never give a number again, even one whose event is gone', async () => {
    await suite.sql.query('DELETE FROM live_events WHERE position = $1', [COUNT + 4]);
    expect(await stored.newestId()).toBe(0);
    await write(async () => stored.append(fresh('e')));
    await settled();
    expect(ids(await stored.after(0, 10))).toEqual([String(COUNT + 5)]);
  });

  it('number an event only once every transaction that began before it has ended, so a reader never passes one', async ({ skip }) => {
    // Two transactions at once need two connections: PostgreSQL's pool (PGlite runs one at a time).
    if (suite.sql.kind !== 'postgres') skip();
    const outbox = createSqlEvents(suite.sql);
    const newest = await outbox.newestId();
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    let appended: () => void = () => undefined;
    const early = new Promise<void>((resolve) => (appended = resolve));
    const store = createPgStore(suite.sql);
    // The first change appends its event, and stays open.
    const first = store.writing(async (tx) => {
      await inUnitOfWork(tx, async () => outbox.append(fresh('first')), store.writeBatch);
      appended();
      await held;
    });
    await early;
    // A second one, begun later, commits first.
    await write(async () => outbox.append(fresh('second')));
    // A reader now sees neither: numbering the second would let a cursor pass the first.
    expect(await outbox.after(newest, 10)).toEqual([]);
    release();
    await first;
    await settled();
    const page = await outbox.after(newest, 10);
    outbox.stop();
    expect(page.map((event) => [event.id, event.subjectId])).toEqual([
      [String(newest + 1), 'first'],
      [String(newest + 2), 'second'],
    ]);
  });
});
