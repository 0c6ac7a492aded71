import { beforeAll, describe, expect, it } from 'vitest';
import type { CaptureRequestRecord, CaptureRequestRepository } from '../../core/capture-requests';
import type { CommandRecord, CommandRepository } from '../../core/commands';
import { createRandom } from '../../core/random';
import type { CommandStatus } from '../../machines/domain/types';
import { table } from '../../mirage/db';
import { memoryCaptureRequests } from '../../mirage/capture-requests';
import { memoryCommands } from '../../mirage/commands';
import { sqlTargets } from '../test-support/database';
import { ruleOwners } from '../test-support/fixtures/rule-owners';
import { repositoryParity } from '../test-support/repository-parity';
import { CAPTURE_REQUESTS, createSqlCaptureRequests } from './capture-requests';
import { COMMANDS, createSqlCommands } from './commands';

/*
 * The agents' commands and the capture requests in PostgreSQL answer what the embedded backend answers from
 * memory, over the same generated records (units with numeric and UUID ids, every status, commands issued in
 * the same millisecond): a unit's pending and unfinished commands in the order an agent gets them, the units
 * with pending commands, one record, pruning and a unit's deletion. On PGlite, and on PostgreSQL when
 * TEST_DATABASE_URL is set.
 */

const UNITS = ['1', '2', '10', '0192f3a0-0003-7abc-8def-000000000003'];
const STATUSES: CommandStatus[] = ['pending', 'sent', 'succeeded', 'failed', 'refused', 'notSupported'];
const DAY = 86_400_000;
const NOW = Date.parse('2026-12-01T12:00:00.000Z');

function generate(): { commands: CommandRecord[]; captures: CaptureRequestRecord[] } {
  const random = createRandom(11);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(random() * values.length)] as T;
  const commands = Array.from({ length: 120 }, (_, i): CommandRecord => {
    const status = pick(STATUSES);
    // Few distinct instants: ties are broken by id, in the same order in both stores.
    const issued = NOW - Math.floor(random() * 6) * DAY;
    return {
      id: i % 3 === 0 ? `0192f3a2-${String(i).padStart(4, '0')}-7abc-8def-000000000000` : String(i + 1),
      serviceUnitId: pick(UNITS),
      organizationId: '1',
      kind: random() < 0.5 ? 'endProcess' : 'captureScreenshot',
      status,
      processId: null,
      pid: random() < 0.5 ? 100 + i : null,
      captureRequestId: null,
      issuedAt: new Date(issued).toISOString(),
      issuedBy: '4',
      finishedAt: status === 'pending' || status === 'sent' ? null : new Date(issued + 60_000).toISOString(),
      message: null,
    };
  });
  const captures = Array.from({ length: 40 }, (_, i): CaptureRequestRecord => {
    const status = pick(['pending', 'delivered', 'failed'] as const);
    return {
      id: String(i + 1),
      serviceUnitId: pick(UNITS),
      organizationId: '1',
      commandId: random() < 0.5 ? null : String(i + 500),
      requestedAt: NOW - Math.floor(random() * 3 * DAY),
      status,
      // What each status carries (capture_requests' CHECKs): a delivered one its screenshot, a failed one its reason.
      screenshotId: status === 'delivered' ? `s${i}` : null,
      failureReason: status === 'failed' ? pick(['unitOffline', 'refused', 'agentRevoked']) : null,
    };
  });
  return { commands, captures };
}

const { commands, captures } = generate();
const ids = (rows: readonly { id: string | number }[]) => rows.map((row) => String(row.id));

