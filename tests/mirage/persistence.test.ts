import 'fake-indexeddb/auto';
import { openDB } from 'idb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startBrowserServer, PERSIST_RESET_EVENT, whenEverythingLoaded, whenStored, type MirageStatus } from '@mirage/browser';
import { changeCountOf, table, type Row } from '@mirage/db';
import type { ServiceUnitRow } from '@mirage/domains/service-units';
import type { SessionRow, UserRow } from '@mirage/http';
import { createPersistence, type DbMessage } from '@mirage/persistence';
import { makeServer, NOT_STORED_MESSAGE, type Server } from '@mirage/server';
import { LATER_SEEDED_COLLECTIONS } from '@mirage/domains';
import { trackChanges, type ChangeBatch } from '@mirage/store/change-log';
import { applyRemoteBatch } from '@mirage/store/merge';
import { SESSION_REFRESH_GRACE_MS } from '../../core/sessions';
import { createIdbStore, STORE_FORMAT, type RowStore, type StoredRow, type WriteStats } from '@mirage/store/row-store';

let server: Server | undefined;
const stores: RowStore[] = [];
afterEach(async () => {
  // A second start reads the large collections after it answers, a first one stores its seed: done before its store closes.
  await whenEverythingLoaded();
  await whenStored();
  server?.shutdown();
  server = undefined;
  stores.splice(0).forEach((s) => s.close());
  vi.restoreAllMocks();
});

let storeCount = 0;
/** A fresh IndexedDB database (fake-indexeddb) per test. */
function newStore(): { store: RowStore; name: string } {
  storeCount += 1;
  const name = `persistence-test-${storeCount}-${Date.now()}`;
  const store = createIdbStore({ name });
  stores.push(store);
  return { store, name };
}

const APP_KEY = { key: 'service-unit-admin-demo-key' };

async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(path, {
    method,
    headers: { Accept: 'application/json', ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as Record<string, unknown> | undefined };
}

async function login(username: string): Promise<string> {
  const answer = await call('POST', '/api/UserLogin', { params: { username, password: 'demo1234' } }, APP_KEY);
  expect(answer.status).toBe(200);
  return String(answer.body?.['accessToken']);
}

const newTask = (title: string) => ({
  task: { title, desc: '', tags: [], isImportant: false, isStarred: false, isCompleted: false, isTrashed: false },
});
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

function deferred() {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** A store that records what it was asked to write; while `held`, its commits wait for the test. */
function deferredStore() {
  const commits: { batch: ChangeBatch; done: ReturnType<typeof deferred> }[] = [];
  const control = { held: false };
  const store: RowStore = {
    load: async () => ({ meta: null, rows: [], upgradedFrom: null }),
    loadCollections: async () => ({}),
    commit: (batch) => {
      const done = deferred();
      commits.push({ batch, done });
      if (!control.held) done.resolve();
      return done.promise.then(() => ({ puts: batch.reduce((n, c) => n + c.put.length, 0), deletes: 0, bytes: 0 }));
    },
    replaceAll: async () => ({ puts: 0, deletes: 0, bytes: 0 }),
    unfinishedSeed: async () => null,
    loadKeys: async (keys) => keys.map(() => undefined),
    beginSeed: async () => undefined,
    putSeedRows: async (_collection, rows) => rows.length,
    finishSeed: async () => undefined,
    deleteKeys: async () => undefined,
    clear: async () => undefined,
    close: () => undefined,
  };
  return { store, commits, control };
}

const until = async (check: () => boolean) => {
  for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(check()).toBe(true);
};

/** Starts a test server over a persistence with the given store; returns it with the persistence. */
async function durableServer(store: RowStore, onError = vi.fn()) {
  const persistence = createPersistence({ store, onError });
  server = await makeServer({ environment: 'test', latencyMs: 0, beginWrite: persistence.beginWrite });
  persistence.attach(server.db);
  return { server, persistence, onError };
}

describe('the change log', () => {
  it('records the rows a write touched, with their current value, and can undo them', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'none' });
    const things = table<Row & { name: string }>(server.db, 'things');
    const kept = things.insert({ name: 'kept' });
    const tracker = trackChanges(server.db);
    const a = things.insert({ name: 'a' });
    things.update(a.id, { name: 'a2' });
    things.update(kept.id, { name: 'kept2' });
    const gone = things.insert({ name: 'gone' });
    things.remove(gone.id);
    tracker.silently(() => things.insert({ name: 'from another tab' }));
    const pending = tracker.take();
    expect(tracker.isEmpty).toBe(true);
    expect(pending.batch).toEqual([
      {
        collection: 'things',
        put: [
          { id: a.id, name: 'a2' },
          { id: kept.id, name: 'kept2' },
        ],
        deleted: [gone.id],
      },
    ]);
    pending.undo();
    expect(
      things
        .all()
        .map((t) => t.name)
        .sort(),
    ).toEqual(['from another tab', 'kept']);
  });

  it('records a heartbeat (stored like any change, so other tabs and server instances see it) without touching the sorted lists', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0 });
    const tracker = trackChanges(server.db);
    const units = table<Row & { name: string; lastSeenAt: string }>(server.db, 'serviceUnits');
    const unit = units.all()[0] as Row;
    const counted = changeCountOf(server.db, 'serviceUnits');
    units.update(unit.id, { lastSeenAt: new Date().toISOString() });
    expect(changeCountOf(server.db, 'serviceUnits')).toBe(counted);
    expect(tracker.take().batch.map((c) => [c.collection, c.put.length])).toEqual([['serviceUnits', 1]]);
  });

  it('records collections created after it started', async () => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'none' });
    const tracker = trackChanges(server.db);
    const row = table<Row & { n: number }>(server.db, 'lateCollection').insert({ n: 1 });
    expect(tracker.take().batch).toEqual([{ collection: 'lateCollection', put: [{ id: row.id, n: 1 }], deleted: [] }]);
  });
});

