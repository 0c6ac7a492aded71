/**
 * The contract suite (docs/api/openapi.yaml), one body for every backend: every endpoint is driven
 * through success, validation, 401, 403, 404, 409, 423, 503 and other organizations' ids, and every answer
 * is validated against the document's schema (support/contract-client.ts). The last test proves that every
 * documented path and status was produced by at least one call of the run.
 *
 * Two files run it: tests/contract/mirage-contract.test.ts (the embedded backend, Mirage in jsdom) and
 * server/contract.test.ts (the Node server over HTTP on a fresh database), so both backends are held to
 * the same calls and the same statuses.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { APP_KEY, createContractClient, type CallOptions } from './contract-client';
import { OPERATIONS } from '../../../api/contract/operations.generated';
import { contractValidator, type Operationref } from './openapi-validator';

/** One running backend the suite calls. */
export interface ContractTarget {
  /** Prefix of every request path: '' for Mirage (it answers the page's origin), `http://127.0.0.1:<port>` for the server. */
  baseUrl: string;
  /** A live session for a seeded account, stored where the backend reads sessions; resolves with its token. */
  tokenFor(username: string): Promise<string>;
  shutdown(): Promise<void>;
}

/** A kind of backend the suite runs against. */
export interface ContractBackend {
  /** Named in the suite's titles. */
  name: string;
  /** A backend with the default seed. */
  start(): Promise<ContractTarget>;
  /** A backend with the default seed and sessions for `usernames`, none of whose writes can be stored from then on. */
  startUnstorable(usernames: readonly string[]): Promise<{ target: ContractTarget; tokens: Record<string, string> }>;
  /** What the backend logs (console.error's first argument) for each write it could not store; null: it logs nothing. */
  unstoredLog: string | null;
}

/** Starting a backend seeds it (and, for the server, stores the seed): more than a hook's default 10 s on a busy machine. */
const START_TIMEOUT_MS = 120_000;

const validator = contractValidator();

/** A concrete URL for a path template (ids that exist in the default seed). */
function concrete(path: string): string {
  return path.replace('{ruleId}', '31').replace('{id}', '1');
}

type Schema = Record<string, unknown>;

/** A schema with its `$ref`s into `#/components/schemas` followed (and `allOf` merged), as far as a body needs. */
function resolved(schema: unknown): Schema {
  const doc = validator.doc as unknown as { components: { schemas: Record<string, Schema> } };
  let s = (schema ?? {}) as Schema;
  while (typeof s['$ref'] === 'string') s = doc.components.schemas[(s['$ref'] as string).split('/').pop() ?? ''] ?? {};
  if (Array.isArray(s['allOf'])) {
    const parts = (s['allOf'] as unknown[]).map(resolved);
    return {
      type: 'object',
      properties: Object.assign({}, ...parts.map((part) => part['properties'] ?? {})) as Schema,
      required: parts.flatMap((part) => (part['required'] as string[] | undefined) ?? []),
    };
  }
  return s;
}

/** A value of another type than the schema's (a number for text, text for anything else). */
const wrongTypeFor = (schema: Schema): unknown => {
  const type = resolved(schema)['type'];
  return (Array.isArray(type) ? type : [type]).includes('string') ? 12345 : 'not-this-kind';
};

/**
 * A JSON body that breaks the operation's body schema in one of its fields (a required field missing, or a
 * field of the wrong type), checked against the document itself; null when the operation takes no body.
 */
function brokenBody(op: Operationref): Schema | null {
  const media = op.operation.requestBody?.content?.['application/json'];
  if (!media?.schema) return null;
  const schema = resolved(media.schema);
  const properties = (schema['properties'] ?? {}) as Record<string, Schema>;
  // A field of the wrong kind: what the gate refuses itself (values are the endpoint's rules, checked elsewhere).
  // On the document's own example, when it has one, so that the wrong kind is the body's only problem.
  const examples = (media as { examples?: Record<string, { value?: unknown }> }).examples ?? {};
  const example = Object.values(examples)[0]?.value;
  const base = example && typeof example === 'object' && !Array.isArray(example) ? (example as Schema) : {};
  const candidates: Schema[] = Object.entries(properties).map(([name, property]) => ({ ...base, [name]: wrongTypeFor(property) }));
  const check = OPERATIONS.find((o) => o.method === op.method.toUpperCase() && o.path === op.path)?.body;
  const broken = candidates.find((body) => check && !check(body) && (check.errors ?? []).some((issue) => issue.keyword === 'type'));
  if (!broken) throw new Error(`No body found that breaks ${op.method} ${op.path}`);
  return broken;
}

/** A value for an item of a list schema (a string unless the schema says otherwise). */
function sampleItem(items: unknown): unknown {
  const schema = resolved(items);
  if (Array.isArray(schema['enum'])) return schema['enum'][0];
  if (schema['type'] === 'integer' || schema['type'] === 'number') return Number(schema['minimum'] ?? 1);
  return 'a';
}

/**
 * Bodies that break one value rule of the operation's body schema each (too long, too short, not listed, out
 * of range, too many or too few items, off pattern, a required field left out), built on the document's
 * example (or `base`) so that the broken rule is the body's only problem; each is checked against the
 * generated validator, so none passes by accident.
 */
function valueViolations(op: Operationref, base: Schema | null): { what: string; body: Schema }[] {
  const media = op.operation.requestBody?.content?.['application/json'];
  if (!media?.schema) return [];
  const examples = (media as { examples?: Record<string, { value?: unknown }> }).examples ?? {};
  const example = base ?? (Object.values(examples)[0]?.value as Schema | undefined);
  if (!example || typeof example !== 'object' || Array.isArray(example)) return [];
  const schema = resolved(media.schema);
  const out: { what: string; body: Schema }[] = [];
  const push = (what: string, body: Schema) => out.push({ what, body });
  for (const [name, property] of Object.entries((schema['properties'] ?? {}) as Record<string, Schema>)) {
    const p = resolved(property);
    const set = (value: unknown) => ({ ...example, [name]: value });
    if (typeof p['maxLength'] === 'number') push(`${name} longer than ${p['maxLength']}`, set('x'.repeat(p['maxLength'] + 1)));
    if (typeof p['minLength'] === 'number' && p['minLength'] > 0) push(`${name} shorter than ${p['minLength']}`, set(''));
    if (Array.isArray(p['enum']) && typeof p['enum'][0] === 'string') push(`${name} not one of its values`, set('not-one-of-them'));
    if (typeof p['minimum'] === 'number') push(`${name} below ${p['minimum']}`, set(p['minimum'] - 1));
    if (typeof p['maximum'] === 'number') push(`${name} above ${p['maximum']}`, set(p['maximum'] + 1));
    if (typeof p['pattern'] === 'string') push(`${name} off its pattern`, set('\u0001 off pattern'));
    if (typeof p['maxItems'] === 'number') {
      const item =
        Array.isArray(example[name]) && (example[name] as unknown[]).length > 0 ? (example[name] as unknown[])[0] : sampleItem(p['items']);
      push(
        `${name} with more than ${p['maxItems']} items`,
        set(Array.from({ length: p['maxItems'] + 1 }, (_, i) => (typeof item === 'string' ? `${item}${i}` : item))),
      );
    }
    if (typeof p['minItems'] === 'number' && p['minItems'] > 0) push(`${name} with no items`, set([]));
  }
  for (const name of (schema['required'] as string[] | undefined) ?? []) {
    const { [name]: _left, ...rest } = example;
    push(`without ${name}`, rest);
  }
  const check = OPERATIONS.find((o) => o.method === op.method.toUpperCase() && o.path === op.path)?.body;
  return out.filter(({ body }) => check !== undefined && !check(body));
}

/** `name=value` for a query parameter whose schema refuses the value (an enum, a number, a pattern), or null. */
function brokenParameter(op: Operationref): string | null {
  const doc = validator.doc as unknown as { components: { parameters: Record<string, Schema> } };
  const item = (validator.doc.paths[op.path] ?? {}) as { parameters?: Schema[] };
  const parameters = [...(item.parameters ?? []), ...((op.operation as { parameters?: Schema[] }).parameters ?? [])].map((p) =>
    typeof p['$ref'] === 'string' ? (doc.components.parameters[(p['$ref'] as string).split('/').pop() ?? ''] ?? {}) : p,
  );
  for (const parameter of parameters) {
    if (parameter['in'] !== 'query') continue;
    let schema = resolved(parameter['schema']);
    if (schema['type'] === 'array') schema = resolved(schema['items']);
    const name = String(parameter['name']);
    if (Array.isArray(schema['enum'])) return `${name}=not-one-of-them`;
    if (schema['type'] === 'integer' || schema['type'] === 'number') return `${name}=many`;
    if (typeof schema['pattern'] === 'string') return `${name}=${encodeURIComponent('\u0001 no')}`;
  }
  return null;
}

