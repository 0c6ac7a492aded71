import { afterEach, describe, expect, it } from 'vitest';
import { makeServer, type Server } from '@mirage/server';
import { signInAs } from './monitoring-helpers';

let server: Server | undefined;
afterEach(() => {
  server?.shutdown();
  server = undefined;
});

interface Answer {
  status: number;
  body: { message?: string; errors?: Record<string, string> } & Record<string, unknown>;
}

async function post(token: string | null, path: string, body: unknown, extra: Record<string, string> = {}): Promise<Answer> {
  const headers: Record<string, string> = { 'Content-Type': 'application/json', ...extra };
  if (token) headers['Authorization'] = `Bearer ${token}`;
  const response = await fetch(path, { method: 'POST', headers, body: JSON.stringify(body) });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Answer['body'] };
}

// Issue 8, "odd text": what the server must refuse in every user-entered text field.
const ODD: [string, string, string][] = [
  ['a NUL byte', 'Kiosk\u0000 01', 'controlCharacter'],
  ['a right-to-left override (U+202E)', 'invoice\u202Egnp.exe', 'bidiControl'],
  ['zero-width spaces only', '\u200B\u200B\u200B', 'invisible'],
  ['10,000 characters', 'x'.repeat(10_000), 'tooLong'],
];

interface Endpoint {
  name: string;
  path: (unitId: string) => string;
  body: (text: string) => unknown;
  field: string;
  anonymous?: boolean;
}

const ENDPOINTS: Endpoint[] = [
  {
    name: 'unit name',
    path: () => '/api/service-units',
    body: (name) => ({
      name,
      hostname: 'odd-01.acme.example',
      ipAddress: '',
      operatingSystem: 'linux',
      location: '',
      description: '',
      tags: [],
      maintenance: false,
      screenshotIntervalMinutes: 0,
    }),
    field: 'name',
  },
  {
    name: 'unit location',
    path: () => '/api/service-units',
    body: (location) => ({
      name: 'Odd 02',
      hostname: 'odd-02.acme.example',
      ipAddress: '',
      operatingSystem: 'linux',
      location,
      description: '',
      tags: [],
      maintenance: false,
      screenshotIntervalMinutes: 0,
    }),
    field: 'location',
  },
  {
    name: 'URL rule reason',
    path: () => '/api/url-restrictions',
    body: (reason) => ({
      pattern: 'odd.example',
      matchType: 'domain',
      action: 'block',
      enabled: true,
      scope: { kind: 'all' },
      schedule: { kind: 'always' },
      reason,
    }),
    field: 'reason',
  },
  {
    name: 'URL rule pattern (wildcard)',
    path: () => '/api/url-restrictions',
    body: (pattern) => ({
      pattern,
      matchType: 'wildcard',
      action: 'block',
      enabled: true,
      scope: { kind: 'all' },
      schedule: { kind: 'always' },
      reason: '',
    }),
    field: 'pattern',
  },
  {
    name: 'process rule comment',
    path: (unitId) => `/api/service-units/${unitId}/process-rules`,
    body: (comment) => ({ pattern: 'odd.exe', action: 'block', enabled: true, comment }),
    field: 'comment',
  },
  { name: 'to-do title', path: () => '/api/apps/todo/tasks/', body: (title) => ({ task: { title } }), field: 'task.title' },
  {
    name: 'email subject',
    path: () => '/api/apps/email/compose',
    body: (subject) => ({ to: ['a@acme.example'], subject, message: 'Hi', draft: false }),
    field: 'subject',
  },
];

describe('the server refuses odd text with a field error, and stores nothing', () => {
  it.each(ENDPOINTS.flatMap((e) => ODD.map(([what, text, code]) => [`${e.name}: ${what}`, e, text, code] as const)))(
    '%s',
    async (_name, endpoint, text, code) => {
      const user = await signInAfterStart();
      const units = await fetch('/api/service-units?pageSize=1', { headers: { Authorization: `Bearer ${user.token}` } });
      const unitId = String(((await units.json()) as { items: { id: string }[] }).items[0]?.id);
      const answer = await post(user.token, endpoint.path(unitId), endpoint.body(text));
      expect(answer.status).toBe(422);
      expect(answer.body.errors?.[endpoint.field]).toBe(code);
    },
  );

  it.each(ODD)('registration full name: %s', async (_what, text, code) => {
    server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
    const answer = await post(
      null,
      '/api/UserProfile',
      { fullName: text, phoneNumber: '', email: 'odd@example.com', password: 'secret123', rePassword: 'secret123' },
      { key: 'service-unit-admin-demo-key' },
    );
    expect(answer.status).toBe(422);
    const expected = {
      controlCharacter: /control character/,
      bidiControl: /text-direction override/,
      invisible: /visible characters/,
      tooLong: /at most 100 characters/,
    }[code];
    expect(answer.body.errors?.['fullName']).toMatch(expected ?? /never/);
  });

  it('normalises to NFC and keeps newlines in multi-line fields; a name at the limit is stored whole', async () => {
    const user = await signInAfterStart();
    const name = `Cafe\u0301 ${'x'.repeat(75)}`; // 80 characters after NFC
    const created = await post(user.token, '/api/service-units', {
      name,
      hostname: 'cafe.acme.example',
      ipAddress: '',
      operatingSystem: 'linux',
      location: '',
      description: 'Line one\n\tLine two',
      tags: [],
      maintenance: false,
      screenshotIntervalMinutes: 0,
    });
    expect(created.status).toBe(201);
    expect(created.body['name']).toBe(name.normalize('NFC'));
    expect(created.body['description']).toBe('Line one\n\tLine two');
  });
});

async function signInAfterStart() {
  server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
  return signInAs('user');
}