describe('the row store (IndexedDB through idb)', () => {
  it('stores and deletes single rows, and loads them back by collection', async () => {
    const { store } = newStore();
    await store.replaceAll({ tasks: [{ id: '1' }, { id: '2' }], users: [{ id: '1' }] }, { seed: 'default', seededAt: 'now' });
    const stats = await store.commit([{ collection: 'tasks', put: [{ id: '3' }], deleted: ['1'] }]);
    expect(stats).toEqual({ puts: 1, deletes: 1, bytes: JSON.stringify({ c: 'tasks', r: { id: '3' } }).length });
    const loaded = await store.load();
    expect(loaded.meta).toEqual({ seed: 'default', seededAt: 'now' });
    expect(loaded.rows.map((r) => [r.collection, r.row])).toEqual([
      ['tasks', { id: '2' }],
      ['tasks', { id: '3' }],
      ['users', { id: '1' }],
    ]);
    expect(await store.loadCollections(['users'])).toEqual({ users: [{ id: '1' }] });
  });

  it('scans every stored row in key order, a batch at a time, with the share read', async () => {
    const { store } = newStore();
    const tasks = Array.from({ length: 900 }, (_, i) => ({ id: String(i + 1) }));
    await store.replaceAll({ tasks, users: [{ id: '1' }] }, { seed: 'default', seededAt: 'now' });
    const batches: { size: number; done: number }[] = [];
    const seen: [string, unknown][] = [];
    const scanned = await store.scan?.((rows, done) => {
      batches.push({ size: rows.length, done });
      rows.forEach((r) => seen.push([r.collection, r.row]));
    });
    expect(scanned).toEqual({ meta: { seed: 'default', seededAt: 'now' }, count: 901, upgradedFrom: null });
    expect(batches.length).toBeGreaterThan(1);
    expect(batches.at(-1)?.done).toBe(1);
    expect(seen).toEqual((await store.load()).rows.map((r) => [r.collection, r.row]));
  });

  it('starts from stored rows without copying them, and new rows get ids past the stored ones', async () => {
    server = await makeServer({
      environment: 'test',
      latencyMs: 0,
      initialData: { tasks: [{ id: '7' }, { id: '3' }] },
      adoptInitialData: true,
    });
    const tasks = table<Row & { title?: string }>(server.db, 'tasks');
    expect(tasks.all()).toEqual([{ id: '7' }, { id: '3' }]);
    expect(tasks.insert({ title: 'new' }).id).toBe('8');
  });
});

