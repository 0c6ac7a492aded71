import { describe, expect, it } from 'vitest';
import type { ProcessRecord, ProcessRepository } from '../../core/processes';
import { createRandom } from '../../core/random';
import { table } from '../../mirage/db';
import { memoryProcesses } from '../../mirage/domains/processes';
import { sqlTargets } from '../test-support/database';
import { ruleOwners } from '../test-support/fixtures/rule-owners';
import { repositoryPair, repositoryParity } from '../test-support/repository-parity';
import { createSqlProcesses, PROCESSES } from './processes';

/*
 * The processes in PostgreSQL answer what the embedded backend answers from memory, over the same
 * generated processes (running and ended for each reason, at times on and around the bounds asked, on
 * numeric and UUID units): a unit's running ones, the dashboard's count, the hourly prune and a unit's
 * deletion. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const UNITS = ['1', '2', '10', '0192f3a0-0002-7abc-8def-000000000002'];
const TIMES = ['2026-11-26T22:59:59.999Z', '2026-11-26T23:00:00.000Z', '2026-11-27T00:00:00.000Z', '2026-11-27T00:00:00.001Z'];
const REASONS = ['user', 'rule', 'exit'] as const;

function generate(): ProcessRecord[] {
  const random = createRandom(8);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  return Array.from({ length: 300 }, (_, i) => {
    const ended = random() < 0.6;
    return {
      id: i % 5 === 0 ? `0192f3a1-${String(i).padStart(4, '0')}-7abc-8def-000000000000` : String(i + 1),
      serviceUnitId: pick(UNITS),
      name: `p-${i % 17}`,
      pid: 100 + i,
      user: 'svc',
      cpuPercent: 1,
      memoryMb: 10,
      startedAt: '2026-11-26T00:00:00.000Z',
      state: ended ? 'ended' : 'running',
      endedAt: ended ? pick(TIMES) : null,
      endedReason: ended ? pick(REASONS) : null,
    };
  });
}

const records = generate();
const ids = (rows: readonly { id: string | number }[]) => rows.map((row) => String(row.id)).sort();

describe.each(sqlTargets())('the processes in PostgreSQL on $name', (target) => {
  // A process's unit exists (its foreign key).
  const suite = repositoryParity(target, { ...ruleOwners(['1'], UNITS), [PROCESSES]: records });
  const { write } = suite;
  const { memory, stored } = repositoryPair<ProcessRepository>(suite, memoryProcesses, createSqlProcesses);

  it('answers a unit’s running processes, one process, and the count of those ended since an instant', async () => {
    for (const unit of [...UNITS, 'no-unit', 'a\0b']) expect(ids(await stored.running(unit))).toEqual(ids(await memory.running(unit)));
    for (const record of records.slice(0, 20)) expect(await stored.get(String(record.id))).toEqual(await memory.get(String(record.id)));
    expect(await stored.get('no-such-id')).toBeUndefined();
    for (const reason of REASONS) {
      for (const since of ['', ...TIMES, '2099-01-01T00:00:00.000Z']) {
        for (const units of ['all', ['1'], ['2', '10'], [], ['0192f3a0-0002-7abc-8def-000000000002', 'a\0b']] as const) {
          const label = `${reason} since ${since} of ${String(units)}`;
          expect(await stored.countEnded(reason, since, units), label).toBe(await memory.countEnded(reason, since, units));
        }
      }
    }
  });

  it('prunes what quit by itself before an instant, and removes a unit’s processes, as memory does', async () => {
    const all = async (repository: ProcessRepository) => ids((await Promise.all(UNITS.map((unit) => repository.running(unit)))).flat());
    const remaining = async () => (await suite.sql.query<{ id: string }>('SELECT id FROM processes')).rows.map((row) => row.id).sort();

    await memory.pruneExitedBefore(TIMES[2] as string);
    await write(() => stored.pruneExitedBefore(TIMES[2] as string));
    expect(await remaining()).toEqual(ids(table<ProcessRecord>(suite.mirage.db, PROCESSES).all()));
    expect(await remaining()).not.toHaveLength(records.length);

    await memory.removeOfUnit('10');
    await write(() => stored.removeOfUnit('10'));
    expect(await remaining()).toEqual(ids(table<ProcessRecord>(suite.mirage.db, PROCESSES).all()));
    expect(await all(stored)).toEqual(await all(memory));
    expect(await stored.running('10')).toEqual([]);
  });
});
