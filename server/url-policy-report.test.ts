import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBackend, type Backend } from './backend';
import type { Sql } from './db/sql';
import { call, jsonOf, signIn } from './test-support/api';
import { BACKEND_NAME, createTestDatabase, type TestDatabase } from './test-support/database';

/*
 * An agent's URL policy report (issue 44) is stored with its unit in PostgreSQL, as its system is: a heartbeat
 * answered by one instance shows on the unit record another instance reads.
 */

const SETUP_TIMEOUT_MS = 120_000;
const SYSTEM = {
  hostname: 'url-policy-host',
  platform: 'linux',
  osName: 'Debian 12',
  ipAddresses: ['10.0.0.44'],
  uptimeS: 60,
  agentVersion: '1.0.0',
};
const URL_POLICY = {
  state: 'written',
  writtenAt: '2026-12-07T08:30:00.000Z',
  browsers: ['chromium'],
  message: '',
  rules: [
    { ruleId: '3', pattern: 'example.com', status: 'enforced', reason: null },
    { ruleId: '9', pattern: 'www.*.example.com/*', status: 'notEnforceable', reason: 'wildcardInHost' },
  ],
};

let database: TestDatabase;
let first: Backend;
let second: Backend;
let secondSql: Sql;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase({ migrated: true });
  first = await createBackend({ sql: database.sql });
  secondSql = await database.connect();
  second = await createBackend({ sql: secondSql });
  token = await signIn(first, 'user');
}, SETUP_TIMEOUT_MS);

afterAll(async () => {
  await second?.close();
  await first?.close();
  await database?.drop();
});

describe(`an agent's URL policy on ${BACKEND_NAME}`, () => {
  it('is stored with the unit by a heartbeat on one instance and read on the other', async () => {
    const enrolment = jsonOf<{ token: string }>(await call(first, '/api/agent-enrolments', { method: 'POST', token, body: {} }));
    const { unitId, credential } = jsonOf<{ unitId: string; credential: string }>(
      await call(first, '/api/agent/enrol', { method: 'POST', body: { token: enrolment.token, system: SYSTEM } }),
    );
    const heartbeat = (body: object) =>
      call(first, '/api/agent/heartbeat', {
        method: 'POST',
        headers: { authorization: `Bearer ${credential}` },
        body: { unitId, system: SYSTEM, ...body },
      });
    const record = async () => jsonOf<{ agent: { urlPolicy: unknown } }>(await call(second, `/api/service-units/${unitId}`, { token }));

    expect((await record()).agent.urlPolicy).toBeNull();
    expect((await heartbeat({ urlPolicy: URL_POLICY })).status).toBe(200);
    expect((await record()).agent.urlPolicy).toEqual(URL_POLICY);
    const { rows } = await database.sql.query<{ state: string }>(
      `SELECT url_policy ->> 'state' AS state FROM unit_agents WHERE unit_id = $1`,
      [unitId],
    );
    expect(rows[0]?.state).toBe('written');
    expect((await heartbeat({ urlPolicy: { ...URL_POLICY, state: 'bogus' } })).status).toBe(422);
    expect((await record()).agent.urlPolicy).toEqual(URL_POLICY);
  });
});