describe('the durability rule: an answer only after its change is stored', () => {
  it('holds a create until the store has committed it', async () => {
    const { store, commits, control } = deferredStore();
    await durableServer(store);
    const token = await login('user');
    expect(commits).toHaveLength(1); // the sign-in's own session row
    control.held = true;
    let answered = false;
    const created = call('POST', '/api/apps/todo/tasks/', newTask('Durable'), bearer(token)).then((a) => {
      answered = true;
      return a;
    });
    await until(() => commits.length === 2);
    expect(commits[1]?.batch.map((c) => c.collection)).toEqual(['tasks']);
    // The store has not confirmed: the caller has no answer yet.
    await new Promise((r) => setTimeout(r, 30));
    expect(answered).toBe(false);
    commits[1]?.done.resolve();
    expect((await created).status).toBe(201);
  });

  it('answers 503 when the store refuses, reports it, and keeps nothing of the change', async () => {
    const { store, commits, control } = deferredStore();
    const { onError } = await durableServer(store);
    const token = await login('user');
    control.held = true;
    const created = call('POST', '/api/apps/todo/tasks/', newTask('Refused'), bearer(token));
    await until(() => commits.length === 2);
    commits[1]?.done.reject(new DOMException('Quota exceeded', 'QuotaExceededError'));
    const answer = await created;
    expect(answer.status).toBe(503);
    expect(answer.body?.['message']).toBe(NOT_STORED_MESSAGE);
    expect(onError).toHaveBeenCalledTimes(1);
    const list = await call('GET', '/api/apps/todo/tasks?filter=all', undefined, bearer(token));
    expect((list.body as unknown as { title: string }[]).map((t) => t.title)).not.toContain('Refused');
  });

  it('one write costs the same records and bytes whatever the size of the database', async () => {
    const measure = async (extraRows: number): Promise<{ stats: WriteStats; puts: number }> => {
      const { store } = newStore();
      const { persistence } = await durableServer(store);
      const s = server as Server;
      // A bigger database: many more screenshots (the largest collection), stored like the rest.
      const shots = table<Row & { n: number }>(s.db, 'screenshots');
      for (let i = 0; i < extraRows; i++) shots.insert({ n: i });
      await persistence.flush();
      const token = await login('user');
      const put = vi.spyOn(IDBObjectStore.prototype, 'put');
      const answer = await call('POST', '/api/apps/todo/tasks/', newTask('Same cost'), bearer(token));
      expect(answer.status).toBe(201);
      const puts = put.mock.calls.length;
      put.mockRestore();
      // What was stored (its time, commitMs, varies with the machine).
      const { commitMs: _time, ...stats } = persistence.lastWrite as WriteStats;
      s.shutdown();
      server = undefined;
      return { stats, puts };
    };
    const small = await measure(0);
    const big = await measure(5_000);
    expect(small.stats).toEqual({ puts: 1, deletes: 0, bytes: small.stats.bytes });
    expect(big.stats).toEqual(small.stats);
    expect(big.puts).toBe(small.puts);
    expect(small.puts).toBe(1);
  }, 60_000);
});

