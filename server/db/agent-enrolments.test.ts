import { describe, expect, it } from 'vitest';
import type { EnrolmentRecord, EnrolmentRepository } from '../../core/agent-enrolments';
import { table } from '../../mirage/db';
import { memoryEnrolments } from '../../mirage/domains/agents';
import { sqlTargets } from '../test-support/database';
import { ruleOwners } from '../test-support/fixtures/rule-owners';
import { repositoryPair, repositoryParity } from '../test-support/repository-parity';
import { AGENT_ENROLMENTS, createSqlEnrolments } from './agent-enrolments';

/*
 * The agents' enrolment tokens in PostgreSQL answer what the embedded backend answers from memory: a claim
 * of an unknown, used, expired and usable token (once: a second claim of it fails), and the unit an
 * enrolment made. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const NOW = Date.parse('2026-12-01T12:00:00.000Z');
const HOUR = 3_600_000;
const at = (ms: number) => new Date(ms).toISOString();

const enrolments: EnrolmentRecord[] = Array.from({ length: 12 }, (_, i) => ({
  id: i % 3 === 0 ? `0192f3a2-${String(i).padStart(4, '0')}-7abc-8def-000000000000` : String(i + 1),
  tokenHash: `hash-${i}`,
  organizationId: String(1 + (i % 2)),
  // Every third expired, every fourth used already.
  expiresAt: at(i % 3 === 1 ? NOW - HOUR : NOW + HOUR * (i + 1)),
  createdBy: '2',
  createdAt: at(NOW - 2 * HOUR),
  usedAt: i % 4 === 2 ? at(NOW - HOUR) : null,
  unitId: i % 4 === 2 ? '7' : null,
}));

describe.each(sqlTargets())('the agents’ enrolment tokens in PostgreSQL on $name', (target) => {
  // An enrolment's organization and the unit it made exist (their foreign keys).
  const suite = repositoryParity(target, { ...ruleOwners(['1', '2'], ['7', '42']), [AGENT_ENROLMENTS]: enrolments });
  const { write } = suite;
  const { memory, stored } = repositoryPair<EnrolmentRepository>(suite, memoryEnrolments, createSqlEnrolments);
  const normal = (record: Readonly<EnrolmentRecord> | undefined) => (record ? { ...record, id: String(record.id) } : undefined);

  it('claims each token as memory does: unknown, used and expired ones never, a usable one once', async () => {
    const used = at(NOW);
    const claimed: string[] = [];
    for (const hash of [...enrolments.map((e) => e.tokenHash), 'hash-none', 'a\0b']) {
      const fromMemory = normal(await memory.claim(hash, NOW, used));
      expect(normal(await write(() => stored.claim(hash, NOW, used))), hash).toEqual(fromMemory);
      if (fromMemory) claimed.push(hash);
      // Claimed now: a second agent with the same token gets nothing.
      expect(await write(() => stored.claim(hash, NOW, used))).toBeUndefined();
    }
    expect(claimed.length).toBeGreaterThan(0);
    expect(claimed.length).toBeLessThan(enrolments.length);
  });

  it('stores a new enrolment and the unit it made as memory does', async () => {
    const fresh = { ...enrolments[0], tokenHash: 'hash-fresh', usedAt: null, unitId: null, expiresAt: at(NOW + HOUR) };
    const { id: _id, ...input } = fresh as EnrolmentRecord;
    const [a, b] = await Promise.all([memory.insert(input), write(() => stored.insert(input))]);
    expect({ ...b, id: 0 }).toEqual({ ...a, id: 0 });
    const claimed = await write(() => stored.claim('hash-fresh', NOW, at(NOW)));
    expect(claimed?.usedAt).toBe(at(NOW));
    await write(() => stored.setUnit(String(b.id), '42'));
    await memory.setUnit(String(a.id), '42');
    const { rows } = await suite.sql.query<{ unit_id: string }>(`SELECT unit_id FROM agent_enrolments WHERE token_hash = 'hash-fresh'`);
    expect(rows[0]?.unit_id).toBe('42');
    expect(table<EnrolmentRecord & { id: string }>(suite.mirage.db, AGENT_ENROLMENTS).find(String(a.id))?.unitId).toBe('42');
  });

  it('keeps a token’s hash once and an enrolment in an organization that exists; a unit’s deletion forgets it made it', async () => {
    const { id: _id, ...input } = { ...(enrolments[0] as EnrolmentRecord), tokenHash: 'hash-other', usedAt: null, unitId: null };
    await expect(write(() => stored.insert({ ...input, tokenHash: 'hash-1' }))).rejects.toMatchObject({
      constraint: 'agent_enrolments_token_unique',
    });
    await expect(write(() => stored.insert({ ...input, organizationId: 'no-such-organization' }))).rejects.toMatchObject({ code: '23503' });
    await expect(write(() => stored.insert({ ...input, unitId: '7' }))).rejects.toMatchObject({
      constraint: 'agent_enrolments_unit_when_used',
    });

    await suite.sql.query(`DELETE FROM service_units WHERE id = '42'`);
    const { rows } = await suite.sql.query<{ used_at: string | null; unit_id: string | null }>(
      `SELECT used_at, unit_id FROM agent_enrolments WHERE token_hash = 'hash-fresh'`,
    );
    expect(rows).toEqual([{ used_at: expect.anything() as unknown, unit_id: null }]);
    // Still used: the token enrols no other agent.
    expect(await write(() => stored.claim('hash-fresh', NOW, at(NOW)))).toBeUndefined();
    await suite.sql.query(`DELETE FROM organizations WHERE id = '2'`);
    expect((await suite.sql.query(`SELECT 1 FROM agent_enrolments WHERE organization_id = '2'`)).rows).toEqual([]);
  });
});
