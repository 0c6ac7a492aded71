import { afterEach, describe, expect, it } from 'vitest';
import type { Task } from '@machines/todo/types';
import { table } from '@mirage/db';
import type { SessionRow, UserRow } from '@mirage/http';
import { seedTodo } from '@mirage/domains/todo';
import { makeServer, type Server } from '@mirage/server';

let server: Server | undefined;
afterEach(() => {
  server?.shutdown();
  server = undefined;
});

interface Answer<T> {
  status: number;
  body: T;
}

async function call<T = unknown>(
  method: 'GET' | 'POST',
  path: string,
  options: { token?: string; body?: unknown } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers['Authorization'] = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const body = options.body === undefined ? undefined : typeof options.body === 'string' ? options.body : JSON.stringify(options.body);
  const response = await fetch(path, { method, headers, ...(body !== undefined ? { body } : {}) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

async function start(seed: 'default' | 'none' = 'default'): Promise<Server> {
  server = await makeServer({ environment: 'test', latencyMs: 0, seed });
  return server;
}

/** A live session for a seeded demo account (the login endpoint is the session issue's to test). */
async function signIn(username = 'user'): Promise<string> {
  const s = server as Server;
  const user = table<UserRow>(s.db, 'users').where((u) => u.username === username)[0];
  if (!user) throw new Error(`no seeded user ${username}`);
  return addSession(s, user.id);
}

let sessionCount = 0;
function addSession(s: Server, userId: string | number): string {
  sessionCount += 1;
  const token = `todo-test-token-${sessionCount}`;
  table<SessionRow>(s.db, 'sessions').insert({
    accessToken: token,
    sessionKey: `key-${sessionCount}`,
    userId,
    expiresAt: Date.now() + 600_000,
    revoked: false,
  });
  return token;
}

/** An unseeded database has no users: add one and a live session for it. */
function insertSession(s: Server): string {
  const user = table<UserRow>(s.db, 'users').insert({
    username: 'solo',
    email: 'solo@example.test',
    displayName: 'Solo',
    fullName: 'Solo',
    phoneNumber: '',
    roleId: 4,
    organizationId: '1',
    passwordHash: '',
    salt: '',
    about: '',
    photoURL: '',
    status: 'online',
    providerId: 'mirage',
    createdAt: '2025-01-01T00:00:00.000Z',
  });
  return addSession(s, user.id);
}

const list = (token: string, filter: string) => call<Task[]>('GET', `/api/apps/todo/tasks?filter=${encodeURIComponent(filter)}`, { token });
const newTask = (overrides: Partial<Task> = {}) => ({
  task: {
    title: 'Contract task',
    desc: '',
    tags: [],
    isImportant: false,
    isStarred: false,
    isCompleted: false,
    isTrashed: false,
    ...overrides,
  },
});

describe('POST /api/apps/todo/tasks/ (create)', () => {
  it('gives id 1 when the user has no task, then last id + 1, and answers 201 {id}', async () => {
    const s = await start('none');
    const token = insertSession(s);
    expect((await list(token, 'all')).body).toEqual([]);
    const first = await call<{ id: number }>('POST', '/api/apps/todo/tasks/', { token, body: newTask({ title: 'First' }) });
    expect(first).toEqual({ status: 201, body: { id: 1 } });
    const second = await call<{ id: number }>('POST', '/api/apps/todo/tasks/', { token, body: newTask({ title: 'Second' }) });
    expect(second).toEqual({ status: 201, body: { id: 2 } });
  });

  it('continues after the last id of a seeded list, trashed tasks included', async () => {
    await start();
    const token = await signIn();
    const all = [...(await list(token, 'all')).body, ...(await list(token, 'trashed')).body];
    const last = Math.max(...all.map((t) => t.id));
    const created = await call<{ id: number }>('POST', '/api/apps/todo/tasks/', { token, body: newTask() });
    expect(created).toEqual({ status: 201, body: { id: last + 1 } });
  });

  it('stores the given fields and defaults the missing ones', async () => {
    await start();
    const token = await signIn();
    const { body } = await call<{ id: number }>('POST', '/api/apps/todo/tasks/', {
      token,
      body: { task: { title: '  Ship it  ', tags: ['bug'] } },
    });
    const [first] = (await list(token, 'all')).body;
    expect(first).toEqual({
      id: body.id,
      title: 'Ship it',
      desc: '',
      tags: ['bug'],
      isImportant: false,
      isStarred: false,
      isCompleted: false,
      isTrashed: false,
    });
  });

  it('keeps lists per user: another account neither sees the task nor shifts its ids', async () => {
    await start();
    const user = await signIn('user');
    const globex = await signIn('globex');
    const before = (await list(globex, 'all')).body;
    const mine = await call<{ id: number }>('POST', '/api/apps/todo/tasks/', { token: user, body: newTask({ title: 'Only mine' }) });
    expect((await list(globex, 'all')).body).toEqual(before);
    const theirs = await call<{ id: number }>('POST', '/api/apps/todo/tasks/', { token: globex, body: newTask({ title: 'Only theirs' }) });
    expect(theirs.body.id).toBe(mine.body.id);
    await call('POST', `/api/apps/todo/task/${theirs.body.id}`, { token: globex, body: { task: { title: 'Renamed by Globex' } } });
    expect((await list(user, 'all')).body[0]?.title).toBe('Only mine');
  });
});

describe('GET /api/apps/todo/tasks?filter= (list)', () => {
  it('answers 200 with the list in reverse order: the newest task first', async () => {
    await start();
    const token = await signIn();
    const { status, body } = await list(token, 'all');
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(5);
    const ids = body.map((t) => t.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const { body: created } = await call<{ id: number }>('POST', '/api/apps/todo/tasks/', { token, body: newTask() });
    expect((await list(token, 'all')).body[0]?.id).toBe(created.id);
  });

  it('applies every filter and leaves trashed tasks out of every view but trashed', async () => {
    await start('none');
    const token = insertSession(server as Server);
    const specs: Partial<Task>[] = [
      { title: 'plain' },
      { title: 'starred', isStarred: true },
      { title: 'important', isImportant: true },
      { title: 'completed', isCompleted: true },
      { title: 'frontend', tags: ['frontend'] },
      { title: 'backend+doc', tags: ['backend', 'doc'] },
      { title: 'bug', tags: ['bug'] },
      {
        title: 'trashed everything',
        isStarred: true,
        isImportant: true,
        isCompleted: true,
        isTrashed: true,
        tags: ['frontend', 'backend', 'doc', 'bug'],
      },
    ];
    for (const spec of specs) expect((await call('POST', '/api/apps/todo/tasks', { token, body: newTask(spec) })).status).toBe(201);
    const titles = async (filter: string) => (await list(token, filter)).body.map((t) => t.title);
    expect(await titles('all')).toEqual(['bug', 'backend+doc', 'frontend', 'completed', 'important', 'starred', 'plain']);
    expect(await titles('starred')).toEqual(['starred']);
    expect(await titles('important')).toEqual(['important']);
    expect(await titles('completed')).toEqual(['completed']);
    expect(await titles('frontend')).toEqual(['frontend']);
    expect(await titles('backend')).toEqual(['backend+doc']);
    expect(await titles('doc')).toEqual(['backend+doc']);
    expect(await titles('bug')).toEqual(['bug']);
    expect(await titles('trashed')).toEqual(['trashed everything']);
  });

  it('answers a missing filter as all and an unknown filter with 400', async () => {
    await start();
    const token = await signIn();
    const all = await list(token, 'all');
    expect((await call<Task[]>('GET', '/api/apps/todo/tasks', { token })).body).toEqual(all.body);
    const unknown = await list(token, 'urgent');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'invalidParameter', errors: { filter: 'invalidValue' } });
  });

  it('seeds a realistic list with every flag and tag represented', async () => {
    await start();
    const token = await signIn();
    const tasks = [...(await list(token, 'all')).body, ...(await list(token, 'trashed')).body];
    expect(tasks).toHaveLength(12);
    for (const flag of ['isImportant', 'isStarred', 'isCompleted', 'isTrashed'] as const) expect(tasks.some((t) => t[flag])).toBe(true);
    for (const tag of ['frontend', 'backend', 'doc', 'bug'])
      expect(tasks.some((t) => t.tags.includes(tag as Task['tags'][number]))).toBe(true);
  });
});

describe('GET /api/apps/todo/tags', () => {
  it('answers the four tags with their colours, even in an unseeded database', async () => {
    const s = await start('none');
    const token = insertSession(s);
    const { status, body } = await call('GET', '/api/apps/todo/tags', { token });
    expect(status).toBe(200);
    expect(body).toEqual([
      { id: 1, text: 'Frontend', value: 'frontend', color: 'primary' },
      { id: 2, text: 'Backend', value: 'backend', color: 'warning' },
      { id: 3, text: 'Doc', value: 'doc', color: 'success' },
      { id: 4, text: 'Bug', value: 'bug', color: 'danger' },
    ]);
  });
});

describe('POST /api/apps/todo/task/{id} (update)', () => {
  it('merges only the given fields and answers 200 with the task', async () => {
    await start();
    const token = await signIn();
    const [before] = (await list(token, 'all')).body as [Task];
    const answer = await call<Task>('POST', `/api/apps/todo/task/${before.id}`, {
      token,
      body: { task: { isStarred: !before.isStarred, tags: ['doc'] } },
    });
    expect(answer).toEqual({ status: 200, body: { ...before, isStarred: !before.isStarred, tags: ['doc'] } });
    expect((await list(token, 'all')).body[0]).toEqual(answer.body);
  });

  it('ignores an id in the body: the path names the task', async () => {
    await start();
    const token = await signIn();
    const [before] = (await list(token, 'all')).body as [Task];
    const answer = await call<Task>('POST', `/api/apps/todo/task/${before.id}`, { token, body: { task: { id: 999, title: 'Renamed' } } });
    expect(answer.body).toEqual({ ...before, title: 'Renamed' });
  });

  it('moves a task to trash and back', async () => {
    await start();
    const token = await signIn();
    const [task] = (await list(token, 'all')).body as [Task];
    await call('POST', `/api/apps/todo/task/${task.id}`, { token, body: { task: { isTrashed: true } } });
    expect((await list(token, 'all')).body.map((t) => t.id)).not.toContain(task.id);
    expect((await list(token, 'trashed')).body.map((t) => t.id)).toContain(task.id);
    await call('POST', `/api/apps/todo/task/${task.id}`, { token, body: { task: { isTrashed: false } } });
    expect((await list(token, 'all')).body[0]?.id).toBe(task.id);
  });

  it('answers 404 for an unknown id, a non-numeric id and another user\u2019s task', async () => {
    const s = await start('none');
    const token = insertSession(s);
    expect((await call('POST', '/api/apps/todo/task/1', { token, body: { task: { isStarred: true } } })).status).toBe(404);
    expect((await call('POST', '/api/apps/todo/task/abc', { token, body: { task: { isStarred: true } } })).status).toBe(404);
    const other = await call<{ message: string }>('POST', '/api/apps/todo/task/99', { token, body: { task: { isStarred: true } } });
    expect(other).toEqual({ status: 404, body: { message: 'Task not found' } });
  });
});

describe('authentication', () => {
  it('answers 401 "Invalid access token" on every endpoint without a valid bearer token', async () => {
    await start();
    const attempts: ['GET' | 'POST', string][] = [
      ['GET', '/api/apps/todo/tasks?filter=all'],
      ['GET', '/api/apps/todo/tags'],
      ['POST', '/api/apps/todo/tasks/'],
      ['POST', '/api/apps/todo/task/1'],
    ];
    for (const [method, path] of attempts) {
      for (const token of [undefined, 'forged-token']) {
        const answer = await call(method, path, { ...(token ? { token } : {}), ...(method === 'POST' ? { body: newTask() } : {}) });
        expect(answer, `${method} ${path} token=${String(token)}`).toEqual({ status: 401, body: { message: 'Invalid access token' } });
      }
    }
    const token = await signIn();
    expect((await list(token, 'all')).body.some((t) => t.title === 'Contract task')).toBe(false);
  });
});

describe('validation: 422 with a message, nothing changed', () => {
  // The body's shape (a kind of value, JSON itself) is the contract's check (mirage/contract/gate.ts); the
  // values are the endpoint's. Either way a field is named by its path in the body.
  const badBodies: [string, unknown, number, Record<string, string> | undefined][] = [
    ['missing task', {}, 422, { task: 'required' }],
    ['task not an object', { task: 'buy milk' }, 422, { task: 'invalidType' }],
    ['task is a list', { task: [] }, 422, { task: 'invalidType' }],
    ['not JSON', '{task:', 400, undefined],
    ['title not a string', { task: { title: 42 } }, 422, { 'task.title': 'invalidType' }],
    ['blank title', { task: { title: '   ' } }, 422, { 'task.title': 'required' }],
    ['title too long', { task: { title: 'x'.repeat(201) } }, 422, { 'task.title': 'tooLong' }],
    ['desc not a string', { task: { title: 'x', desc: ['a'] } }, 422, { 'task.desc': 'invalidType' }],
    ['tags not a list', { task: { title: 'x', tags: 'bug' } }, 422, { 'task.tags': 'invalidType' }],
    ['unknown tag', { task: { title: 'x', tags: ['urgent'] } }, 422, { 'task.tags': 'unknownTag' }],
    ['flag not a boolean', { task: { title: 'x', isStarred: 'yes' } }, 422, { 'task.isStarred': 'invalidType' }],
  ];

  it.each(badBodies)('create: %s', async (_name, body, status, errors) => {
    await start();
    const token = await signIn();
    const before = await list(token, 'all');
    const answer = await call<{ message: string; errors: Record<string, string> }>('POST', '/api/apps/todo/tasks/', { token, body });
    expect(answer.status).toBe(status);
    expect(answer.body.message).toEqual(expect.any(String));
    expect(answer.body.errors).toEqual(errors);
    expect(await list(token, 'all')).toEqual(before);
  });

  it('create: a missing title', async () => {
    await start();
    const token = await signIn();
    const answer = await call<{ message: string; errors: Record<string, string> }>('POST', '/api/apps/todo/tasks/', {
      token,
      body: { task: { desc: 'no title' } },
    });
    expect(answer).toEqual({ status: 422, body: { message: 'Title is required', errors: { 'task.title': 'required' } } });
  });

  it.each(badBodies)('update: %s', async (_name, body, status, errors) => {
    await start();
    const token = await signIn();
    const before = await list(token, 'all');
    const id = before.body[0]?.id ?? 0;
    const answer = await call<{ message: string; errors: Record<string, string> }>('POST', `/api/apps/todo/task/${id}`, { token, body });
    expect(answer.status).toBe(status);
    expect(answer.body.message).toEqual(expect.any(String));
    expect(answer.body.errors).toEqual(errors);
    expect(await list(token, 'all')).toEqual(before);
  });

  it('update: one bad field rejects the whole patch', async () => {
    await start();
    const token = await signIn();
    const [task] = (await list(token, 'all')).body as [Task];
    const answer = await call('POST', `/api/apps/todo/task/${task.id}`, { token, body: { task: { title: 'Changed', isStarred: 1 } } });
    expect(answer.status).toBe(422);
    expect((await list(token, 'all')).body[0]).toEqual(task);
  });
});

describe('paths with or without the leading and trailing slash', () => {
  it('answer the same', async () => {
    await start();
    const token = await signIn();
    const reference = await list(token, 'starred');
    for (const path of [
      '/api/apps/todo/tasks?filter=starred',
      '/api/apps/todo/tasks/?filter=starred',
      'api/apps/todo/tasks?filter=starred',
      'api/apps/todo/tasks/?filter=starred',
    ]) {
      expect(await call('GET', path, { token }), path).toEqual(reference);
    }
    const tags = await call('GET', '/api/apps/todo/tags', { token });
    for (const path of ['/api/apps/todo/tags/', 'api/apps/todo/tags', 'api/apps/todo/tags/'])
      expect(await call('GET', path, { token }), path).toEqual(tags);

    const ids: number[] = [];
    for (const path of ['/api/apps/todo/tasks/', '/api/apps/todo/tasks', 'api/apps/todo/tasks/', 'api/apps/todo/tasks']) {
      const created = await call<{ id: number }>('POST', path, { token, body: newTask() });
      expect(created.status, path).toBe(201);
      ids.push(created.body.id);
    }
    expect(ids.map((id) => id - (ids[0] ?? 0))).toEqual([0, 1, 2, 3]);

    const id = ids[0] ?? 0;
    for (const [i, path] of [
      `/api/apps/todo/task/${id}`,
      `/api/apps/todo/task/${id}/`,
      `api/apps/todo/task/${id}`,
      `api/apps/todo/task/${id}/`,
    ].entries()) {
      const answer = await call<Task>('POST', path, { token, body: { task: { title: `Renamed ${i}` } } });
      expect(answer.status, path).toBe(200);
      expect(answer.body.title).toBe(`Renamed ${i}`);
    }
  });
});

describe("the app's API calls (src/features/todo/api) speak this contract", () => {
  it('list, tags, create and update through the real API client', async () => {
    const { getTasks } = await import('@/features/todo/api/get-tasks');
    const { getTaskTags } = await import('@/features/todo/api/get-task-tags');
    const { createTask } = await import('@/features/todo/api/create-task');
    const { updateTask } = await import('@/features/todo/api/update-task');
    await start();
    localStorage.setItem('accessToken', await signIn());

    const starred = await getTasks('starred');
    expect(starred.length).toBeGreaterThan(0);
    expect(starred.every((t) => t.isStarred && !t.isTrashed)).toBe(true);
    expect((await getTaskTags()).map((t) => t.value)).toEqual(['frontend', 'backend', 'doc', 'bug']);

    const { id } = await createTask({
      title: 'Via the client',
      desc: '',
      tags: ['bug'],
      isImportant: false,
      isStarred: false,
      isCompleted: false,
      isTrashed: false,
    });
    expect((await getTasks('all'))[0]).toMatchObject({ id, title: 'Via the client' });
    expect(await updateTask(id, { isStarred: true })).toMatchObject({ id, isStarred: true, tags: ['bug'] });
    await expect(updateTask(9999, { isStarred: true })).rejects.toMatchObject({ status: 404 });
    await expect(
      createTask({ title: '', desc: '', tags: [], isImportant: false, isStarred: false, isCompleted: false, isTrashed: false }),
    ).rejects.toMatchObject({
      status: 422,
      fieldErrors: { 'task.title': 'required' },
    });
  });
});

describe('starter tasks', () => {
  interface TaskOwner {
    id: string;
    ownerId: string;
  }
  /** A database with the named account `superadmin` and a generated-looking one, and no tasks yet. */
  async function twoAccounts(): Promise<{ s: Server; named: UserRow; generated: UserRow }> {
    const s = await start('default');
    const users = table<UserRow>(s.db, 'users');
    const named = users.where((u) => u.username === 'superadmin')[0] as UserRow;
    const { id: _id, ...rest } = named;
    const generated = users.insert({ ...rest, username: 'ana.costa.17' });
    const tasks = table<TaskOwner>(s.db, 'tasks');
    for (const task of tasks.all()) tasks.remove(task.id);
    return { s, named, generated };
  }
  const tasksOf = (s: Server, user: UserRow) => table<TaskOwner>(s.db, 'tasks').where((t) => t.ownerId === String(user.id));

  it("at the large seed only the named demo accounts get them; a generated account's list starts empty", async () => {
    const { s, named, generated } = await twoAccounts();
    seedTodo(s.db, { seed: 'large' });
    expect(tasksOf(s, named).length).toBeGreaterThan(0);
    expect(tasksOf(s, generated)).toEqual([]);
  });

  it('at the default seed every account gets them', async () => {
    const { s, generated } = await twoAccounts();
    seedTodo(s.db, { seed: 'default' });
    expect(tasksOf(s, generated).length).toBeGreaterThan(0);
  });
});