describe('tabs share one change log', () => {
  it('broadcasts the committed rows, and another tab applies them without re-reading the store', async () => {
    const { store } = newStore();
    const messages: DbMessage[] = [];
    const persistence = createPersistence({ store, onError: vi.fn(), broadcast: (m) => messages.push(m) });
    server = await makeServer({ environment: 'test', latencyMs: 0, beginWrite: persistence.beginWrite });
    persistence.attach(server.db);
    const token = await login('user');
    await call('POST', '/api/apps/todo/tasks/', newTask('Seen in the other tab'), bearer(token));
    const batches = messages.flatMap((m) => (m.type === 'changed' ? [m.batch] : []));
    server.shutdown();
    // The other tab: its own backend over the same seed, without this tab's changes.
    server = await makeServer({ environment: 'test', latencyMs: 0 });
    const other = server;
    for (const batch of batches) applyRemoteBatch(other.db, batch);
    expect(table<Row & { title: string }>(other.db, 'tasks').where({ title: 'Seen in the other tab' })).toHaveLength(1);
    expect(table<SessionRow>(other.db, 'sessions').where({ accessToken: token })).toHaveLength(1);
  });
});

/** Writes raw records into a test store (what a damaged or hand-edited database would hold). */
async function putRaw(name: string, records: { c: string; r: unknown }[], clear?: boolean): Promise<void> {
  const db = await openDB(name, STORE_FORMAT);
  const tx = db.transaction(['rows', 'meta'], 'readwrite');
  if (clear) await tx.objectStore('rows').clear();
  for (const record of records) await tx.objectStore('rows').put(record as StoredRow);
  await tx.done;
  db.close();
}