describe.each(sqlTargets())('the agents’ commands and capture requests in PostgreSQL on $name', (target) => {
  // A command's unit and organization exist (their foreign keys).
  const suite = repositoryParity(target, { ...ruleOwners(['1'], UNITS), [COMMANDS]: commands, [CAPTURE_REQUESTS]: captures });
  const { write } = suite;
  let memory: CommandRepository;
  let stored: CommandRepository;
  let memoryCaptures: CaptureRequestRepository;
  let storedCaptures: CaptureRequestRepository;
  beforeAll(() => {
    memory = memoryCommands(suite.mirage.db);
    stored = createSqlCommands(suite.sql);
    memoryCaptures = memoryCaptureRequests(suite.mirage.db);
    storedCaptures = createSqlCaptureRequests(suite.sql);
  });

  const expectAlike = async () => {
    for (const unit of [...UNITS, 'none', 'a\0b']) {
      expect(ids(await stored.pendingOf(unit)), `pending of ${unit}`).toEqual(ids(await memory.pendingOf(unit)));
      expect(ids(await stored.unfinishedOf(unit)), `unfinished of ${unit}`).toEqual(ids(await memory.unfinishedOf(unit)));
    }
    expect([...(await stored.unitsWithPending())].sort()).toEqual([...(await memory.unitsWithPending())].sort());
    for (const id of ['1', '4', String(commands[3]?.id), 'nope', 'a\0b']) expect(await stored.get(id), id).toEqual(await memory.get(id));
    for (const id of ['1', '7', 'nope']) expect(await storedCaptures.get(id), id).toEqual(await memoryCaptures.get(id));
  };

  it('answer a unit’s pending and unfinished commands, as issued, and the units with pending ones, as memory does', async () => {
    await expectAlike();
    const pending = await memory.pendingOf('1');
    expect(pending.length).toBeGreaterThan(1);
    expect((await memory.unfinishedOf('1')).length).toBeGreaterThan(pending.length);
  });

  it('store a new command, a fetched one (sent), a finished one and a capture’s delivery as memory does', async () => {
    const { id: _id, ...fresh } = {
      ...(commands[0] as CommandRecord),
      serviceUnitId: '2',
      status: 'pending' as const,
      issuedAt: new Date(NOW + 1).toISOString(),
      finishedAt: null,
    };
    const created = await write(() => stored.insert(fresh));
    table<CommandRecord>(suite.mirage.db, COMMANDS).insert({ ...created });
    const sent = (await memory.pendingOf('10')).map((c) => ({ ...c, status: 'sent' as const }));
    expect(sent.length).toBeGreaterThan(0);
    await write(() => stored.put(sent));
    await memory.put(sent);
    const delivery = { status: 'delivered', screenshotId: '99', failureReason: null } as const;
    const capture = await write(() => storedCaptures.update('7', delivery));
    await memoryCaptures.update('7', delivery);

    expect(ids(await stored.pendingOf('2'))).toContain(String(created.id));
    expect(await stored.pendingOf('10')).toEqual([]);
    expect(capture).toMatchObject({ id: '7', status: 'delivered', screenshotId: '99' });
    await expectAlike();
  });

  it('prune what finished (or was asked) before a day ago, and a deleted unit’s commands, as memory does', async () => {
    const before = new Date(NOW - 2 * DAY).toISOString();
    const pruned = await write(() => stored.removeFinishedBefore(before));
    expect(pruned).toBe(await memory.removeFinishedBefore(before));
    expect(pruned).toBeGreaterThan(0);
    const prunedCaptures = await write(() => storedCaptures.removeRequestedBefore(NOW - DAY));
    expect(prunedCaptures).toBe(await memoryCaptures.removeRequestedBefore(NOW - DAY));
    expect(prunedCaptures).toBeGreaterThan(0);
    await write(() => stored.removeOfUnit('1'));
    await memory.removeOfUnit('1');
    expect(await stored.unfinishedOf('1')).toEqual([]);
    await expectAlike();
  });

  it('keep a command of a unit that exists and a capture request, each with what its status carries; a unit’s commands go with it, its capture requests stay', async () => {
    const [command] = await stored.unfinishedOf('2');
    if (!command) throw new Error('Unit 2 has no unfinished command');
    await expect(write(() => stored.put([{ ...command, serviceUnitId: 'no-such-unit' }]))).rejects.toMatchObject({ code: '23503' });
    await expect(write(() => stored.put([{ ...command, finishedAt: new Date(NOW).toISOString() }]))).rejects.toMatchObject({
      code: '23514',
      constraint: 'commands_finished_when_answered',
    });
    await expect(write(() => stored.put([{ ...command, status: 'lost' as 'failed' }]))).rejects.toMatchObject({ code: '23514' });
    expect(await stored.get(String(command.id))).toEqual(command);

    // Unit 2's requests the prune left.
    const ofUnit2: string[] = [];
    for (const { id, serviceUnitId } of captures)
      if (serviceUnitId === '2' && (await storedCaptures.get(String(id)))) ofUnit2.push(String(id));
    expect(ofUnit2.length).toBeGreaterThan(0);
    const [request] = ofUnit2 as [string];
    const kept = await storedCaptures.get(request);
    await expect(write(() => storedCaptures.update(request, { status: 'failed', failureReason: null }))).rejects.toMatchObject({
      constraint: 'capture_requests_failed_with_reason',
    });
    await expect(
      write(() => storedCaptures.update(request, { status: 'delivered', screenshotId: null, failureReason: null })),
    ).rejects.toMatchObject({
      constraint: 'capture_requests_delivered_with_screenshot',
    });
    expect(await storedCaptures.get(request)).toEqual(kept);

    // The unit goes, and its commands with it; its capture requests stay until the prune (a pending one is then
    // answered `unitGone`, as in memory).
    await suite.sql.query(`DELETE FROM service_units WHERE id = '2'`);
    for (const id of ofUnit2) expect(await storedCaptures.get(id), id).toBeDefined();
    expect(await stored.unfinishedOf('2')).toEqual([]);
    expect(await stored.get(String(command.id))).toBeUndefined();
    expect([...(await stored.unitsWithPending())]).not.toContain('2');
  });
});
