import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelayMs, BACKOFF_MAX_MS } from './backoff';
import { AgentApiError, AgentClient, AgentRevokedError, EnrolmentInvalidError } from './client';

describe('the backoff schedule', () => {
  it('doubles from 1 s up to 60 s, between half the step and the step', () => {
    const low = [0, 1, 2, 3, 4, 5, 6, 7, 20].map((attempt) => backoffDelayMs(attempt, () => 0));
    const high = [0, 1, 2, 3, 4, 5, 6, 7, 20].map((attempt) => backoffDelayMs(attempt, () => 1));
    expect(high).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(low).toEqual([500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000]);
  });

  it('spreads agents that lost the same server over the step (jitter)', () => {
    const waits = new Set(Array.from({ length: 50 }, () => backoffDelayMs(5)));
    expect(waits.size).toBeGreaterThan(10);
    for (const wait of waits) expect(wait).toBeGreaterThanOrEqual(16_000);
    for (const wait of waits) expect(wait).toBeLessThanOrEqual(BACKOFF_MAX_MS);
  });
});

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

const ack = { receivedAt: '2026-11-26T10:00:00.000Z', heartbeatIntervalS: 30, pendingCommands: 0 };
const system = { hostname: 'h', platform: 'linux' as const, osName: 'Debian', ipAddresses: [], uptimeS: 1, agentVersion: '0.1.0' };

describe('the client while the server is away', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A fetch that answers from a script, and notes when (in fake time) each call came. */
  function scripted(answers: (() => Response)[]) {
    const at: number[] = [];
    const start = Date.now();
    const fetch = vi.fn(async () => {
      at.push(Date.now() - start);
      const next = answers.shift();
      if (!next) throw new Error('no more answers');
      return next();
    });
    return { fetch, at };
  }

  it('retries a refused connection, a 503 and a 502 after 1, 2 and 4 s (top of the jitter), then returns the answer', async () => {
    const refused = () => {
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }) });
    };
    const { fetch, at } = scripted([
      refused,
      () => json(503, { message: 'down' }),
      () => json(502, { message: 'bad gateway' }),
      () => json(200, ack),
    ]);
    const warnings: string[] = [];
    const client = new AgentClient({
      server: 'http://sua.test/',
      credential: 'sua_unit_7_x',
      agentVersion: '0.1.0',
      fetch,
      random: () => 1,
      log: { info: () => undefined, warn: (m) => warnings.push(m) },
    });
    const answer = client.heartbeat('7', system);
    await vi.advanceTimersByTimeAsync(7_000);
    await expect(answer).resolves.toEqual(ack);
    expect(at).toEqual([0, 1_000, 3_000, 7_000]);
    expect(warnings).toEqual([
      'The server at http://sua.test cannot be reached (ECONNREFUSED); retrying in 1 s.',
      'POST /api/agent/heartbeat answered 503; retrying in 2 s.',
      'POST /api/agent/heartbeat answered 502; retrying in 4 s.',
    ]);
  });

  it('never waits more than 60 s between tries', async () => {
    const answers = Array.from({ length: 10 }, () => () => json(503, { message: 'down' }));
    const { fetch, at } = scripted([...answers, () => json(200, ack)]);
    const client = new AgentClient({ server: 'http://sua.test', credential: 'c', agentVersion: '0.1.0', fetch, random: () => 1 });
    const answer = client.heartbeat('7', system);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    await expect(answer).resolves.toEqual(ack);
    const gaps = at.slice(1).map((t, i) => t - (at[i] ?? 0));
    expect(gaps).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000, 60_000]);
  });

  it('waits as long as Retry-After asks, up to the 60 s ceiling', async () => {
    const { fetch, at } = scripted([() => json(503, { message: 'down' }, { 'retry-after': '10' }), () => json(200, ack)]);
    const client = new AgentClient({ server: 'http://sua.test', credential: 'c', agentVersion: '0.1.0', fetch, random: () => 0 });
    const answer = client.heartbeat('7', system);
    await vi.advanceTimersByTimeAsync(10_000);
    await expect(answer).resolves.toEqual(ack);
    expect(at).toEqual([0, 10_000]);
  });

  it('stops retrying at once when the agent is stopped', async () => {
    const { fetch } = scripted(Array.from({ length: 5 }, () => () => json(503, { message: 'down' })));
    const client = new AgentClient({ server: 'http://sua.test', credential: 'c', agentVersion: '0.1.0', fetch, random: () => 1 });
    const stop = new AbortController();
    const answer = client.heartbeat('7', system, stop.signal);
    const settled = expect(answer).rejects.toThrow('stopped');
    await vi.advanceTimersByTimeAsync(1_500);
    stop.abort(new Error('stopped'));
    await settled;
    expect(fetch).toHaveBeenCalledTimes(2);
  });
});

describe('the client on a refusal', () => {
  const client = (answer: Response) =>
    new AgentClient({ server: 'http://sua.test', credential: 'c', agentVersion: '0.1.0', fetch: async () => answer });

  it('throws AgentRevokedError on 401, without retrying', async () => {
    const call = client(json(401, { message: 'Invalid agent credential', code: 'agentUnauthorized' })).heartbeat('7', system);
    await expect(call).rejects.toThrow(AgentRevokedError);
  });

  it('throws EnrolmentInvalidError on a refused enrolment', async () => {
    const call = client(json(401, { message: 'Invalid enrolment token', code: 'enrolmentInvalid' })).enrol('t', system);
    await expect(call).rejects.toBeInstanceOf(EnrolmentInvalidError);
  });

  it('throws the error shape of a 4xx as an AgentApiError (status, message, code, errors)', async () => {
    const call = client(json(422, { message: 'Invalid', errors: { 'system.hostname': 'required' } })).heartbeat('7', system);
    await expect(call).rejects.toMatchObject({ status: 422, message: 'Invalid', code: null, errors: { 'system.hostname': 'required' } });
    const other = client(json(403, { message: 'This credential reports for unit 33 only', code: 'otherUnit' })).heartbeat('8', system);
    await expect(other).rejects.toBeInstanceOf(AgentApiError);
    await expect(client(json(403, { message: 'x', code: 'otherUnit' })).heartbeat('8', system)).rejects.toMatchObject({
      code: 'otherUnit',
    });
  });

  it('says so when the server answers something that is not JSON (the URL of another site)', async () => {
    const call = client(new Response('<html></html>', { status: 200, headers: { 'content-type': 'text/html' } })).config();
    await expect(call).rejects.toThrow(/not JSON: is http:\/\/sua.test the server\?/);
  });

  it('sends the credential as the bearer, JSON, and its version', async () => {
    let seen: RequestInit | undefined;
    const spy = new AgentClient({
      server: 'http://sua.test',
      credential: 'sua_unit_7_x',
      agentVersion: '1.2.3',
      fetch: async (_url, init) => {
        seen = init;
        return json(200, ack);
      },
    });
    await spy.heartbeat('7', system);
    expect(seen?.headers).toMatchObject({
      authorization: 'Bearer sua_unit_7_x',
      'content-type': 'application/json',
      'user-agent': 'sua-agent/1.2.3',
    });
    expect(JSON.parse(String(seen?.body))).toEqual({ unitId: '7', system });
  });
});
