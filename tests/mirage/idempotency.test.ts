import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Task } from '@machines/todo/types';
import { makeServer, type Server } from '@mirage/server';
import { signInAs } from './monitoring-helpers';

let server: Server | undefined;
afterEach(() => {
  vi.restoreAllMocks();
  server?.shutdown();
  server = undefined;
  localStorage.clear();
});

let clock = Date.now();
async function start() {
  clock = Date.now();
  server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default', now: () => clock });
  return signInAs('user');
}

interface Answer {
  status: number;
  replayed: string | null;
  body: Record<string, unknown>;
}

async function post(token: string | null, path: string, body: unknown, key?: string, extra: Record<string, string> = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...extra };
  if (token) headers['Authorization'] = `Bearer ${token}`;
  if (key !== undefined) headers['Idempotency-Key'] = key;
  const response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  return {
    status: response.status,
    replayed: response.headers.get('Idempotent-Replayed'),
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
  };
}

const task = (title: string) => ({
  task: { title, desc: '', tags: [], isImportant: false, isStarred: false, isCompleted: false, isTrashed: false },
});

async function tasksTitled(token: string, title: string): Promise<number> {
  const response = await fetch('/api/apps/todo/tasks?filter=all', { headers: { Authorization: `Bearer ${token}` } });
  return ((await response.json()) as Task[]).filter((t) => t.title === title).length;
}

describe('Idempotency-Key on creates', () => {
  it('the same key and body replays the first answer and creates nothing more', async () => {
    const user = await start();
    const first = await post(user.token, '/api/apps/todo/tasks/', task('Pay the invoice'), 'key-1');
    const again = await post(user.token, '/api/apps/todo/tasks/', task('Pay the invoice'), 'key-1');
    expect(first).toMatchObject({ status: 201, replayed: null });
    expect(again).toEqual({ status: 201, replayed: 'true', body: first.body });
    expect(await tasksTitled(user.token, 'Pay the invoice')).toBe(1);
  });

  it('the same key with a different body is refused with 422 and a clear message', async () => {
    const user = await start();
    await post(user.token, '/api/apps/todo/tasks/', task('First'), 'key-2');
    const other = await post(user.token, '/api/apps/todo/tasks/', task('Second'), 'key-2');
    expect(other.status).toBe(422);
    expect(other.body).toMatchObject({
      message: expect.stringMatching(/already used for a different request/),
      errors: { idempotencyKey: 'reusedWithDifferentRequest' },
    });
    expect(await tasksTitled(user.token, 'Second')).toBe(0);
  });

  it('a refused request is not remembered: corrected, it may reuse the key', async () => {
    const user = await start();
    expect((await post(user.token, '/api/apps/todo/tasks/', task(''), 'key-3')).status).toBe(422);
    expect((await post(user.token, '/api/apps/todo/tasks/', task('Fixed'), 'key-3')).status).toBe(201);
  });

  it('keys belong to a user, and are forgotten after 24 hours', async () => {
    const user = await start();
    const other = await signInAs('globex');
    await post(user.token, '/api/apps/todo/tasks/', task('Mine'), 'shared-key');
    expect((await post(other.token, '/api/apps/todo/tasks/', task('Mine'), 'shared-key')).replayed).toBeNull();
    expect(await tasksTitled(other.token, 'Mine')).toBe(1);
    clock += 24 * 60 * 60 * 1000 + 1;
    const nextDay = await signInAs('user');
    const later = await post(nextDay.token, '/api/apps/todo/tasks/', task('Mine'), 'shared-key');
    expect(later).toMatchObject({ status: 201, replayed: null });
    expect(await tasksTitled(nextDay.token, 'Mine')).toBe(2);
  });

  it('refuses a malformed key', async () => {
    const user = await start();
    const response = await post(user.token, '/api/apps/todo/tasks/', task('x'), 'has spaces in it');
    expect(response.status).toBe(400);
  });

  it('every create endpoint replays: unit, URL rule, process rule, email, registration', async () => {
    const user = await start();
    const unit = {
      name: 'Idem Kiosk',
      hostname: 'idem-kiosk.acme.example',
      ipAddress: '',
      operatingSystem: 'linux',
      location: '',
      description: '',
      tags: [],
      maintenance: false,
      screenshotIntervalMinutes: 0,
    };
    const units = await fetch('/api/service-units?pageSize=1', { headers: { Authorization: `Bearer ${user.token}` } });
    const unitId = String(((await units.json()) as { items: { id: string }[] }).items[0]?.id);
    const cases: [string, string, unknown, Record<string, string>?][] = [
      ['unit', '/api/service-units', unit],
      [
        'URL rule',
        '/api/url-restrictions',
        {
          pattern: 'idem.example',
          matchType: 'domain',
          action: 'block',
          enabled: true,
          scope: { kind: 'all' },
          schedule: { kind: 'always' },
          reason: '',
        },
      ],
      ['process rule', `/api/service-units/${unitId}/process-rules`, { pattern: 'idem.exe', action: 'block', enabled: true, comment: '' }],
      ['email', '/api/apps/email/compose', { to: ['a@acme.example'], subject: 'Idem', message: '<p>Hi</p>', draft: false }],
      [
        'registration',
        '/api/UserProfile',
        { fullName: 'Ida Idem', phoneNumber: '', email: 'ida@example.com', password: 'secret123', rePassword: 'secret123' },
        { key: 'service-unit-admin-demo-key' },
      ],
    ];
    for (const [name, path, body, extra] of cases) {
      const token = name === 'registration' ? null : user.token;
      const first = await post(token, path, body, `idem-${name.replace(/\s/g, '-')}`, extra);
      const again = await post(token, path, body, `idem-${name.replace(/\s/g, '-')}`, extra);
      expect(first.status, name).toBe(201);
      expect(again, name).toEqual({ status: 201, replayed: 'true', body: first.body });
    }
  });
});

describe('the API client sends one key per submission', () => {
  it('a create retried after its answer was lost yields one task', async () => {
    const user = await start();
    localStorage.setItem('accessToken', user.token);
    const { createTask } = await import('@/features/todo/api/create-task');
    const fields = { title: 'Lost answer', desc: '', tags: [], isImportant: false, isStarred: false, isCompleted: false, isTrashed: false };
    const realFetch = globalThis.fetch;
    const sentKeys: string[] = [];
    let lose = true;
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const headers = (init?.headers ?? {}) as Record<string, string>;
      const key = Object.entries(headers).find(([name]) => name.toLowerCase() === 'idempotency-key')?.[1];
      if (key) sentKeys.push(key);
      const answer = await realFetch(input, init);
      if (lose) {
        lose = false;
        // The server created the task, but the answer never arrives.
        throw new TypeError('Failed to fetch');
      }
      return answer;
    });
    await expect(createTask(fields)).rejects.toMatchObject({ status: 0 });
    const { id } = await createTask(fields);
    expect(sentKeys).toHaveLength(2);
    expect(sentKeys[0]).toBe(sentKeys[1]);
    expect(await tasksTitled(user.token, 'Lost answer')).toBe(1);

    // A new submission after the answer arrived gets a new key and creates a second task.
    const second = await createTask(fields);
    expect(sentKeys[2]).not.toBe(sentKeys[0]);
    expect(second.id).not.toBe(id);
    expect(await tasksTitled(user.token, 'Lost answer')).toBe(2);
  });
});