describe('stored rows are validated on load', () => {
  let oldIds: string[] = [];
  /** Starts the browser backend over a store seeded once, then damaged by `damage`, then starts again. */
  async function restartAfter(damage: (name: string, store: RowStore) => Promise<void>) {
    const { store, name } = newStore();
    server = await startBrowserServer({ latencyMs: '0', storeQuietMs: 0, store });
    await whenStored();
    server.shutdown();
    server = undefined;
    await damage(name, store);
    const reset = vi.fn();
    window.addEventListener(PERSIST_RESET_EVENT, reset);
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server = await startBrowserServer({ latencyMs: '0', storeQuietMs: 0, store });
    window.removeEventListener(PERSIST_RESET_EVENT, reset);
    return { store, reset, warn };
  }

  it('drops a user whose email is a number, says so, restores the demo account, and sign-in works', async () => {
    const { reset, warn, store } = await restartAfter(async (name, store) => {
      const admin = (await store.loadCollections(['users']))['users']?.find((u) => (u as UserRow).username === 'admin');
      await putRaw(name, [{ c: 'users', r: { ...admin, email: 42 } }]);
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Dropped 1 unreadable stored row(s)'));
    expect((reset.mock.calls[0]?.[0] as CustomEvent).detail).toEqual({ dropped: 1, restored: ['admin'] });
    await login('admin');
    const users = (await store.loadCollections(['users']))['users'] as UserRow[];
    expect(users.every((u) => typeof u.email === 'string')).toBe(true);
    expect(users.filter((u) => u.username === 'admin')).toHaveLength(1);
  });

  it('drops garbage to-do rows and the to-do list still answers', async () => {
    const { reset } = await restartAfter((name) =>
      putRaw(name, [
        { c: 'tasks', r: { id: '9001', title: 7, tags: 'x' } },
        { c: 'tasks', r: { id: '9002' } },
      ]),
    );
    expect((reset.mock.calls[0]?.[0] as CustomEvent).detail).toEqual({ dropped: 2, restored: [] });
    const token = await login('user');
    const list = await call('GET', '/api/apps/todo/tasks?filter=all', undefined, bearer(token));
    expect(list.status).toBe(200);
    expect((list.body as unknown as unknown[]).length).toBeGreaterThan(0);
  });

  it('gives units stored before agents existed (agentAlive, no agent) their simulated agent, and stores it', async () => {
    const { store } = await restartAfter(async (name, store) => {
      const rows = ((await store.loadCollections(['serviceUnits']))['serviceUnits'] ?? []) as ServiceUnitRow[];
      const old = rows.filter((u) => u.agent?.kind === 'simulated').slice(0, 2);
      await putRaw(
        name,
        old.map(({ agent: _agent, ...u }) => ({ c: 'serviceUnits', r: { ...u, agentAlive: true } })),
      );
      oldIds = old.map((u) => String(u.id));
    });
    await whenEverythingLoaded();
    expect(oldIds).toHaveLength(2);
    const live = server as Server;
    for (const id of oldIds) expect(table<ServiceUnitRow>(live.db, 'serviceUnits').find(id)?.agent?.kind).toBe('simulated');
    await vi.waitFor(async () => {
      const stored = ((await store.loadCollections(['serviceUnits']))['serviceUnits'] ?? []) as ServiceUnitRow[];
      for (const id of oldIds) expect(stored.find((u) => String(u.id) === id)?.agent).toMatchObject({ kind: 'simulated', revokedAt: null });
    });
  });

  it('starts from fresh demo data when the stored database is empty, so sign-in works', async () => {
    const { reset } = await restartAfter((name) => putRaw(name, [], true));
    expect(reset).toHaveBeenCalledTimes(1);
    await login('superadmin');
  });
});

describe('sessions end with the sign-in', () => {
  it('prunes revoked and long-expired sessions at start, and a signed-out session at once', async () => {
    const { store } = newStore();
    server = await startBrowserServer({ latencyMs: '0', storeQuietMs: 0, store });
    await whenStored();
    const live = server;
    const sessions = table<SessionRow>(live.db, 'sessions');
    const user = table<UserRow>(live.db, 'users').where({ username: 'user' })[0] as UserRow;
    const token = await login('user');
    const other = await login('admin');
    // Rows written as another tab would have left them.
    const past = Date.now() - SESSION_REFRESH_GRACE_MS - 1000;
    const base = { sessionKey: 'k', userId: user.id };
    sessions.insert({ ...base, accessToken: 'revoked-token', expiresAt: Date.now() + 60_000, revoked: true });
    sessions.insert({ ...base, accessToken: 'ancient-token', expiresAt: past, revoked: false });
    expect((await call('POST', '/api/auth/logout', {}, bearer(token))).status).toBe(204);
    const stored = ((await store.loadCollections(['sessions']))['sessions'] as SessionRow[]).map((s) => s.accessToken);
    expect(stored).toEqual([other]);
    live.shutdown();
    server = await startBrowserServer({ latencyMs: '0', storeQuietMs: 0, store });
    expect(
      table<SessionRow>(server.db, 'sessions')
        .all()
        .map((s) => s.accessToken),
    ).toEqual([other]);
  });
});

describe('load order of a second visit (docs/persistence.md, "Load order")', () => {
  /** The store, with the read of the collections left for later held until the test lets it go. */
  function heldLater(store: RowStore) {
    const gate = deferred();
    const scan = store.scan?.bind(store);
    const held: RowStore = {
      ...store,
      scan: (onRows, options) =>
        (options?.detached ? gate.promise.then(() => scan?.(onRows, options)) : scan?.(onRows, options)) as ReturnType<
          NonNullable<RowStore['scan']>
        >,
    };
    return { store: held, release: gate.resolve };
  }

  it('answers sign-in before the large collections are in, holds what reads them, and stores the writes made meanwhile', async () => {
    const { store } = newStore();
    server = await startBrowserServer({ latencyMs: '0', storeQuietMs: 0, store });
    const shots = table<Row>(server.db, 'screenshots').count();
    const units = table<Row>(server.db, 'serviceUnits').count();
    expect(shots).toBeGreaterThan(1000);
    await whenEverythingLoaded();
    await whenStored();
    server.shutdown();

    const later = heldLater(store);
    server = await startBrowserServer({ latencyMs: '0', storeQuietMs: 0, store: later.store });
    const status = window.mirageStatus as MirageStatus;
    expect(status.loading).toEqual(['processes', 'screenshots', 'serviceUnits']);
    expect(status.answeringAt).not.toBeNull();
    expect(status.loadedAt).toBeNull();

    // Sign-in (a write: the session row) and "who am I" answer while the large collections load.
    const token = await login('user');
    expect((await call('GET', '/api/me', undefined, bearer(token))).status).toBe(200);
    const sessions = (await store.loadCollections(['sessions']))['sessions'] as SessionRow[];
    expect(sessions.map((s) => s.accessToken)).toContain(token);

    // What reads them waits: the dashboard, the screenshots, and a write elsewhere (a to-do task).
    const answered: string[] = [];
    const summary = call('GET', '/api/dashboard/summary', undefined, bearer(token)).then((a) => (answered.push('summary'), a));
    const list = call('GET', '/api/screenshots?pageSize=1', undefined, bearer(token)).then((a) => (answered.push('screenshots'), a));
    const created = call('POST', '/api/apps/todo/tasks', newTask('written while loading'), bearer(token)).then(
      (a) => (answered.push('task'), a),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toEqual([]);
    // Reading a collection still loading never answers from half of it (the gate kept the requests away).
    const misuse = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const live = server;
    expect(() => table<Row>(live.db, 'screenshots').count()).toThrow('still loading');
    expect(misuse).toHaveBeenCalledTimes(1);
    misuse.mockRestore();

    later.release();
    await whenEverythingLoaded();
    const [summaryAnswer, listAnswer, createdAnswer] = await Promise.all([summary, list, created]);
    expect(answered).toEqual(['summary', 'screenshots', 'task']);
    expect(summaryAnswer.status).toBe(200);
    expect(listAnswer.status).toBe(200);
    expect(createdAnswer.status).toBe(201);
    expect(status.loading).toEqual([]);
    expect(status.loadedAt).not.toBeNull();
    expect(table<Row>(server.db, 'screenshots').count()).toBe(shots);
    expect(table<Row>(server.db, 'serviceUnits').count()).toBe(units);

    // Both writes survive the next start.
    server.shutdown();
    server = await startBrowserServer({ latencyMs: '0', storeQuietMs: 0, store });
    await whenEverythingLoaded();
    expect(table<SessionRow>(server.db, 'sessions').where({ accessToken: token })).toHaveLength(1);
    expect(table<Row & { title: string }>(server.db, 'tasks').where({ title: 'written while loading' })).toHaveLength(1);
    expect(table<Row>(server.db, 'screenshots').count()).toBe(shots);
  });

  it("applies another tab's rows of a collection still loading once it is in", async () => {
    const { store } = newStore();
    server = await startBrowserServer({ latencyMs: '0', storeQuietMs: 0, store });
    const unit = table<Row & { name: string }>(server.db, 'serviceUnits').rows()[0] as Row & { name: string };
    await whenEverythingLoaded();
    await whenStored();
    server.shutdown();
    const later = heldLater(store);
    server = await startBrowserServer({ latencyMs: '0', storeQuietMs: 0, store: later.store });
    const other = new BroadcastChannel('service-unit-admin-mirage-db');
    other.postMessage({
      type: 'changed',
      batch: [{ collection: 'serviceUnits', put: [{ ...unit, name: 'renamed in another tab' } as Row], deleted: [] }],
    } satisfies DbMessage);
    await new Promise((r) => setTimeout(r, 20));
    later.release();
    await whenEverythingLoaded();
    other.close();
    expect(table<Row & { name: string }>(server.db, 'serviceUnits').find(unit.id)?.name).toBe('renamed in another tab');
  });
});

describe('first visit: the fresh seed is stored in the background (docs/persistence.md, "First visit")', () => {
  /** The store, with the background store of a fresh seed held until the test lets it go. */
  function heldSeed(store: RowStore) {
    const gate = deferred();
    const held: RowStore = { ...store, putSeedRows: (c, rows, from) => gate.promise.then(() => store.putSeedRows(c, rows, from)) };
    return { store: held, release: gate.resolve };
  }
  type Rule = Row & { organizationId: string };
  const acmeRule = (db: Server['db']) => table<Rule>(db, 'urlRestrictions').where((r) => String(r.organizationId) === '1')[0] as Rule;

  it('answers sign-in and every screen before the seed is stored, and the writes made meanwhile are stored once, deletions included', async () => {
    const { store } = newStore();
    const seed = heldSeed(store);
    server = await startBrowserServer({ latencyMs: '0', storeQuietMs: 0, store: seed.store });
    const status = window.mirageStatus as MirageStatus;
    expect(status.answeringAt).not.toBeNull();
    expect(status.storedAt).toBeNull();
    expect(await store.unfinishedSeed()).not.toBeNull();
    // Nothing is hidden on a first visit: the seed is whole in memory, only its storing is under way.
    const token = await login('user');
    const shots = await call('GET', '/api/screenshots?pageSize=1', undefined, bearer(token));
    expect(shots.status).toBe(200);
    expect((await call('POST', '/api/apps/todo/tasks', newTask('written while storing'), bearer(token))).status).toBe(201);
    const rule = acmeRule(server.db);
    expect((await call('DELETE', `/api/url-restrictions/${rule.id}`, undefined, bearer(token))).status).toBe(204);
    const screenshots = table<Row>(server.db, 'screenshots').count();

    seed.release();
    await whenStored();
    expect(status.storedAt).not.toBeNull();
    expect(await store.unfinishedSeed()).toBeNull();
    server.shutdown();
    // The next visit reads the store: the seed's rows, the new task, the session, and not the deleted rule
    // (the background store passed it over: it had been deleted and stored as such).
    server = await startBrowserServer({ latencyMs: '0', storeQuietMs: 0, store });
    await whenEverythingLoaded();
    expect(table<Row & { title: string }>(server.db, 'tasks').where({ title: 'written while storing' })).toHaveLength(1);
    expect(table<Rule>(server.db, 'urlRestrictions').find(rule.id)).toBeFalsy();
    expect(table<Row>(server.db, 'screenshots').count()).toBe(screenshots);
    expect((await call('GET', '/api/me', undefined, bearer(token))).status).toBe(200);
  });

  it('at the large seed, answers sign-in before the large collections are seeded, holds what reads them until they are, and stores them all', async () => {
    // The large seed's way, here at the default seed (the same code, a fraction of the rows).
    const { store } = newStore();
    const seeding = deferred();
    server = await startBrowserServer({ latencyMs: '0', storeQuietMs: 0, store, seedLater: true, laterSeedAfter: seeding.promise });
    const status = window.mirageStatus as MirageStatus;
    expect(status.answeringAt).not.toBeNull();
    expect(status.loading).toEqual(LATER_SEEDED_COLLECTIONS);
    expect(status.loadedAt).toBeNull();

    const token = await login('user');
    expect((await call('GET', '/api/me', undefined, bearer(token))).status).toBe(200);
    const answered: string[] = [];
    const summary = call('GET', '/api/dashboard/summary', undefined, bearer(token)).then((a) => (answered.push('summary'), a));
    const rules = call('GET', '/api/url-restrictions', undefined, bearer(token)).then((a) => (answered.push('rules'), a));
    const created = call('POST', '/api/apps/todo/tasks', newTask('written while seeding'), bearer(token)).then(
      (a) => (answered.push('task'), a),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(answered).toEqual([]);
    // Never an answer from a collection not seeded yet: reading one throws (the gate kept the requests away).
    const misuse = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const live = server;
    expect(() => table<Row>(live.db, 'serviceUnits').count()).toThrow('still loading');
    expect(misuse).toHaveBeenCalledTimes(1);
    misuse.mockRestore();

    seeding.resolve();
    await whenEverythingLoaded();
    const [summaryAnswer, rulesAnswer, createdAnswer] = await Promise.all([summary, rules, created]);
    expect(answered).toEqual(['summary', 'rules', 'task']);
    expect(summaryAnswer.status).toBe(200);
    expect(rulesAnswer.status).toBe(200);
    expect(createdAnswer.status).toBe(201);
    expect(status.loading).toEqual([]);
    const counts = Object.fromEntries(LATER_SEEDED_COLLECTIONS.map((name) => [name, table<Row>(live.db, name).count()]));
    expect(Math.min(...Object.values(counts))).toBeGreaterThan(0);

    // Every row is stored, the seed's and the ones written meanwhile: the next visit reads them all.
    await whenStored();
    expect(status.storedAt).not.toBeNull();
    server.shutdown();
    server = await startBrowserServer({ latencyMs: '0', storeQuietMs: 0, store });
    await whenEverythingLoaded();
    const next = server;
    expect(Object.fromEntries(LATER_SEEDED_COLLECTIONS.map((name) => [name, table<Row>(next.db, name).count()]))).toEqual(counts);
    expect(table<Row & { title: string }>(next.db, 'tasks').where({ title: 'written while seeding' })).toHaveLength(1);
    expect((await call('GET', '/api/me', undefined, bearer(token))).status).toBe(200);
  });

  // At the large seed the next start seeds the large collections after it answers: the rows of those (the deleted rule)
  // go over them once they are seeded.
  it.each([
    ['all at once', false],
    ['the large collections later', true],
  ])(
    'keeps what was written when the page closes before the seed is stored: a new seed (%s), with those rows put over it',
    async (_, later) => {
      const { store } = newStore();
      const seed = heldSeed(store);
      server = await startBrowserServer({ latencyMs: '0', storeQuietMs: 0, store: seed.store });
      const token = await login('user');
      expect((await call('POST', '/api/apps/todo/tasks', newTask('written before the reload'), bearer(token))).status).toBe(201);
      const rule = acmeRule(server.db);
      expect((await call('DELETE', `/api/url-restrictions/${rule.id}`, undefined, bearer(token))).status).toBe(204);
      const stored = await store.unfinishedSeed();
      expect(stored?.keys).toEqual(expect.arrayContaining([['urlRestrictions', String(rule.id)]]));
      // The page closes: its background store never goes on (the gate stays shut).
      server.shutdown();

      const reset = vi.fn();
      window.addEventListener(PERSIST_RESET_EVENT, reset);
      server = await startBrowserServer({ latencyMs: '0', storeQuietMs: 0, store, seedLater: later });
      window.removeEventListener(PERSIST_RESET_EVENT, reset);
      // Still signed in (at once), the task is there, the rule is still deleted; nothing to report to the visitor.
      expect((await call('GET', '/api/me', undefined, bearer(token))).status).toBe(200);
      await whenEverythingLoaded();
      const list = await call('GET', '/api/apps/todo/tasks?filter=all', undefined, bearer(token));
      expect((list.body as unknown as { title: string }[]).map((t) => t.title)).toContain('written before the reload');
      expect(table<Rule>(server.db, 'urlRestrictions').find(rule.id)).toBeFalsy();
      expect(reset).not.toHaveBeenCalled();

      // This start stores its seed to the end, and the one after reads it all from the store.
      await whenStored();
      server.shutdown();
      server = await startBrowserServer({ latencyMs: '0', storeQuietMs: 0, store });
      await whenEverythingLoaded();
      expect((window.mirageStatus as MirageStatus).storedAt).not.toBeNull();
      expect(table<Row & { title: string }>(server.db, 'tasks').where({ title: 'written before the reload' })).toHaveLength(1);
      expect(table<Rule>(server.db, 'urlRestrictions').find(rule.id)).toBeFalsy();
      expect(table<SessionRow>(server.db, 'sessions').where({ accessToken: token })).toHaveLength(1);
    },
  );
});
