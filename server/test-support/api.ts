import { headerRecord } from '../../api/http';
import type { Backend } from '../backend';
import type { Queryable } from '../db/sql';

/** Calls the API as the server's HTTP layer would, and reads answers the way a client does. */

export const APP_KEY = 'service-unit-admin-demo-key';
export const DEMO_PASSWORD = 'demo1234';

export interface Call {
  method?: string;
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** An answer as a test reads it: headers by the names the contract spells (api/http.ts headerRecord), the body's text. */
export interface Answer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export async function call(backend: Backend, url: string, { method = 'GET', token, body, headers = {} }: Call = {}): Promise<Answer> {
  const request = new Request(`http://localhost${url}`, {
    method,
    headers: {
      accept: 'application/json',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      'x-client-address': '127.0.0.1',
      ...headers,
    },
    ...(body === undefined || method === 'GET' || method === 'HEAD' ? {} : { body: JSON.stringify(body) }),
  });
  const answer = await backend.handle(request);
  return { status: answer.status, headers: headerRecord(answer.headers), body: await answer.text() };
}

export function jsonOf<T>(answer: Answer): T {
  return JSON.parse(answer.body) as T;
}

/** Signs in a demo account; fails the test with the answer when the sign-in is refused. */
export async function signIn(backend: Backend, username = 'admin'): Promise<string> {
  const answer = await call(backend, '/api/UserLogin', {
    method: 'POST',
    headers: { key: APP_KEY },
    body: { params: { username, password: DEMO_PASSWORD } },
  });
  if (answer.status !== 200) throw new Error(`Sign-in of ${username} answered ${answer.status}: ${answer.body}`);
  return jsonOf<{ accessToken: string }>(answer).accessToken;
}

export const unitInput = (name: string) => ({
  name,
  hostname: `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.example`,
  ipAddress: '10.1.2.3',
  operatingSystem: 'linux',
  location: 'Lab',
  description: '',
  tags: [],
  screenshotIntervalMinutes: 5,
});

export interface UnitView {
  id: string;
  name: string;
}

export function createUnit(backend: Backend, token: string, name: string, idempotencyKey?: string): Promise<Answer> {
  return call(backend, '/api/service-units', {
    method: 'POST',
    token,
    body: unitInput(name),
    ...(idempotencyKey ? { headers: { 'idempotency-key': idempotencyKey } } : {}),
  });
}

/** Every unit the caller sees whose name contains `search`. */
export async function listUnits(backend: Backend, token: string, search: string): Promise<{ items: UnitView[]; total: number }> {
  const answer = await call(backend, `/api/service-units?search=${encodeURIComponent(search)}&pageSize=100`, { token });
  if (answer.status !== 200) throw new Error(`Listing units answered ${answer.status}: ${answer.body}`);
  return jsonOf(answer);
}

/** Live service-unit rows stored in the database. */
export async function storedUnitCount(sql: Queryable): Promise<number> {
  const { rows } = await sql.query<{ count: string | number }>('SELECT count(*) AS count FROM service_units');
  return Number(rows[0]?.count ?? 0);
}

/** A live session for a seeded account, stored in the server's database (as a sign-in would); resolves with its token. */
export function storeSession(backend: Backend, username: string): Promise<string> {
  return backend.transact(async ({ users, sessions }) => {
    const user = (await users.withLogin([username.toLowerCase()])).find((u) => u.username === username);
    if (!user) throw new Error(`no seeded user ${username}`);
    const key = crypto.randomUUID();
    const session = await sessions.insert({
      accessToken: `test-token-${key}`,
      sessionKey: `test-key-${key}`,
      userId: user.id,
      expiresAt: Date.now() + 3_600_000,
      revoked: false,
    });
    return session.accessToken;
  });
}