/** Defines the contract suite's describes for one backend. */
export function defineContractSuite(backend: ContractBackend): void {
  /** Every `METHOD template status` a call of this run produced. */
  const exercised = new Set<string>();
  let target: ContractTarget;
  const { call, expectStatus } = createContractClient(() => target.baseUrl, exercised);
  const t: Record<string, string> = {};

  /** Reads a server-sent event stream until `until` arrives (or 10 s passed), then closes it. */
  async function readStream(url: string, token: string, until: string) {
    const abort = new AbortController();
    const timer = setTimeout(() => abort.abort(), 10_000);
    const response = await fetch(`${target.baseUrl}${url}`, { headers: { Authorization: `Bearer ${token}` }, signal: abort.signal });
    let text = '';
    try {
      // Pretender's fetch (Mirage in jsdom) has no body stream: its answer is complete anyway.
      if (typeof response.body?.getReader !== 'function') text = await response.text();
      const reader = typeof response.body?.getReader === 'function' ? response.body.getReader() : null;
      const decoder = new TextDecoder();
      while (reader && !text.includes(until)) {
        const chunk = await reader.read();
        if (chunk.done) break;
        text += decoder.decode(chunk.value, { stream: true });
      }
    } catch {
      // Aborted after 10 s: what arrived is the answer.
    } finally {
      clearTimeout(timer);
      abort.abort();
    }
    return { status: response.status, contentType: response.headers.get('content-type') ?? '', text };
  }

  describe(`${backend.name} answers as the contract says`, () => {
    beforeAll(async () => {
      target = await backend.start();
      for (const name of ['superadmin', 'admin', 'operator', 'user', 'globex', 'gabe', 'paula', 'sam'])
        t[name] = await target.tokenFor(name);
    }, START_TIMEOUT_MS);
    afterAll(() => target.shutdown());

    describe('auth', () => {
      it('signs in with the application key, refuses a wrong password and a disabled account', async () => {
        const ok = await expectStatus<{ accessToken: string }>(200, 'POST', '/api/UserLogin', {
          appKey: APP_KEY,
          body: { params: { username: 'admin', password: 'demo1234' } },
        });
        expect(ok.body.accessToken).toMatch(/\w{16,}/);
        await expectStatus(401, 'POST', '/api/UserLogin', {
          appKey: APP_KEY,
          body: { params: { username: 'admin', password: 'wrong-one' } },
        });
        await expectStatus(401, 'POST', '/api/UserLogin', {
          appKey: 'not-the-key',
          body: { params: { username: 'admin', password: 'demo1234' } },
        });
        const disabled = await expectStatus<{ code: string }>(403, 'POST', '/api/UserLogin', {
          appKey: APP_KEY,
          body: { params: { username: 'dora', password: 'demo1234' } },
        });
        expect(disabled.body.code).toBe('accountDisabled');
      });

      it('registers, refuses a malformed body, missing fields and a used email', async () => {
        const body = {
          fullName: 'Nora Newcomer',
          phoneNumber: '+49 40 555 0101',
          email: 'nora@acme.example',
          password: 'correct-horse',
          rePassword: 'correct-horse',
        };
        await expectStatus(201, 'POST', '/api/UserProfile', { appKey: APP_KEY, body });
        const again = await expectStatus<{ errors: Record<string, string> }>(422, 'POST', '/api/UserProfile', { appKey: APP_KEY, body });
        expect(again.body.errors['email']).toBe('This email is already in use.');
        await expectStatus(400, 'POST', '/api/UserProfile', { appKey: APP_KEY, rawBody: '{not json' });
        await expectStatus(401, 'POST', '/api/UserProfile', { body });
      });

      it('refreshes a token once, signs out, locks and unlocks', async () => {
        const signIn = await expectStatus<{ accessToken: string }>(200, 'POST', '/api/UserLogin', {
          appKey: APP_KEY,
          body: { params: { username: 'operator', password: 'demo1234' } },
        });
        const refreshed = await expectStatus<{ accessToken: string }>(200, 'POST', '/api/auth/refresh-token', {
          body: { accessToken: signIn.body.accessToken },
        });
        const token = refreshed.body.accessToken;
        await expectStatus(200, 'GET', '/api/me', { token });
        await expectStatus(204, 'POST', '/api/auth/lock', { token });
        const locked = await expectStatus<{ code: string }>(423, 'GET', '/api/me', { token });
        expect(locked.body.code).toBe('session_locked');
        await expectStatus(423, 'POST', '/api/auth/refresh-token', { body: { accessToken: token } });
        await expectStatus(422, 'POST', '/api/auth/unlock', { token, body: { password: 'wrong-one' } });
        await expectStatus(200, 'POST', '/api/auth/unlock', { token, body: { password: 'demo1234' } });
        await expectStatus(204, 'POST', '/api/auth/logout', { token });
        await expectStatus(401, 'GET', '/api/me', { token });
        await expectStatus(401, 'POST', '/api/auth/lock', { token: 'no-such-token' });
        await expectStatus(401, 'POST', '/api/auth/unlock', { token: 'no-such-token', body: { password: 'demo1234' } });
        await expectStatus(204, 'POST', '/api/auth/logout', {});
        // A token is exchanged once: sent again, it is refused, and the sign-in it came from ends (rotation).
        const other = await expectStatus<{ accessToken: string }>(200, 'POST', '/api/UserLogin', {
          appKey: APP_KEY,
          body: { params: { username: 'operator', password: 'demo1234' } },
        });
        const rotated = await expectStatus<{ accessToken: string }>(200, 'POST', '/api/auth/refresh-token', {
          body: { accessToken: other.body.accessToken },
        });
        await expectStatus(401, 'POST', '/api/auth/refresh-token', { body: { accessToken: other.body.accessToken } });
        await expectStatus(401, 'GET', '/api/me', { token: rotated.body.accessToken });
      });

      it('makes a sign-in name wait after five failures, without checking the password (429 with Retry-After)', async () => {
        // An unknown name counts like a wrong password, and no account of the suite is held up.
        const attempt = (password: string) => ({ appKey: APP_KEY, body: { params: { username: 'mallory', password } } });
        for (let failure = 1; failure <= 5; failure += 1) await expectStatus(401, 'POST', '/api/UserLogin', attempt(`guess-${failure}`));
        const waiting = await expectStatus<{ code: string }>(429, 'POST', '/api/UserLogin', attempt('guess-6'));
        expect(waiting.body.code).toBe('tooManyAttempts');
        expect(Number(waiting.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      });

      it('answers a password-reset request the same way for any address, and refuses a bad one', async () => {
        await expectStatus(200, 'POST', '/api/auth/forgot-password', { appKey: APP_KEY, body: { email: 'nobody@acme.example' } });
        await expectStatus(422, 'POST', '/api/auth/forgot-password', { appKey: APP_KEY, body: { email: 'not-an-address' } });
        await expectStatus(401, 'POST', '/api/auth/forgot-password', { body: { email: 'admin@acme.example' } });
      });
    });

    describe('profile', () => {
      it('reads and updates the profile, refuses bad fields and a wrong current password', async () => {
        const token = await target.tokenFor('user');
        const profile = await expectStatus<{ displayName: string; version: number }>(200, 'GET', '/api/me/profile', { token });
        const etag = profile.headers['etag'] ?? '';
        expect(etag).toBe(`"${profile.body.version}"`);
        const saved = await expectStatus<{ version: number; updatedBy: string; updatedAt: string }>(200, 'PUT', '/api/me/profile', {
          token,
          body: { displayName: profile.body.displayName, about: 'Night shift', phoneNumber: '+1 555 0100', photoURL: '' },
          headers: { 'If-Match': etag },
        });
        expect(saved.body).toMatchObject({ version: profile.body.version + 1, updatedBy: profile.body.displayName });
        expect(saved.headers['etag']).toBe(`"${saved.body.version}"`);
        // Saved meanwhile elsewhere (another tab, an administrator): a stale If-Match changes nothing and answers the profile as it is now.
        const stale = await expectStatus<{ code: string; current: { about: string; version: number } }>(412, 'PUT', '/api/me/profile', {
          token,
          body: { displayName: profile.body.displayName, about: 'Day shift', phoneNumber: '', photoURL: '' },
          headers: { 'If-Match': etag },
        });
        expect(stale.body).toMatchObject({ code: 'changedElsewhere', current: { about: 'Night shift', version: saved.body.version } });
        expect((await expectStatus<{ about: string }>(200, 'GET', '/api/me/profile', { token })).body.about).toBe('Night shift');
        await expectStatus(422, 'PUT', '/api/me/profile', {
          token,
          body: { displayName: '', about: '', phoneNumber: 'call me', photoURL: '' },
        });
        await expectStatus(422, 'POST', '/api/me/password', {
          token,
          body: { currentPassword: 'wrong-one', newPassword: 'a-longer-secret', confirmPassword: 'a-longer-secret' },
        });
        await expectStatus(204, 'POST', '/api/me/password', {
          token: await target.tokenFor('sam'),
          body: { currentPassword: 'demo1234', newPassword: 'a-longer-secret', confirmPassword: 'a-longer-secret' },
        });
      });
    });

    describe('to-do (the spec’s contract)', () => {
      it('lists, creates (201 {id}), updates, and refuses unknown filters, bad bodies and other people’s tasks', async () => {
        const token = await target.tokenFor('user');
        const all = await expectStatus<{ id: number }[]>(200, 'GET', '/api/apps/todo/tasks?filter=all', { token });
        await expectStatus(200, 'GET', '/api/apps/todo/tasks/?filter=backend', { token });
        const filter = await expectStatus<{ code: string; errors: Record<string, string> }>(
          400,
          'GET',
          '/api/apps/todo/tasks?filter=urgent',
          { token },
        );
        expect(filter.body).toMatchObject({ code: 'invalidParameter', errors: { filter: 'invalidValue' } });
        await expectStatus(200, 'GET', '/api/apps/todo/tags', { token });
        const created = await expectStatus<{ id: number }>(201, 'POST', '/api/apps/todo/tasks/', {
          token,
          body: {
            task: {
              title: 'Renew the gateway certificate',
              desc: '',
              tags: ['backend'],
              isImportant: true,
              isStarred: false,
              isCompleted: false,
              isTrashed: false,
            },
          },
        });
        expect(created.body.id).toBe(Math.max(...all.body.map((task) => task.id)) + 1);
        await expectStatus(422, 'POST', '/api/apps/todo/tasks', { token, body: { task: { title: '' } } });
        await expectStatus(200, 'POST', `/api/apps/todo/task/${created.body.id}`, { token, body: { task: { isCompleted: true } } });
        await expectStatus(422, 'POST', `/api/apps/todo/task/${created.body.id}`, { token, body: { task: { tags: ['urgent'] } } });
        await expectStatus(404, 'POST', '/api/apps/todo/task/99999', { token, body: { task: { isCompleted: true } } });
        // Another user's numbering is their own: the task id of this user is unknown to the Globex user.
        await expectStatus(404, 'POST', `/api/apps/todo/task/${created.body.id}`, {
          token: t['globex'],
          body: { task: { isCompleted: true } },
        });
      });
    });

    describe('mail (the spec’s contract)', () => {
      it('lists by folder and label, reads tags and meta, mutates with empty 200s and refuses bad input', async () => {
        const token = await target.tokenFor('admin');
        const inbox = await expectStatus<{ id: number }[]>(200, 'GET', '/api/apps/email/mails?filter=inbox', { token });
        await expectStatus(200, 'GET', '/api/apps/email/mails/?filter=important&q=report', { token });
        await expectStatus(400, 'GET', '/api/apps/email/mails?filter=archive', { token });
        await expectStatus(200, 'GET', '/api/apps/email/tags', { token });
        await expectStatus(200, 'GET', '/api/apps/email/meta', { token });
        const [first, second] = inbox.body.map((m) => m.id);
        const ids = [first as number, second as number];
        for (const [path, body, bad] of [
          ['move-mails', { emailIds: ids, mailFolder: 'spam' }, { emailIds: ids, mailFolder: 'archive' }],
          ['update-labels', { emailIds: ids, label: 'company' }, { emailIds: ids, label: 'urgent' }],
          ['set-labels', { mailId: ids[0], labels: ['important'] }, { mailId: ids[0], labels: 'important' }],
          ['mark-unread', { emailIds: ids, unreadFlag: false }, { emailIds: [], unreadFlag: false }],
          ['set-starred', { mailId: ids[0], value: true }, { mailId: ids[0], value: 'yes' }],
        ] as const) {
          const done = await expectStatus(200, 'POST', `/api/apps/email/${path}`, { token, body });
          expect(done.body).toBeUndefined();
          await expectStatus(422, 'POST', `/api/apps/email/${path}`, { token, body: bad });
        }
        // Someone else's mail id is unknown here.
        await expectStatus(422, 'POST', '/api/apps/email/set-starred', { token: t['globex'], body: { mailId: ids[0], value: true } });
        await expectStatus(201, 'POST', '/api/apps/email/compose', {
          token,
          body: { draft: false, to: ['ops@globex.example'], cc: [], bcc: [], subject: 'Hello', message: '<p>Hi</p>' },
        });
        await expectStatus(422, 'POST', '/api/apps/email/compose', {
          token,
          body: { draft: false, to: ['not an address'], subject: 'Hello', message: '' },
        });
      });
    });

    describe('service units', () => {
      it('lists with paging, sorting and filters; reads, creates, updates, deletes; refuses bad input and other organizations’ units', async () => {
        const token = t['user'] as string;
        const page = await expectStatus<{ items: { id: string }[]; total: number }>(
          200,
          'GET',
          '/api/service-units?page=1&pageSize=5&sort=hostname&order=desc&status=online,offline&os=linux&search=a',
          { token },
        );
        expect(page.body.items.length).toBeLessThanOrEqual(5);
        await expectStatus(200, 'GET', '/api/service-units/tags', { token });
        await expectStatus(200, 'GET', '/api/service-units/export?status=maintenance', { token });
        await expectStatus(200, 'GET', '/api/service-units/33', { token });
        await expectStatus(404, 'GET', '/api/service-units/99999', { token });
        // Unit 33 is Acme's: the Globex user does not see it.
        await expectStatus(404, 'GET', '/api/service-units/33', { token: t['globex'] });
        const input = {
          name: 'Contract Test Unit',
          hostname: 'contract-01.acme.example',
          ipAddress: '10.9.9.9',
          operatingSystem: 'linux',
          location: 'Lab',
          description: '',
          tags: ['lab'],
          maintenance: false,
          screenshotIntervalMinutes: 15,
        };
        const created = await expectStatus<{ id: string }>(201, 'POST', '/api/service-units', {
          token,
          body: input,
          headers: { 'Idempotency-Key': 'contract-unit-1' },
        });
        const replay = await expectStatus<{ id: string }>(201, 'POST', '/api/service-units', {
          token,
          body: input,
          headers: { 'Idempotency-Key': 'contract-unit-1' },
        });
        expect(replay.body.id).toBe(created.body.id);
        expect(replay.headers['idempotent-replayed']).toBe('true');
        await expectStatus(422, 'POST', '/api/service-units', {
          token,
          body: { ...input, name: 'Other' },
          headers: { 'Idempotency-Key': 'contract-unit-1' },
        });
        await expectStatus(422, 'POST', '/api/service-units', { token, body: { ...input, hostname: 'not a host!' } });
        // Another unit of the organization with this name: a conflict with it (409), on create and on rename;
        // with another field wrong too, 422 with both.
        const duplicate = await expectStatus<{ errors: Record<string, string> }>(409, 'POST', '/api/service-units', {
          token,
          body: { ...input, name: input.name.toUpperCase() },
        });
        expect(duplicate.body.errors).toEqual({ name: 'duplicateName' });
        const both = await expectStatus<{ errors: Record<string, string> }>(422, 'POST', '/api/service-units', {
          token,
          body: { ...input, hostname: 'not a host!' },
        });
        expect(both.body.errors).toEqual({ name: 'duplicateName', hostname: 'invalidHostname' });
        const id = created.body.id;
        await expectStatus(409, 'PUT', '/api/service-units/33', { token, body: { ...input, name: input.name } });
        await expectStatus(200, 'PUT', `/api/service-units/${id}`, { token, body: { ...input, maintenance: true } });
        await expectStatus(422, 'PUT', `/api/service-units/${id}`, { token, body: { ...input, screenshotIntervalMinutes: 5000 } });
        await expectStatus(404, 'PUT', `/api/service-units/${id}`, { token: t['globex'], body: input });
        // Concurrent edits: the version is the ETag; a write naming an older one is refused with the record as it is now.
        const read = await expectStatus<{ version: number }>(200, 'GET', `/api/service-units/${id}`, { token });
        const etag = read.headers['etag'] ?? '';
        expect(etag).toBe(`"${read.body.version}"`);
        const changed = await expectStatus<{ version: number; updatedBy: string }>(200, 'PUT', `/api/service-units/${id}`, {
          token,
          body: { ...input, name: 'Changed by the first' },
          headers: { 'If-Match': etag },
        });
        expect(changed.body.version).toBe(read.body.version + 1);
        expect(changed.headers['etag']).toBe(`"${changed.body.version}"`);
        const stale = await expectStatus<{ code: string; current: { name: string; version: number; updatedBy: string } }>(
          412,
          'PUT',
          `/api/service-units/${id}`,
          { token, body: { ...input, name: 'Changed by the second' }, headers: { 'If-Match': etag } },
        );
        expect(stale.body.code).toBe('changedElsewhere');
        expect(stale.body.current).toMatchObject({
          name: 'Changed by the first',
          version: changed.body.version,
          updatedBy: changed.body.updatedBy,
        });
        await expectStatus(412, 'DELETE', `/api/service-units/${id}`, { token, headers: { 'If-Match': etag } });
        const kept = await expectStatus<{ name: string; maintenance: boolean }>(200, 'GET', `/api/service-units/${id}`, { token });
        expect(kept.body.name).toBe('Changed by the first');
        // A bulk action that names the versions the list showed leaves a unit changed since as it is, and answers it as it is now.
        type BulkAnswer = { updated: number; refused: number; changedElsewhere: { id: string; name: string; maintenance: boolean }[] };
        const staleBulk = await expectStatus<BulkAnswer>(200, 'POST', '/api/service-units/bulk-maintenance', {
          token,
          body: { ids: [id], maintenance: !kept.body.maintenance, versions: { [id]: read.body.version } },
        });
        expect(staleBulk.body).toMatchObject({ updated: 0, refused: 0 });
        expect(staleBulk.body.changedElsewhere).toEqual([
          expect.objectContaining({ id, name: 'Changed by the first', maintenance: kept.body.maintenance, version: changed.body.version }),
        ]);
        const untouched = await expectStatus<{ maintenance: boolean; version: number }>(200, 'GET', `/api/service-units/${id}`, { token });
        expect(untouched.body).toMatchObject({ maintenance: kept.body.maintenance, version: changed.body.version });
        const currentBulk = await expectStatus<BulkAnswer>(200, 'POST', '/api/service-units/bulk-maintenance', {
          token,
          body: { ids: [id], maintenance: true, versions: { [id]: changed.body.version } },
        });
        expect(currentBulk.body).toEqual({ updated: 1, refused: 0, changedElsewhere: [] });
        // Without versions (a script), every unit the caller may change is changed.
        await expectStatus(200, 'POST', '/api/service-units/bulk-maintenance', { token, body: { ids: [id], maintenance: false } });
        await expectStatus(422, 'POST', '/api/service-units/bulk-maintenance', { token, body: { ids: [id] } });
        await expectStatus(404, 'POST', '/api/service-units/bulk-maintenance', {
          token: t['globex'],
          body: { ids: [id], maintenance: true },
        });
        await expectStatus(404, 'DELETE', `/api/service-units/${id}`, { token: t['globex'] });
        await expectStatus(204, 'DELETE', `/api/service-units/${id}`, { token });
        await expectStatus(404, 'DELETE', `/api/service-units/${id}`, { token });
        const second = await expectStatus<{ id: string }>(201, 'POST', '/api/service-units', {
          token,
          body: { ...input, name: 'Contract Test Unit 2', hostname: 'contract-02.acme.example' },
        });
        await expectStatus(422, 'POST', '/api/service-units/bulk-delete', { token, body: { ids: [] } });
        await expectStatus(404, 'POST', '/api/service-units/bulk-delete', { token, body: { ids: [second.body.id, '99999'] } });
        const staleDelete = await expectStatus<{ deleted: number; changedElsewhere: { id: string }[] }>(
          200,
          'POST',
          '/api/service-units/bulk-delete',
          { token, body: { ids: [second.body.id], versions: { [second.body.id]: 99 } } },
        );
        expect(staleDelete.body.deleted).toBe(0);
        expect(staleDelete.body.changedElsewhere.map((unit) => unit.id)).toEqual([second.body.id]);
        await expectStatus(200, 'GET', `/api/service-units/${second.body.id}`, { token });
        await expectStatus(200, 'POST', '/api/service-units/bulk-delete', { token, body: { ids: [second.body.id] } });
      });
    });

    describe('processes', () => {
      it('lists processes and rules, ends a process once, adds, changes and deletes rules', async () => {
        const token = t['user'] as string;
        const list = await expectStatus<{ items: { id: string }[] }>(
          200,
          'GET',
          '/api/service-units/33/processes?sort=memoryMb&order=asc&search=',
          { token },
        );
        await expectStatus(404, 'GET', '/api/service-units/33/processes', { token: t['globex'] });
        const pid = list.body.items[0]?.id as string;
        await expectStatus(404, 'POST', `/api/processes/${pid}/end`, { token: t['globex'] });
        // A command for the unit's agent (the 'agents' describe follows one to its result, and the 409).
        const command = await expectStatus<{ id: string; status: string }>(202, 'POST', `/api/processes/${pid}/end`, { token });
        expect(command.body.status).toBe('pending');
        await expectStatus(200, 'GET', `/api/commands/${command.body.id}`, { token });
        await expectStatus(404, 'GET', `/api/commands/${command.body.id}`, { token: t['globex'] });
        await expectStatus(200, 'GET', '/api/service-units/33/process-rules', { token });
        await expectStatus(404, 'GET', '/api/service-units/33/process-rules', { token: t['globex'] });
        const rule = await expectStatus<{ id: string; createdAt: string; updatedAt: string }>(
          201,
          'POST',
          '/api/service-units/33/process-rules',
          {
            token,
            body: { pattern: 'steam*', action: 'block', enabled: true, comment: 'No games' },
          },
        );
        await expectStatus(422, 'POST', '/api/service-units/33/process-rules', {
          token,
          body: { pattern: 'steam*', action: 'block', enabled: true, comment: '' },
        });
        await expectStatus(404, 'POST', '/api/service-units/33/process-rules', {
          token: t['globex'],
          body: { pattern: 'x', action: 'block', enabled: true, comment: '' },
        });
        expect(rule.body.updatedAt).toBe(rule.body.createdAt);
        const rulePath = `/api/service-units/33/process-rules/${rule.body.id}`;
        // Concurrent edits: each change raises the version; a stale If-Match is refused with the rule as it is now.
        const toggled = await expectStatus<{ version: number; updatedBy: string; updatedAt: string }>(200, 'PUT', rulePath, {
          token,
          body: { enabled: false },
          headers: { 'If-Match': '"1"' },
        });
        // Who changed it and when: the conflict's title names both.
        expect(toggled.body).toMatchObject({ version: 2, updatedBy: expect.any(String), updatedAt: expect.any(String) });
        expect(Date.parse(toggled.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(rule.body.createdAt));
        expect(toggled.headers['etag']).toBe('"2"');
        const stale = await expectStatus<{ code: string; current: { enabled: boolean; version: number } }>(412, 'PUT', rulePath, {
          token,
          body: { enabled: true },
          headers: { 'If-Match': '"1"' },
        });
        expect(stale.body).toMatchObject({ code: 'changedElsewhere', current: { enabled: false, version: 2 } });
        await expectStatus(412, 'DELETE', rulePath, { token, headers: { 'If-Match': '"1"' } });
        await expectStatus(422, 'PUT', rulePath, { token, body: { action: 'maybe' } });
        await expectStatus(404, 'PUT', rulePath, { token: t['globex'], body: { enabled: true } });
        await expectStatus(404, 'DELETE', rulePath, { token: t['globex'] });
        await expectStatus(204, 'DELETE', rulePath, { token });
      });
    });

    describe('screenshots', () => {
      it('lists, reads, flags, deletes, captures on request, and hides other organizations’ screenshots', async () => {
        const token = t['user'] as string;
        const page = await expectStatus<{ items: { id: string }[] }>(
          200,
          'GET',
          '/api/screenshots?page=1&pageSize=3&unitId=33&flagged=false&order=asc&from=2020-01-01&to=2099-12-31&search=',
          { token },
        );
        const acmeShots = await expectStatus<{ items: { id: string }[] }>(200, 'GET', '/api/screenshots?pageSize=3', { token });
        const id = (page.body.items[0] ?? acmeShots.body.items[0])?.id as string;
        await expectStatus(200, 'GET', `/api/screenshots/${id}`, { token });
        await expectStatus(404, 'GET', `/api/screenshots/${id}`, { token: t['globex'] });
        await expectStatus(200, 'PATCH', `/api/screenshots/${id}`, { token, body: { flagged: true, note: 'Streaming during the shift' } });
        await expectStatus(200, 'PUT', `/api/screenshots/${id}`, { token, body: { flagged: false } });
        for (const method of ['PATCH', 'PUT']) {
          await expectStatus(400, method, `/api/screenshots/${id}`, { token, rawBody: '[1,2]' });
          await expectStatus(422, method, `/api/screenshots/${id}`, { token, body: { flagged: 'yes' } });
          await expectStatus(404, method, `/api/screenshots/${id}`, { token: t['globex'], body: { flagged: true } });
        }
        await expectStatus(404, 'DELETE', `/api/screenshots/${id}`, { token: t['globex'] });
        await expectStatus(204, 'DELETE', `/api/screenshots/${id}`, { token });
        await expectStatus(404, 'DELETE', `/api/screenshots/${id}`, { token });
        const others = acmeShots.body.items.map((s) => s.id).filter((x) => x !== id);
        await expectStatus(200, 'POST', '/api/screenshots/bulk-delete', { token, body: { ids: [...others, id] } });
        await expectStatus(422, 'POST', '/api/screenshots/bulk-delete', { token, body: { ids: [] } });
        const capture = await expectStatus<{ id: string }>(202, 'POST', '/api/service-units/33/capture', { token });
        await expectStatus(404, 'POST', '/api/service-units/33/capture', { token: t['globex'] });
        await expectStatus(200, 'GET', `/api/capture-requests/${capture.body.id}`, { token });
        await expectStatus(404, 'GET', `/api/capture-requests/${capture.body.id}`, { token: t['globex'] });
      });
    });

    describe('URL rules', () => {
      it('lists, reads, creates, updates and deletes rules; refuses invalid ones and other organizations’ ids', async () => {
        const token = t['user'] as string;
        await expectStatus(
          200,
          'GET',
          '/api/url-restrictions?page=1&pageSize=5&sort=pattern&order=asc&action=block&matchType=domain,wildcard&enabled=true&unit=33&search=com',
          { token },
        );
        const all = await expectStatus<{ items: { id: string }[] }>(200, 'GET', '/api/url-restrictions/all', { token });
        const id = all.body.items[0]?.id as string;
        await expectStatus(200, 'GET', `/api/url-restrictions/${id}`, { token });
        await expectStatus(404, 'GET', `/api/url-restrictions/${id}`, { token: t['globex'] });
        const input = {
          pattern: 'contract.example',
          matchType: 'domain',
          action: 'block',
          enabled: true,
          scope: { kind: 'units', unitIds: ['33'] },
          schedule: { kind: 'window', days: [1, 2, 3], from: '08:00', to: '17:00' },
          reason: 'Contract test',
        };
        const created = await expectStatus<{ id: string }>(201, 'POST', '/api/url-restrictions', { token, body: input });
        // The same rule again is a conflict with the stored one (409), named on the field, on create and on update.
        const again = await expectStatus<{ errors: Record<string, string> }>(409, 'POST', '/api/url-restrictions', { token, body: input });
        expect(again.body.errors).toEqual({ pattern: 'duplicateRule' });
        const sibling = await expectStatus<{ id: string }>(201, 'POST', '/api/url-restrictions', {
          token,
          body: { ...input, pattern: 'sibling.contract.example' },
        });
        await expectStatus(409, 'PUT', `/api/url-restrictions/${sibling.body.id}`, { token, body: input });
        await expectStatus(204, 'DELETE', `/api/url-restrictions/${sibling.body.id}`, { token });
        // A Globex user may not scope a rule to an Acme unit.
        await expectStatus(422, 'POST', '/api/url-restrictions', { token: t['globex'], body: { ...input, pattern: 'other.example' } });
        const path = `/api/url-restrictions/${created.body.id}`;
        await expectStatus(200, 'PUT', path, { token, body: { ...input, scope: { kind: 'all' }, schedule: { kind: 'always' } } });
        await expectStatus(422, 'PUT', path, { token, body: { ...input, matchType: 'fuzzy' } });
        await expectStatus(404, 'PUT', path, { token: t['globex'], body: input });
        // Concurrent edits, as for units: a stale If-Match is refused with the rule as it is now.
        const read = await expectStatus<{ version: number }>(200, 'GET', path, { token });
        const etag = read.headers['etag'] ?? '';
        expect(etag).toBe(`"${read.body.version}"`);
        await expectStatus(200, 'PUT', path, { token, body: { ...input, reason: 'First' }, headers: { 'If-Match': etag } });
        const stale = await expectStatus<{ code: string; current: { reason: string } }>(412, 'PUT', path, {
          token,
          body: { ...input, reason: 'Second' },
          headers: { 'If-Match': etag },
        });
        expect(stale.body).toMatchObject({ code: 'changedElsewhere', current: { reason: 'First' } });
        await expectStatus(412, 'DELETE', path, { token, headers: { 'If-Match': etag } });
        await expectStatus(404, 'DELETE', path, { token: t['globex'] });
        await expectStatus(204, 'DELETE', path, { token });
      });
    });

    describe('dashboards', () => {
      it('answers the user dashboard to everyone and the admin dashboard to admin roles only', async () => {
        for (const path of [
          '/api/dashboard/summary',
          '/api/dashboard/latest-screenshots?limit=3',
          '/api/dashboard/recent-offline?limit=3',
        ]) {
          await expectStatus(200, 'GET', path, { token: t['user'] });
        }
        for (const path of ['summary', 'units-trend', 'top-risk', 'recent-sign-ins']) {
          await expectStatus(200, 'GET', `/api/admin/dashboard/${path}`, { token: t['operator'] });
          await expectStatus(403, 'GET', `/api/admin/dashboard/${path}`, { token: t['user'] });
        }
      });
    });

    describe('prediction report', () => {
      it('answers admin roles with filters and refuses users and unknown bands', async () => {
        const token = t['admin'] as string;
        await expectStatus(200, 'GET', '/api/reports/prediction?organizationId=1&band=high&page=1&pageSize=5&sort=trend&order=desc', {
          token,
        });
        // A column the report has no sort for is refused, not quietly replaced by another.
        const sort = await expectStatus<{ errors: Record<string, string> }>(400, 'GET', '/api/reports/prediction?sort=riskScore', {
          token,
        });
        expect(sort.body.errors).toEqual({ sort: 'invalidValue' });
        await expectStatus(400, 'GET', '/api/reports/prediction?band=extreme', { token });
        await expectStatus(200, 'GET', '/api/reports/prediction/export?band=low', { token });
        await expectStatus(400, 'GET', '/api/reports/prediction/export?band=extreme', { token });
        await expectStatus(200, 'GET', '/api/reports/prediction/organizations', { token });
        await expectStatus(200, 'GET', '/api/reports/prediction/units?organizationId=1&search=kiosk', { token });
        await expectStatus(200, 'GET', '/api/reports/prediction/units/33', { token });
        await expectStatus(404, 'GET', '/api/reports/prediction/units/99999', { token });
        for (const path of ['', '/export', '/organizations', '/units', '/units/33']) {
          await expectStatus(403, 'GET', `/api/reports/prediction${path}`, { token: t['user'] });
        }
      });
    });

    describe('organizations', () => {
      it('lists, reads, creates, updates and changes status; refuses users, admins outside their organization and bad input', async () => {
        const su = t['superadmin'] as string;
        await expectStatus(200, 'GET', '/api/organizations?page=1&pageSize=3&sort=code&order=asc&status=active&search=e', { token: su });
        await expectStatus(403, 'GET', '/api/organizations', { token: t['user'] });
        await expectStatus(200, 'GET', '/api/organizations/options?search=ac&limit=5', { token: su });
        await expectStatus(403, 'GET', '/api/organizations/options', { token: t['user'] });
        await expectStatus(200, 'GET', '/api/organizations/export?status=active,suspended', { token: su });
        await expectStatus(403, 'GET', '/api/organizations/export', { token: t['user'] });
        await expectStatus(200, 'GET', '/api/organizations/1', { token: t['admin'] });
        await expectStatus(403, 'GET', '/api/organizations/1', { token: t['user'] });
        await expectStatus(404, 'GET', '/api/organizations/99999', { token: su });
        const input = {
          name: 'Contract Corp',
          code: 'CONTRACT',
          contactEmail: 'it@contract.example',
          phone: '+1 555 0300',
          address: '1 Test Road',
          timezone: 'Europe/Lisbon',
          seatLimit: 10,
          screenshotPolicy: { enabled: true, intervalMinutes: 15, retentionDays: 30 },
        };
        const created = await expectStatus<{ id: string }>(201, 'POST', '/api/organizations', { token: su, body: input });
        const again = await expectStatus<{ errors: Record<string, string> }>(409, 'POST', '/api/organizations', { token: su, body: input });
        expect(again.body.errors).toEqual({ code: 'duplicateCode' });
        await expectStatus(403, 'POST', '/api/organizations', { token: t['admin'], body: { ...input, code: 'OTHER' } });
        const id = created.body.id;
        await expectStatus(200, 'PUT', `/api/organizations/${id}`, { token: su, body: { ...input, seatLimit: 20 } });
        await expectStatus(422, 'PUT', `/api/organizations/${id}`, { token: su, body: { ...input, timezone: 'Mars/Olympus' } });
        await expectStatus(409, 'PUT', `/api/organizations/${id}`, { token: su, body: { ...input, code: 'GLOBEX' } });
        await expectStatus(403, 'PUT', `/api/organizations/${id}`, { token: t['admin'], body: input });
        await expectStatus(404, 'PUT', '/api/organizations/99999', { token: su, body: input });
        // Concurrent edits: a stale If-Match is refused with the organization as it is now, and deletes nothing.
        const read = await expectStatus<{ version: number }>(200, 'GET', `/api/organizations/${id}`, { token: su });
        const etag = read.headers['etag'] ?? '';
        expect(etag).toBe(`"${read.body.version}"`);
        await expectStatus(200, 'PUT', `/api/organizations/${id}`, {
          token: su,
          body: { ...input, seatLimit: 21 },
          headers: { 'If-Match': etag },
        });
        const stale = await expectStatus<{ code: string; current: { seatLimit: number } }>(412, 'PUT', `/api/organizations/${id}`, {
          token: su,
          body: { ...input, seatLimit: 22 },
          headers: { 'If-Match': etag },
        });
        expect(stale.body).toMatchObject({ code: 'changedElsewhere', current: { seatLimit: 21 } });
        await expectStatus(412, 'DELETE', `/api/organizations/${id}`, { token: su, headers: { 'If-Match': etag } });
        await expectStatus(200, 'GET', `/api/organizations/${id}/audit?page=1&pageSize=5`, { token: su });
        await expectStatus(404, 'GET', '/api/organizations/99999/audit', { token: su });
        await expectStatus(403, 'GET', '/api/organizations/1/audit', { token: t['user'] });
        await expectStatus(422, 'POST', `/api/organizations/${id}/suspend`, { token: su, body: {} });
        await expectStatus(200, 'POST', `/api/organizations/${id}/suspend`, { token: su, body: { reason: 'Invoice overdue' } });
        await expectStatus(409, 'POST', `/api/organizations/${id}/suspend`, { token: su, body: { reason: 'Again' } });
        await expectStatus(200, 'POST', `/api/organizations/${id}/activate`, { token: su, body: { reason: 'Paid' } });
        await expectStatus(409, 'POST', `/api/organizations/${id}/activate`, { token: su, body: { reason: 'Paid twice' } });
        await expectStatus(422, 'POST', `/api/organizations/${id}/activate`, { token: su, body: {} });
        await expectStatus(422, 'POST', `/api/organizations/${id}/archive`, { token: su, body: { reason: 'x'.repeat(501) } });
        await expectStatus(200, 'POST', `/api/organizations/${id}/archive`, { token: su, body: {} });
        await expectStatus(409, 'POST', `/api/organizations/${id}/archive`, { token: su, body: {} });
        await expectStatus(409, 'POST', '/api/organizations/1/archive', { token: su, body: {} });
        for (const action of ['suspend', 'activate', 'archive']) {
          await expectStatus(403, 'POST', `/api/organizations/2/${action}`, { token: t['admin'], body: { reason: 'Not mine' } });
          await expectStatus(404, 'POST', `/api/organizations/99999/${action}`, { token: su, body: { reason: 'Gone' } });
        }
        // A change of status raises the version: a bulk that names an older one leaves the organization as it is.
        const archived = await expectStatus<{ version: number; status: string }>(200, 'GET', `/api/organizations/${id}`, { token: su });
        expect(archived.body.version).toBeGreaterThan(read.body.version + 1);
        const staleStatus = await expectStatus<{ updated: number; changedElsewhere: { id: string; status: string }[] }>(
          200,
          'POST',
          '/api/organizations/bulk-status',
          { token: su, body: { ids: [id], action: 'activate', reason: 'Back', versions: { [id]: read.body.version } } },
        );
        expect(staleStatus.body).toMatchObject({ updated: 0, changedElsewhere: [{ id, status: archived.body.status }] });
        await expectStatus(200, 'POST', '/api/organizations/bulk-status', {
          token: su,
          body: { ids: [id, '2'], action: 'activate', reason: 'Back', versions: { [id]: archived.body.version } },
        });
        await expectStatus(422, 'POST', '/api/organizations/bulk-status', {
          token: su,
          body: { ids: [id], action: 'delete', reason: 'x' },
        });
        await expectStatus(404, 'POST', '/api/organizations/bulk-status', {
          token: su,
          body: { ids: ['99999'], action: 'suspend', reason: 'x' },
        });
        await expectStatus(403, 'POST', '/api/organizations/bulk-status', {
          token: t['admin'],
          body: { ids: ['2'], action: 'suspend', reason: 'x' },
        });
        await expectStatus(409, 'DELETE', '/api/organizations/1', { token: su });
        await expectStatus(403, 'DELETE', `/api/organizations/${id}`, { token: t['admin'] });
        await expectStatus(204, 'DELETE', `/api/organizations/${id}`, { token: su });
        await expectStatus(404, 'DELETE', `/api/organizations/${id}`, { token: su });
      });
    });

    describe('users', () => {
      it('lists, invites, updates, disables, enables, resets, revokes and deletes; refuses what roles and organizations forbid', async () => {
        const su = t['superadmin'] as string;
        const admin = t['admin'] as string;
        await expectStatus(
          200,
          'GET',
          '/api/users?page=1&pageSize=5&sort=email&order=desc&role=4&status=active,invited&organizationId=1&search=a',
          { token: su },
        );
        await expectStatus(403, 'GET', '/api/users', { token: t['user'] });
        await expectStatus(200, 'GET', '/api/users/export?role=2', { token: admin });
        await expectStatus(403, 'GET', '/api/users/export', { token: t['user'] });
        await expectStatus(200, 'GET', '/api/users/1', { token: admin });
        await expectStatus(403, 'GET', '/api/users/1', { token: t['user'] });
        // Gabe (Globex admin) does not see Acme's accounts.
        await expectStatus(404, 'GET', '/api/users/1', { token: t['gabe'] });
        await expectStatus(200, 'GET', '/api/users/1/audit', { token: su });
        await expectStatus(404, 'GET', '/api/users/1/audit', { token: t['gabe'] });
        await expectStatus(403, 'GET', '/api/users/1/audit', { token: t['user'] });
        const input = { fullName: 'Nina Night', username: 'nina', email: 'nina@acme.example', phone: '', roleId: 3, organizationId: '1' };
        const invited = await expectStatus<{ user: { id: string }; link: { token: string } }>(201, 'POST', '/api/users', {
          token: admin,
          body: input,
        });
        const again = await expectStatus<{ errors: Record<string, string> }>(409, 'POST', '/api/users', { token: admin, body: input });
        expect(again.body.errors).toEqual({ username: 'duplicateUsername', email: 'duplicateEmail' });
        await expectStatus(403, 'POST', '/api/users', {
          token: admin,
          body: { ...input, username: 'nina2', email: 'nina2@acme.example', roleId: 1 },
        });
        const id = invited.body.user.id;
        const link = invited.body.link.token;
        await expectStatus(200, 'GET', `/api/set-password?token=${link}`, {});
        await expectStatus(404, 'GET', '/api/set-password?token=0123456789abcdef0123', {});
        await expectStatus(422, 'POST', '/api/set-password', { body: { token: link, password: 'short', rePassword: 'short' } });
        await expectStatus(200, 'POST', '/api/set-password', {
          body: { token: link, password: 'a-longer-secret', rePassword: 'a-longer-secret' },
        });
        await expectStatus(404, 'POST', '/api/set-password', {
          body: { token: link, password: 'a-longer-secret', rePassword: 'a-longer-secret' },
        });
        await expectStatus(200, 'PUT', `/api/users/${id}`, { token: admin, body: { ...input, fullName: 'Nina Nightingale' } });
        await expectStatus(422, 'PUT', `/api/users/${id}`, { token: admin, body: { ...input, email: 'nope' } });
        await expectStatus(404, 'PUT', `/api/users/${id}`, { token: t['gabe'], body: input });
        // Concurrent edits: a stale If-Match is refused with the account as it is now, and deletes nothing.
        const read = await expectStatus<{ version: number }>(200, 'GET', `/api/users/${id}`, { token: admin });
        const etag = read.headers['etag'] ?? '';
        expect(etag).toBe(`"${read.body.version}"`);
        await expectStatus(200, 'PUT', `/api/users/${id}`, {
          token: admin,
          body: { ...input, fullName: 'Nina First' },
          headers: { 'If-Match': etag },
        });
        const stale = await expectStatus<{ code: string; current: { fullName: string } }>(412, 'PUT', `/api/users/${id}`, {
          token: admin,
          body: { ...input, fullName: 'Nina Second' },
          headers: { 'If-Match': etag },
        });
        expect(stale.body).toMatchObject({ code: 'changedElsewhere', current: { fullName: 'Nina First' } });
        await expectStatus(412, 'DELETE', `/api/users/${id}`, { token: admin, headers: { 'If-Match': etag } });
        await expectStatus(403, 'PUT', '/api/users/1', {
          token: admin,
          body: {
            fullName: 'Sophie Admin',
            username: 'superadmin',
            email: 'superadmin@acme.example',
            phone: '',
            roleId: 1,
            organizationId: '1',
          },
        });
        await expectStatus(200, 'POST', `/api/users/${id}/disable`, { token: admin });
        await expectStatus(409, 'POST', `/api/users/${id}/disable`, { token: admin });
        await expectStatus(409, 'POST', `/api/users/${id}/reset-password`, { token: admin });
        await expectStatus(200, 'POST', `/api/users/${id}/enable`, { token: admin });
        await expectStatus(409, 'POST', `/api/users/${id}/enable`, { token: admin });
        await expectStatus(200, 'POST', `/api/users/${id}/reset-password`, { token: admin });
        await expectStatus(200, 'POST', `/api/users/${id}/revoke-sessions`, { token: admin });
        for (const action of ['disable', 'enable', 'reset-password', 'revoke-sessions']) {
          await expectStatus(404, 'POST', `/api/users/${id}/${action}`, { token: t['gabe'] });
          await expectStatus(403, 'POST', `/api/users/1/${action}`, { token: admin });
        }
        await expectStatus(403, 'DELETE', '/api/users/1', { token: admin });
        await expectStatus(403, 'DELETE', '/api/users/1', { token: su });
        await expectStatus(404, 'DELETE', `/api/users/${id}`, { token: t['gabe'] });
        await expectStatus(204, 'DELETE', `/api/users/${id}`, { token: admin });
      });
    });

    describe('agents (enrolment, the agent API, commands) and live events', () => {
      const system = (hostname: string) => ({
        hostname,
        platform: 'linux',
        osName: 'Debian GNU/Linux 12 (bookworm)',
        ipAddresses: ['10.9.8.7', 'fe80::1%eth0'],
        uptimeS: 3600,
        agentVersion: '1.0.0',
      });
      const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';
      const shot = (unitId: string, commandId: string | null = null) => ({
        unitId,
        commandId,
        capturedAt: '2026-11-26T10:00:00.000Z',
        width: 1,
        height: 1,
        activeWindowTitle: 'Terminal',
        processName: 'bash',
        contentType: 'image/png',
        data: PNG,
      });
      const enrol = async (hostname: string) => {
        const token = await expectStatus<{ token: string; organizationId: string }>(201, 'POST', '/api/agent-enrolments', {
          token: t['user'],
        });
        expect(token.body.token).toMatch(/^sua_enrol_[A-Za-z0-9_-]{43}$/);
        expect(token.body.organizationId).toBe('1');
        const enrolled = await expectStatus<{ unitId: string; credential: string; heartbeatIntervalS: number }>(
          201,
          'POST',
          '/api/agent/enrol',
          { body: { token: token.body.token, system: system(hostname) } },
        );
        // One use only.
        const again = await expectStatus<{ code: string }>(401, 'POST', '/api/agent/enrol', {
          body: { token: token.body.token, system: system(hostname) },
        });
        expect(again.body.code).toBe('enrolmentInvalid');
        return enrolled.body;
      };

      it('takes a hostname as machines report it (underscore, capitals) and refuses what the unit form would, so the unit stays editable', async () => {
        const user = t['user'] as string;
        const token = await expectStatus<{ token: string }>(201, 'POST', '/api/agent-enrolments', { token: user });
        for (const hostname of ['front desk', 'bad_host!', '-gate', 'a'.repeat(64), 'gate..example']) {
          const refused = await expectStatus<{ errors: Record<string, string> }>(422, 'POST', '/api/agent/enrol', {
            body: { token: token.body.token, system: system(hostname) },
          });
          expect(refused.body.errors).toEqual({ 'system.hostname': 'invalidHostname' });
        }
        // A refused enrolment does not use the token up.
        const enrolled = await expectStatus<{ unitId: string; credential: string }>(201, 'POST', '/api/agent/enrol', {
          body: { token: token.body.token, system: system('DESKTOP_7QK2L1M.Corp') },
        });
        const unit = await expectStatus<Record<string, unknown>>(200, 'GET', `/api/service-units/${enrolled.body.unitId}`, { token: user });
        expect(unit.body['hostname']).toBe('desktop_7qk2l1m.corp');
        // Editing the unit the agent created passes the form's rule with the hostname as reported.
        const { name, hostname, ipAddress, operatingSystem, location, description, tags, screenshotIntervalMinutes } = unit.body;
        const edit = {
          name,
          hostname,
          ipAddress,
          operatingSystem,
          location,
          description,
          tags,
          screenshotIntervalMinutes,
          maintenance: true,
        };
        await expectStatus(200, 'PUT', `/api/service-units/${enrolled.body.unitId}`, { token: user, body: edit });
        await expectStatus(422, 'PUT', `/api/service-units/${enrolled.body.unitId}`, {
          token: user,
          body: { ...edit, hostname: 'bad_host!' },
        });
        // A heartbeat is held to the same rule.
        const refused = await expectStatus<{ errors: Record<string, string> }>(422, 'POST', '/api/agent/heartbeat', {
          token: enrolled.body.credential,
          body: { unitId: enrolled.body.unitId, system: system('front desk') },
        });
        expect(refused.body.errors).toEqual({ 'system.hostname': 'invalidHostname' });
        await expectStatus(200, 'POST', '/api/agent/heartbeat', {
          token: enrolled.body.credential,
          body: { unitId: enrolled.body.unitId, system: system('Desktop_7QK2L1M.corp') },
        });
        await expectStatus(204, 'DELETE', `/api/service-units/${enrolled.body.unitId}`, { token: user });
      });

      it('enrols, heartbeats, reports, uploads, fetches config and commands, answers them; refuses what it must', async () => {
        const user = t['user'] as string;
        await expectStatus(403, 'POST', '/api/agent-enrolments', { token: t['operator'] });
        const start = await expectStatus<{ items: unknown[]; lastId: string }>(200, 'GET', '/api/events/recent', { token: user });
        expect(start.body.items).toEqual([]);
        const globexStart = await expectStatus<{ lastId: string }>(200, 'GET', '/api/events/recent', { token: t['globex'] });

        const a = await enrol('contract-agent-a');
        const b = await enrol('contract-agent-a');
        const unitA = await expectStatus<{ name: string; status: string; agent: { kind: string; system: { hostname: string } } }>(
          200,
          'GET',
          `/api/service-units/${a.unitId}`,
          { token: user },
        );
        expect(unitA.body).toMatchObject({ name: 'contract-agent-a', status: 'online', agent: { kind: 'enrolled' } });
        const unitB = await expectStatus<{ name: string }>(200, 'GET', `/api/service-units/${b.unitId}`, { token: user });
        expect(unitB.body.name).toBe('contract-agent-a (2)');

        // The enrolment's refusals.
        await expectStatus(401, 'POST', '/api/agent/enrol', { body: { token: 'sua_enrol_' + 'x'.repeat(43), system: system('x') } });
        await expectStatus(422, 'POST', '/api/agent/enrol', { body: {} });
        await expectStatus(400, 'POST', '/api/agent/enrol', { rawBody: '{not json' });
        await expectStatus(415, 'POST', '/api/agent/enrol', { rawBody: 'token=x', headers: { 'Content-Type': 'text/plain' } });

        const ca = a.credential;
        const heartbeat = { unitId: a.unitId, system: system('contract-agent-a') };
        const ack = await expectStatus<{ heartbeatIntervalS: number; pendingCommands: number }>(200, 'POST', '/api/agent/heartbeat', {
          token: ca,
          body: heartbeat,
        });
        expect(ack.body.heartbeatIntervalS).toBe(a.heartbeatIntervalS);
        const other = await expectStatus<{ code: string }>(403, 'POST', '/api/agent/heartbeat', {
          token: ca,
          body: { ...heartbeat, unitId: b.unitId },
        });
        expect(other.body.code).toBe('otherUnit');
        await expectStatus(422, 'POST', '/api/agent/heartbeat', { token: ca, body: { unitId: a.unitId, system: { hostname: '' } } });
        await expectStatus(400, 'POST', '/api/agent/heartbeat', { token: ca, rawBody: '{not json' });
        const media = await expectStatus<{ code: string }>(415, 'POST', '/api/agent/heartbeat', {
          token: ca,
          rawBody: JSON.stringify(heartbeat),
          headers: { 'Content-Type': 'text/plain' },
        });
        expect(media.body.code).toBe('unsupportedMediaType');
        // A user's token on the agent API, a credential on the user API.
        const userThere = await expectStatus<{ code: string }>(401, 'POST', '/api/agent/heartbeat', { token: user, body: heartbeat });
        expect(userThere.body.code).toBe('agentUnauthorized');
        await expectStatus(401, 'GET', '/api/agent/config', { token: user });
        await expectStatus(401, 'GET', '/api/service-units', { token: ca });
        await expectStatus(401, 'GET', '/api/events/recent', { token: ca });

        const processes = [
          { pid: 101, name: 'sua-agent', user: 'root', cpuPercent: 0.5, memoryMb: 40, startedAt: '2026-11-26T09:00:00.000Z' },
          { pid: 202, name: 'sleep', user: 'ops', cpuPercent: 0, memoryMb: 1, startedAt: null },
        ];
        const report = await expectStatus<{ running: number; started: number; ended: number }>(200, 'PUT', '/api/agent/processes', {
          token: ca,
          body: { unitId: a.unitId, processes },
        });
        expect(report.body).toEqual({ running: 2, started: 2, ended: 0 });
        await expectStatus(403, 'PUT', '/api/agent/processes', { token: ca, body: { unitId: b.unitId, processes } });
        await expectStatus(422, 'PUT', '/api/agent/processes', { token: ca, body: { unitId: a.unitId, processes: [{ pid: -1 }] } });
        await expectStatus(400, 'PUT', '/api/agent/processes', { token: ca, rawBody: '[' });
        await expectStatus(415, 'PUT', '/api/agent/processes', { token: ca, rawBody: '{}', headers: { 'Content-Type': 'text/csv' } });

        const uploaded = await expectStatus<{ screenshotId: string }>(201, 'POST', '/api/agent/screenshots', {
          token: ca,
          body: shot(a.unitId),
        });
        const image = await expectStatus<{ data: string }>(200, 'GET', `/api/screenshots/${uploaded.body.screenshotId}/image`, {
          token: user,
        });
        expect(image.body.data).toBe(PNG);
        await expectStatus(404, 'GET', `/api/screenshots/${uploaded.body.screenshotId}/image`, { token: t['globex'] });
        const seeded = await expectStatus<{ items: { id: string }[] }>(200, 'GET', '/api/screenshots?pageSize=1&order=asc', {
          token: user,
        });
        await expectStatus(404, 'GET', `/api/screenshots/${seeded.body.items[0]?.id ?? ''}/image`, { token: user });
        const large = await expectStatus<{ code: string }>(413, 'POST', '/api/agent/screenshots', {
          token: ca,
          body: { ...shot(a.unitId), data: 'A'.repeat(1_400_004) },
        });
        expect(large.body.code).toBe('screenshotTooLarge');
        await expectStatus(403, 'POST', '/api/agent/screenshots', { token: ca, body: shot(b.unitId) });
        await expectStatus(422, 'POST', '/api/agent/screenshots', { token: ca, body: { ...shot(a.unitId), contentType: 'image/gif' } });
        await expectStatus(400, 'POST', '/api/agent/screenshots', { token: ca, rawBody: '{"unitId":' });
        await expectStatus(415, 'POST', '/api/agent/screenshots', { token: ca, rawBody: '{}', headers: { 'Content-Type': 'image/png' } });

        const config = await expectStatus<{ unitId: string }>(200, 'GET', '/api/agent/config', { token: ca });
        expect(config.body.unitId).toBe(a.unitId);

        // A person's commands reach the agent: end a process, capture a screenshot.
        const listed = await expectStatus<{ items: { id: string; pid: number }[] }>(
          200,
          'GET',
          `/api/service-units/${a.unitId}/processes`,
          {
            token: user,
          },
        );
        const sleep = listed.body.items.find((p) => p.pid === 202);
        const end = await expectStatus<{ id: string }>(202, 'POST', `/api/processes/${sleep?.id ?? ''}/end`, { token: user });
        const capture = await expectStatus<{ id: string; status: string }>(202, 'POST', `/api/service-units/${a.unitId}/capture`, {
          token: user,
        });
        expect(capture.body.status).toBe('pending');
        await expectStatus(400, 'GET', '/api/agent/commands?wait=99', { token: ca });
        const fetched = await expectStatus<{ items: { id: string; kind: string }[] }>(200, 'GET', '/api/agent/commands?wait=0', {
          token: ca,
        });
        expect(fetched.body.items.map((c) => c.kind).sort()).toEqual(['captureScreenshot', 'endProcess']);
        const captureCommand = fetched.body.items.find((c) => c.kind === 'captureScreenshot')?.id ?? '';
        // Another unit's command is unknown to this credential.
        await expectStatus(404, 'POST', `/api/agent/commands/${end.body.id}/result`, {
          token: b.credential,
          body: { status: 'succeeded' },
        });
        await expectStatus(422, 'POST', `/api/agent/commands/${end.body.id}/result`, { token: ca, body: { status: 'done' } });
        await expectStatus(400, 'POST', `/api/agent/commands/${end.body.id}/result`, { token: ca, rawBody: '{' });
        await expectStatus(415, 'POST', `/api/agent/commands/${end.body.id}/result`, {
          token: ca,
          rawBody: '{}',
          headers: { 'Content-Type': 'text/plain' },
        });
        const done = await expectStatus<{ status: string }>(200, 'POST', `/api/agent/commands/${end.body.id}/result`, {
          token: ca,
          body: { status: 'succeeded' },
        });
        expect(done.body.status).toBe('succeeded');
        await expectStatus(409, 'POST', `/api/agent/commands/${end.body.id}/result`, { token: ca, body: { status: 'failed' } });
        await expectStatus(409, 'POST', `/api/processes/${sleep?.id ?? ''}/end`, { token: user });
        const command = await expectStatus<{ status: string }>(200, 'GET', `/api/commands/${end.body.id}`, { token: user });
        expect(command.body.status).toBe('succeeded');
        await expectStatus(200, 'POST', `/api/agent/commands/${captureCommand}/result`, {
          token: ca,
          body: { status: 'notSupported', message: 'No display' },
        });
        const captureState = async (id: string) =>
          (await expectStatus<{ status: string; failureReason: string }>(200, 'GET', `/api/capture-requests/${id}`, { token: user })).body;
        expect(await captureState(capture.body.id)).toMatchObject({ status: 'failed', failureReason: 'notSupported' });
        // A capture still waiting when its unit is deleted fails as unitGone (the screen explains it), not 404.
        const orphaned = await expectStatus<{ id: string; status: string }>(202, 'POST', `/api/service-units/${a.unitId}/capture`, {
          token: user,
        });
        expect(orphaned.body.status).toBe('pending');
        await expectStatus(204, 'DELETE', `/api/service-units/${a.unitId}`, { token: user });
        expect(await captureState(orphaned.body.id)).toMatchObject({ status: 'failed', failureReason: 'unitGone' });

        // Revocation: the agent's next call is refused; twice is a conflict.
        await expectStatus(403, 'DELETE', `/api/service-units/${b.unitId}/agent`, { token: t['operator'] });
        await expectStatus(404, 'DELETE', `/api/service-units/${b.unitId}/agent`, { token: t['globex'] });
        const revoked = await expectStatus<{ agent: { revokedAt: string | null } }>(200, 'DELETE', `/api/service-units/${b.unitId}/agent`, {
          token: user,
        });
        expect(revoked.body.agent.revokedAt).not.toBeNull();
        await expectStatus(409, 'DELETE', `/api/service-units/${b.unitId}/agent`, { token: user });
        await expectStatus(401, 'POST', '/api/agent/heartbeat', { token: b.credential, body: { unitId: b.unitId, system: system('b') } });

        // The events: the own organization's, in order; none of them reaches another organization. On PostgreSQL
        // an event is listed once every transaction that began before its own has ended, in any database of the
        // cluster (docs/server.md, "Live events"): other test files run beside this one, so it asks again.
        const recent = () =>
          expectStatus<{ items: { id: string; type: string; organizationId: string | null }[]; lastId: string }>(
            200,
            'GET',
            `/api/events/recent?after=${start.body.lastId}&limit=500`,
            { token: user },
          );
        const events = await vi.waitFor(
          async () => {
            const answer = await recent();
            const types = answer.body.items.map((e) => e.type);
            expect(types).toEqual(expect.arrayContaining(['unit.created', 'processes.changed', 'screenshot.captured', 'command.finished']));
            return answer;
          },
          { timeout: 10_000, interval: 100 },
        );
        expect(events.body.items.every((e) => e.organizationId === '1')).toBe(true);
        const ids = events.body.items.map((e) => Number(e.id));
        expect(ids).toEqual([...ids].sort((x, y) => x - y));
        const globex = await expectStatus<{ items: { organizationId: string | null }[] }>(
          200,
          'GET',
          `/api/events/recent?after=${globexStart.body.lastId}`,
          { token: t['globex'] },
        );
        expect(globex.body.items.filter((e) => e.organizationId === '1')).toEqual([]);
        await expectStatus(400, 'GET', '/api/events/recent?after=abc', { token: user });
        // The stream: the server keeps it open (so only its start is read), Mirage ends it at once.
        const stream = await readStream(`/api/events?after=${start.body.lastId}`, user, 'event: unit.created');
        expect(stream.status).toBe(200);
        expect(stream.contentType).toContain('text/event-stream');
        expect(stream.text).toMatch(/id: \d+\nevent: unit\.created\ndata: \{/);
        exercised.add('GET /api/events 200');
      }, 60_000);
    });

    describe('audit log', () => {
      it('answers admins (their organization) and refuses users', async () => {
        await expectStatus(200, 'GET', '/api/audit-log?page=1&pageSize=10&resource=user&actorId=2&organizationId=1&recordId=1', {
          token: t['superadmin'],
        });
        await expectStatus(200, 'GET', '/api/audit-log', { token: t['admin'] });
        await expectStatus(403, 'GET', '/api/audit-log', { token: t['user'] });
      });
    });

    describe('user-area writes by a read-only role (tests/mirage/permission-matrix.test.ts has every role)', () => {
      it('403 with the reason for every write of the operator, who reads them', async () => {
        const token = t['operator'] as string;
        const unit = {
          name: 'Operator Unit',
          hostname: 'op-01.acme.example',
          ipAddress: '10.9.9.8',
          operatingSystem: 'linux',
          location: 'Lab',
          description: '',
          tags: [],
          maintenance: false,
          screenshotIntervalMinutes: 15,
        };
        await expectStatus(403, 'POST', '/api/service-units', { token, body: unit });
        await expectStatus(403, 'PUT', '/api/service-units/33', { token, body: unit });
        await expectStatus(403, 'DELETE', '/api/service-units/33', { token });
        await expectStatus(403, 'POST', '/api/service-units/bulk-delete', { token, body: { ids: ['33'] } });
        await expectStatus(403, 'POST', '/api/service-units/bulk-maintenance', { token, body: { ids: ['33'], maintenance: true } });
        const processes = await expectStatus<{ items: { id: string }[] }>(200, 'GET', '/api/service-units/33/processes', { token });
        await expectStatus(403, 'POST', `/api/processes/${processes.body.items[0]?.id ?? ''}/end`, { token });
        const rule = await expectStatus<{ id: string }>(201, 'POST', '/api/service-units/33/process-rules', {
          token: t['user'],
          body: { pattern: 'operator*', action: 'block', enabled: true, comment: '' },
        });
        await expectStatus(403, 'POST', '/api/service-units/33/process-rules', {
          token,
          body: { pattern: 'x', action: 'block', enabled: true, comment: '' },
        });
        await expectStatus(403, 'PUT', `/api/service-units/33/process-rules/${rule.body.id}`, { token, body: { enabled: false } });
        await expectStatus(403, 'DELETE', `/api/service-units/33/process-rules/${rule.body.id}`, { token });
        const shots = await expectStatus<{ items: { id: string }[] }>(200, 'GET', '/api/screenshots?pageSize=1', { token });
        const shot = shots.body.items[0]?.id ?? '';
        await expectStatus(403, 'PATCH', `/api/screenshots/${shot}`, { token, body: { flagged: true } });
        await expectStatus(403, 'PUT', `/api/screenshots/${shot}`, { token, body: { flagged: true } });
        await expectStatus(403, 'DELETE', `/api/screenshots/${shot}`, { token });
        await expectStatus(403, 'POST', '/api/screenshots/bulk-delete', { token, body: { ids: [shot] } });
        await expectStatus(403, 'POST', '/api/service-units/33/capture', { token });
        const rules = await expectStatus<{ items: { id: string }[] }>(200, 'GET', '/api/url-restrictions/all', { token });
        const ruleBody = {
          pattern: 'operator.example',
          matchType: 'domain',
          action: 'block',
          enabled: true,
          scope: { kind: 'all' },
          schedule: { kind: 'always' },
          reason: '',
        };
        await expectStatus(403, 'POST', '/api/url-restrictions', { token, body: ruleBody });
        await expectStatus(403, 'PUT', `/api/url-restrictions/${rules.body.items[0]?.id ?? ''}`, { token, body: ruleBody });
        await expectStatus(403, 'DELETE', `/api/url-restrictions/${rules.body.items[0]?.id ?? ''}`, { token });
      });
    });

    describe('the last super admin', () => {
      it('409 when the last active super admin would move into an organization that is not active', async () => {
        const token = t['superadmin'] as string;
        const found = await expectStatus<{ items: { id: string; username: string }[] }>(200, 'GET', '/api/users?search=superadmin', {
          token,
        });
        const id = found.body.items.find((u) => u.username === 'superadmin')?.id ?? '';
        const options = await expectStatus<{ items: { id: string; status: string }[] }>(200, 'GET', '/api/organizations/options', {
          token,
        });
        const suspended = options.body.items.find((o) => o.status !== 'active')?.id ?? '';
        const self = await expectStatus<Record<string, unknown>>(200, 'GET', `/api/users/${id}`, { token });
        await expectStatus(409, 'PUT', `/api/users/${id}`, { token, body: { ...self.body, organizationId: suspended } });
      });
    });

    describe('every endpoint refuses what the contract says it refuses', () => {
      const agentSystem = (hostname: string) => ({
        hostname,
        platform: 'linux',
        osName: 'Debian',
        ipAddresses: ['10.0.0.1'],
        uptimeS: 1,
        agentVersion: '1.0.0',
      });
      /** An agent enrolled for `user`'s organization: its unit and credential. */
      const enrolAgent = async (hostname: string) => {
        const enrolment = await expectStatus<{ token: string }>(201, 'POST', '/api/agent-enrolments', { token: t['user'] });
        const enrolled = await expectStatus<{ unitId: string; credential: string }>(201, 'POST', '/api/agent/enrol', {
          body: { token: enrolment.body.token, system: agentSystem(hostname) },
        });
        return enrolled.body;
      };
      /** What a caller of the operation presents: the application key, the agent's credential, or a bearer token. */
      const callerFor = (op: Operationref, agentCredential: string, bearer: string): CallOptions => {
        const auth = validator.auth(op);
        if (auth === 'appKey') return { appKey: APP_KEY };
        if (auth === 'agent') return { token: agentCredential };
        return auth === 'bearer' ? { token: bearer } : {};
      };

      it('400/422 in the one error shape when a request breaks the document, once the caller is known', async () => {
        const agent = await enrolAgent('contract-check');
        const checked: string[] = [];
        for (const op of validator.operations()) {
          const caller = callerFor(op, agent.credential, t['superadmin'] as string);
          const method = op.method.toUpperCase();
          const url = concrete(op.path);
          const what = `${method} ${op.path}`;

          const badParameter = brokenParameter(op);
          if (badParameter) {
            const answer = await call<{ code: string; errors: Record<string, string> }>(method, `${url}?${badParameter}`, {
              ...caller,
              ...(op.operation.requestBody ? { body: {} } : {}),
            });
            expect(answer.status, `${what}?${badParameter}: ${JSON.stringify(answer.body)}`).toBe(400);
            expect(answer.body.code, what).toBe('invalidParameter');
            expect(Object.keys(answer.body.errors), what).toEqual([badParameter.split('=')[0]]);
            checked.push(`${what} parameter`);
          }

          const fields = brokenBody(op);
          if (fields) {
            const notJson = await call<{ code: string }>(method, url, { ...caller, rawBody: '{not json' });
            expect(notJson.status, `${what} with a body that is not JSON`).toBe(400);
            expect(notJson.body.code, what).toBe('invalidJson');
            const answer = await call<{ code: string; errors: Record<string, string> }>(method, url, { ...caller, body: fields });
            expect(answer.status, `${what} with ${JSON.stringify(fields)}: ${JSON.stringify(answer.body)}`).toBe(422);
            expect(answer.body.code, what).toBe('invalidBody');
            expect(Object.keys(answer.body.errors).length, what).toBeGreaterThan(0);
            checked.push(`${what} body`);
          }
        }
        // Every operation that takes a body or a checkable parameter was driven (a guard against an empty loop).
        expect(checked.length).toBeGreaterThan(60);
      });

      it('no endpoint accepts a body that breaks a value rule of its schema (lengths, ranges, lists, patterns, required fields)', async () => {
        const agent = await enrolAgent('value-check');
        const system = agentSystem('value-check');
        const spare = await expectStatus<{ token: string }>(201, 'POST', '/api/agent-enrolments', { token: t['user'] });
        const unitId = agent.unitId;
        // The agent API's bodies have no example in the document: these are the reference agent's.
        const bases: Record<string, Schema> = {
          '/api/agent/enrol': { token: spare.body.token, system },
          '/api/agent/heartbeat': { unitId, system },
          '/api/agent/processes': {
            unitId,
            processes: [{ pid: 1, name: 'init', user: 'root', cpuPercent: 0, memoryMb: 1, startedAt: null }],
          },
          '/api/agent/screenshots': {
            unitId,
            commandId: null,
            capturedAt: '2026-11-26T10:00:00.000Z',
            width: 1,
            height: 1,
            activeWindowTitle: '',
            processName: '',
            contentType: 'image/png',
            data: 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
          },
          '/api/agent/commands/{id}/result': { status: 'succeeded', message: '' },
        };
        const admins = /^\/api\/(users|organizations|reports|audit-log)/;
        const accepted: string[] = [];
        const refused: string[] = [];
        const notReached: string[] = [];
        for (const op of validator.operations()) {
          const caller = callerFor(op, agent.credential, (admins.test(op.path) ? t['superadmin'] : t['user']) as string);
          for (const { what, body } of valueViolations(op, bases[op.path] ?? null)) {
            const key = `${op.method.toUpperCase()} ${op.path}: ${what}`;
            const answer = await call(op.method.toUpperCase(), concrete(op.path), { ...caller, body });
            if (answer.status < 300) accepted.push(key);
            else if (answer.status === 400 || answer.status === 422) refused.push(key);
            else notReached.push(`${key} → ${answer.status}`);
          }
        }
        expect(accepted, 'accepted although the contract refuses it').toEqual([]);
        // Most are refused by the endpoint's rules; the rest stop earlier (a record that is not there, a
        // permission), which is no acceptance either.
        expect(refused.length, `refused ${refused.length}, stopped before: ${notReached.join('; ')}`).toBeGreaterThan(100);
      });

      it('401 without a token (or without the application key)', async () => {
        for (const op of validator.operations()) {
          const auth = validator.auth(op);
          if (auth === 'none' || auth === 'optionalBearer') continue;
          const url = concrete(op.path);
          const method = op.method.toUpperCase();
          const answer = await call(method, url, auth === 'appKey' ? { body: {} } : { token: 'expired-or-unknown' });
          expect(answer.status, `${method} ${url}`).toBe(401);
        }
      });

      it('423 on a locked sign-in for every bearer endpoint but unlock and sign-out', async () => {
        const token = await target.tokenFor('user');
        await expectStatus(204, 'POST', '/api/auth/lock', { token });
        for (const op of validator.operations()) {
          if (validator.auth(op) !== 'bearer' || ['/api/auth/lock', '/api/auth/unlock'].includes(op.path)) continue;
          const url = concrete(op.path);
          const answer = await call(op.method.toUpperCase(), url, {
            token,
            body: op.method === 'get' || op.method === 'delete' ? undefined : {},
          });
          expect(answer.status, `${op.method} ${url}`).toBe(423);
        }
      });
    });
  });

  describe(`${backend.name}: a write whose change cannot be stored answers 503 and nothing else`, () => {
    let failing: ContractTarget;
    let token: string;
    const unstored = createContractClient(() => failing.baseUrl, exercised);
    beforeAll(async () => {
      const started = await backend.startUnstorable(['superadmin']);
      failing = started.target;
      token = started.tokens['superadmin'] as string;
    }, START_TIMEOUT_MS);
    afterAll(() => failing.shutdown());

    it('503 on every write endpoint', async () => {
      const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
      const writes = validator.operations().filter((op) => op.method !== 'get');
      for (const op of writes) {
        const url = concrete(op.path);
        const answer = await unstored.call(op.method.toUpperCase(), url, {
          token,
          appKey: APP_KEY,
          body: op.method === 'delete' ? undefined : {},
        });
        expect(answer.status, `${op.method} ${url}`).toBe(503);
      }
      const messages = logged.mock.calls.map((args) => args[0]);
      logged.mockRestore();
      expect(messages).toEqual(backend.unstoredLog === null ? [] : writes.map(() => backend.unstoredLog));
    });
  });

  describe(`${backend.name}: coverage of the contract`, () => {
    it('every documented path and status was produced by a call above', () => {
      const missing = validator.documentedStatuses().filter((key) => !exercised.has(key));
      expect(missing).toEqual([]);
    });
  });
}
