import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Email, EmailMeta } from '@machines/email/types';
import { table } from '@mirage/db';
import { makeServer, type Server } from '@mirage/server';

let server: Server;
let token: string;

async function call(method: string, path: string, body?: unknown, auth: string | null = token) {
  // The login endpoint also wants the application key; the email endpoints ignore it.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Content-Type': 'application/json',
    key: 'service-unit-admin-demo-key',
  };
  if (auth) headers['Authorization'] = `Bearer ${auth}`;
  const res = await fetch(path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const text = await res.text();
  return { status: res.status, text, data: text ? (JSON.parse(text) as unknown) : undefined };
}

async function signIn(username: string): Promise<string> {
  const res = await call('POST', '/api/UserLogin', { params: { username, password: 'demo1234' } }, null);
  return (res.data as { accessToken: string }).accessToken;
}

const mails = async (filter: string, q?: string) =>
  (await call('GET', `/api/apps/email/mails?filter=${filter}${q ? `&q=${encodeURIComponent(q)}` : ''}`)).data as Email[];
const meta = async () => (await call('GET', '/api/apps/email/meta')).data as EmailMeta;
/** Every email of the mailbox, whatever its folder. */
async function everything(): Promise<Email[]> {
  const lists = await Promise.all(['inbox', 'sent', 'draft', 'spam', 'trash'].map((f) => mails(f)));
  return lists.flat().sort((a, b) => a.id - b.id);
}
function must<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('expected a value');
  return value;
}
const byId = async (id: number) => must((await everything()).find((m) => m.id === id));

beforeEach(async () => {
  server = await makeServer({ environment: 'test', latencyMs: 0, seed: 'default' });
  token = await signIn('user');
});
afterEach(() => server.shutdown());

describe('GET /api/apps/email/mails', () => {
  it('answers each folder with only its emails, newest first', async () => {
    for (const folder of ['inbox', 'sent', 'draft', 'spam', 'trash']) {
      const list = await mails(folder);
      expect(list.length, folder).toBeGreaterThan(0);
      expect(list.every((m) => m.mailFolder === folder)).toBe(true);
      const ids = list.map((m) => m.id);
      expect(ids).toEqual([...ids].sort((a, b) => b - a));
      const times = list.map((m) => m.time);
      expect(times).toEqual([...times].sort().reverse());
    }
  });

  it('keeps newest first whatever order the stored rows come back in (a reload from IndexedDB is not insertion order)', async () => {
    const records = table<{ id: string; subject: string }>(server.db, 'emails').rows() as { id: string; subject: string }[];
    records.sort((a, b) => a.subject.localeCompare(b.subject));
    const times = (await mails('inbox')).map((m) => m.time);
    expect(times.length).toBeGreaterThan(5);
    expect(times).toEqual([...times].sort().reverse());
  });

  it('seeds about 30 realistic emails with numeric ids, replies, attachments, labels and a mix of flags', async () => {
    const all = await everything();
    expect(all.length).toBeGreaterThanOrEqual(28);
    expect(all.every((m) => typeof m.id === 'number')).toBe(true);
    expect(all.some((m) => m.replies.length > 0 && m.replies.every((r) => r.mailFolder === '' && typeof r.id === 'number'))).toBe(true);
    expect(all.some((m) => m.attachments.length > 0)).toBe(true);
    expect(all.some((m) => m.unread) && all.some((m) => !m.unread)).toBe(true);
    expect(all.some((m) => m.isStarred)).toBe(true);
    expect(all.some((m) => /onerror=/.test(m.message) && /<script/.test(m.message) && /javascript:/.test(m.message))).toBe(true);
  });

  it('starred = starred and not in trash', async () => {
    const id = must((await mails('trash'))[0]).id;
    await call('POST', '/api/apps/email/set-starred', { mailId: id, value: true });
    const starred = await mails('starred');
    const expected = (await everything()).filter((m) => m.isStarred && m.mailFolder !== 'trash').map((m) => m.id);
    expect(starred.map((m) => m.id).sort()).toEqual(expected.sort());
    expect(starred.some((m) => m.id === id)).toBe(false);
    expect(starred.length).toBeGreaterThan(0);
  });

  it('a label = has the label and not in trash', async () => {
    for (const label of ['personal', 'company', 'important', 'private']) {
      const list = await mails(label);
      const expected = (await everything()).filter((m) => m.labels.includes(label as never) && m.mailFolder !== 'trash');
      expect(
        list.map((m) => m.id),
        label,
      ).toEqual(expected.map((m) => m.id).reverse());
    }
    // The seed has a trashed 'company' email: it must not appear.
    const trashedCompany = (await mails('trash')).find((m) => m.labels.includes('company'));
    expect(trashedCompany).toBeDefined();
    expect((await mails('company')).some((m) => m.id === trashedCompany?.id)).toBe(false);
  });

  it('searches by subject (case-insensitive) within the filter', async () => {
    const list = await mails('inbox', 'CONTRACT');
    expect(list.length).toBeGreaterThan(0);
    expect(list.every((m) => m.subject.toLowerCase().includes('contract') && m.mailFolder === 'inbox')).toBe(true);
    expect(await mails('inbox', 'no such subject zzz')).toEqual([]);
  });

  it('answers 400 for an unknown or missing filter (the contract lists the filters)', async () => {
    expect((await call('GET', '/api/apps/email/mails?filter=archive')).status).toBe(400);
    expect((await call('GET', '/api/apps/email/mails')).status).toBe(400);
  });
});

describe('GET tags and meta', () => {
  it('answers the four email tags', async () => {
    const res = await call('GET', '/api/apps/email/tags');
    expect(res.data).toEqual([
      { text: 'Personal', value: 'personal', color: 'success' },
      { text: 'Company', value: 'company', color: 'primary' },
      { text: 'Important', value: 'important', color: 'warning' },
      { text: 'Private', value: 'private', color: 'danger' },
    ]);
  });

  it('meta: unread ids of inbox and spam only, unread ids per label (trash excluded), draft ids', async () => {
    const m = await meta();
    const all = await everything();
    const ids = (f: (e: Email) => boolean) =>
      all
        .filter(f)
        .map((e) => e.id)
        .sort();
    expect(Object.keys(m.unreadMails.folder).sort()).toEqual(['inbox', 'spam']);
    expect([...m.unreadMails.folder.inbox].sort()).toEqual(ids((e) => e.unread && e.mailFolder === 'inbox'));
    expect([...m.unreadMails.folder.spam].sort()).toEqual(ids((e) => e.unread && e.mailFolder === 'spam'));
    expect(m.unreadMails.folder.inbox.length).toBeGreaterThan(0);
    // The seed has unread trash: it is counted nowhere.
    expect(all.some((e) => e.unread && e.mailFolder === 'trash')).toBe(true);
    for (const label of ['personal', 'company', 'important', 'private'] as const) {
      expect([...m.unreadMails.label[label]].sort(), label).toEqual(
        ids((e) => e.unread && e.labels.includes(label) && e.mailFolder !== 'trash'),
      );
    }
    expect([...m.draftMails].sort()).toEqual(ids((e) => e.mailFolder === 'draft'));
    expect(m.draftMails.length).toBeGreaterThan(0);
  });
});

describe('mutations', () => {
  it('move-mails moves every given email, answers 200 with no body, and the meta follows', async () => {
    const unread = (await meta()).unreadMails.folder.inbox;
    const [a, b] = unread;
    const res = await call('POST', '/api/apps/email/move-mails', { emailIds: [a, b], mailFolder: 'trash' });
    expect(res).toMatchObject({ status: 200, text: '' });
    expect((await byId(must(a))).mailFolder).toBe('trash');
    expect((await byId(must(b))).mailFolder).toBe('trash');
    expect((await meta()).unreadMails.folder.inbox).toEqual(unread.filter((id) => id !== a && id !== b));
  });

  it('update-labels toggles: adding a present label removes it, an absent one is added', async () => {
    const mail = must((await mails('inbox')).find((m) => !m.labels.includes('private')));
    expect((await call('POST', '/api/apps/email/update-labels', { emailIds: [mail.id], label: 'private' })).text).toBe('');
    expect((await byId(mail.id)).labels).toContain('private');
    await call('POST', '/api/apps/email/update-labels', { emailIds: [mail.id], label: 'private' });
    expect((await byId(mail.id)).labels).toEqual(mail.labels);
  });

  it('update-labels toggles each email on its own (one has it, the other not)', async () => {
    const inbox = await mails('inbox');
    const withIt = must(inbox.find((m) => m.labels.includes('company')));
    const without = must(inbox.find((m) => !m.labels.includes('company')));
    await call('POST', '/api/apps/email/update-labels', { emailIds: [withIt.id, without.id], label: 'company' });
    expect((await byId(withIt.id)).labels).not.toContain('company');
    expect((await byId(without.id)).labels).toContain('company');
  });

  it('set-labels replaces the labels', async () => {
    const mail = must((await mails('inbox'))[0]);
    const res = await call('POST', '/api/apps/email/set-labels', { mailId: mail.id, labels: ['private', 'personal'] });
    expect(res).toMatchObject({ status: 200, text: '' });
    expect((await byId(mail.id)).labels).toEqual(['private', 'personal']);
    await call('POST', '/api/apps/email/set-labels', { mailId: mail.id, labels: [] });
    expect((await byId(mail.id)).labels).toEqual([]);
  });

  it('mark-unread sets the flag to the given value', async () => {
    const read = (await mails('inbox'))
      .filter((m) => !m.unread)
      .slice(0, 2)
      .map((m) => m.id);
    expect((await call('POST', '/api/apps/email/mark-unread', { emailIds: read, unreadFlag: true })).text).toBe('');
    for (const id of read) expect((await byId(id)).unread).toBe(true);
    await call('POST', '/api/apps/email/mark-unread', { emailIds: read, unreadFlag: false });
    for (const id of read) expect((await byId(id)).unread).toBe(false);
  });

  it('set-starred sets the flag to the given value', async () => {
    const mail = must((await mails('inbox')).find((m) => !m.isStarred));
    expect(await call('POST', '/api/apps/email/set-starred', { mailId: mail.id, value: true })).toMatchObject({ status: 200, text: '' });
    expect((await byId(mail.id)).isStarred).toBe(true);
    await call('POST', '/api/apps/email/set-starred', { mailId: mail.id, value: false });
    expect((await byId(mail.id)).isStarred).toBe(false);
  });
});

describe('bad bodies answer 422 with a message and change nothing', () => {
  const cases: [string, string, (ids: number[]) => unknown][] = [
    ['move-mails', 'unknown folder', (ids) => ({ emailIds: ids, mailFolder: 'archive' })],
    ['move-mails', 'missing folder', (ids) => ({ emailIds: ids })],
    ['move-mails', 'string ids', (ids) => ({ emailIds: ids.map(String), mailFolder: 'trash' })],
    ['move-mails', 'missing ids', () => ({ mailFolder: 'trash' })],
    ['move-mails', 'one unknown id among good ones', (ids) => ({ emailIds: [...ids, 999999], mailFolder: 'trash' })],
    ['move-mails', 'empty id list', () => ({ emailIds: [], mailFolder: 'trash' })],
    ['update-labels', 'unknown label', (ids) => ({ emailIds: ids, label: 'work' })],
    ['update-labels', 'missing label', (ids) => ({ emailIds: ids })],
    ['update-labels', 'string ids', (ids) => ({ emailIds: ids.map(String), label: 'private' })],
    ['update-labels', 'unknown id', () => ({ emailIds: [999999], label: 'private' })],
    ['set-labels', 'unknown label in the list', (ids) => ({ mailId: ids[0], labels: ['private', 'work'] })],
    ['set-labels', 'labels not a list', (ids) => ({ mailId: ids[0], labels: 'private' })],
    ['set-labels', 'missing labels', (ids) => ({ mailId: ids[0] })],
    ['set-labels', 'string id', (ids) => ({ mailId: String(ids[0]), labels: [] })],
    ['set-labels', 'missing id', () => ({ labels: [] })],
    ['mark-unread', 'missing flag', (ids) => ({ emailIds: ids })],
    ['mark-unread', 'flag not a boolean', (ids) => ({ emailIds: ids, unreadFlag: 'yes' })],
    ['mark-unread', 'fractional id', (ids) => ({ emailIds: [(ids[0] ?? 1) + 0.5], unreadFlag: true })],
    ['set-starred', 'missing value', (ids) => ({ mailId: ids[0] })],
    ['set-starred', 'unknown id', () => ({ mailId: 424242, value: true })],
    ['set-starred', 'not an object', () => [1, 2]],
  ];

  it.each(cases)('%s: %s', async (endpoint, _what, makeBody) => {
    const before = await everything();
    const ids = before
      .filter((m) => m.mailFolder === 'inbox')
      .slice(0, 2)
      .map((m) => m.id);
    const body = makeBody(ids);
    const res = await call('POST', `/api/apps/email/${endpoint}`, body);
    // Not an object at all is a malformed request (400); anything else a refused value (422).
    expect(res.status).toBe(Array.isArray(body) ? 400 : 422);
    expect(typeof (res.data as { message: unknown }).message).toBe('string');
    expect(await everything()).toEqual(before);
  });

  it("another user's email id is unknown", async () => {
    const mine = must((await mails('inbox'))[0]);
    token = await signIn('globex');
    const res = await call('POST', '/api/apps/email/set-starred', { mailId: mine.id, value: !mine.isStarred });
    expect(res.status).toBe(422);
    token = await signIn('user');
    expect((await byId(mine.id)).isStarred).toBe(mine.isStarred);
  });
});

describe('auth, slashes and mailboxes', () => {
  it('answers 401 without a bearer token or with a bad one, on every endpoint', async () => {
    const endpoints: [string, string][] = [
      ['GET', '/api/apps/email/mails?filter=inbox'],
      ['GET', '/api/apps/email/tags'],
      ['GET', '/api/apps/email/meta'],
      ['POST', '/api/apps/email/move-mails'],
      ['POST', '/api/apps/email/update-labels'],
      ['POST', '/api/apps/email/set-labels'],
      ['POST', '/api/apps/email/mark-unread'],
      ['POST', '/api/apps/email/set-starred'],
      ['POST', '/api/apps/email/compose'],
    ];
    for (const [method, path] of endpoints) {
      const res = await call(method, path, method === 'POST' ? {} : undefined, null);
      expect(res.status, path).toBe(401);
      expect(res.data).toEqual({ message: 'Invalid access token' });
      expect((await call(method, path, method === 'POST' ? {} : undefined, 'forged')).status, path).toBe(401);
    }
  });

  it('answers the same with or without a trailing slash', async () => {
    expect((await call('GET', '/api/apps/email/mails/?filter=inbox')).data).toEqual(await mails('inbox'));
    expect((await call('GET', '/api/apps/email/meta/')).data).toEqual(await meta());
    expect((await call('GET', '/api/apps/email/tags/')).status).toBe(200);
    const id = must((await mails('inbox'))[0]).id;
    const res = await call('POST', '/api/apps/email/set-starred/', { mailId: id, value: true });
    expect(res).toMatchObject({ status: 200, text: '' });
    expect((await byId(id)).isStarred).toBe(true);
    expect((await call('POST', '/api/apps/email/move-mails/', { emailIds: [id], mailFolder: 'spam' })).status).toBe(200);
  });

  it('gives every user their own mailbox', async () => {
    const mine = await everything();
    token = await signIn('globex');
    const theirs = await everything();
    expect(theirs.length).toBe(mine.length);
    expect(theirs.some((m) => mine.some((n) => n.id === m.id))).toBe(false);
    expect(must(theirs.find((m) => m.mailFolder === 'inbox')).to).toEqual(['globex@globex.example']);
  });
});

describe('POST /api/apps/email/compose', () => {
  const valid = { to: ['maya.chen@northwind.example'], cc: [], bcc: [], subject: 'Hello', message: '<p>Hi</p>', draft: false };

  it('sends: stores the mail in sent, first in the list, and answers 201 with its id', async () => {
    const res = await call('POST', '/api/apps/email/compose', valid);
    expect(res.status).toBe(201);
    const { id } = res.data as { id: number };
    expect(typeof id).toBe('number');
    const sent = await mails('sent');
    expect(sent[0]).toMatchObject({ id, subject: 'Hello', to: valid.to, sender: 'user@acme.example', mailFolder: 'sent', unread: false });
  });

  it('saves a draft, counts it in meta, then sending it moves it to sent', async () => {
    const drafts = (await meta()).draftMails.length;
    const { id } = (await call('POST', '/api/apps/email/compose', { ...valid, to: [], subject: 'Unfinished', draft: true })).data as {
      id: number;
    };
    expect((await mails('draft'))[0]).toMatchObject({ id, subject: 'Unfinished' });
    expect((await meta()).draftMails).toHaveLength(drafts + 1);
    const res = await call('POST', '/api/apps/email/compose', { ...valid, subject: 'Finished', draftId: id });
    expect(res).toMatchObject({ status: 201, data: { id } });
    expect((await mails('draft')).some((m) => m.id === id)).toBe(false);
    expect((await mails('sent'))[0]).toMatchObject({ id, subject: 'Finished' });
  });

  it('a reply is stored in sent and joins the thread of the email it answers', async () => {
    const original = must((await mails('inbox'))[0]);
    const { id } = (await call('POST', '/api/apps/email/compose', { ...valid, subject: `Re: ${original.subject}`, replyTo: original.id }))
      .data as { id: number };
    const thread = (await byId(original.id)).replies;
    expect(thread[thread.length - 1]).toMatchObject({ id, mailFolder: '', subject: `Re: ${original.subject}` });
  });

  it('answers 422 with field errors and stores nothing', async () => {
    const bad: [unknown, Record<string, string>][] = [
      [{ ...valid, to: ['not-an-address'] }, { to: 'invalidAddress' }],
      [{ ...valid, to: [] }, { to: 'required' }],
      [{ ...valid, cc: ['a@b'] }, { cc: 'invalidAddress' }],
      [{ ...valid, bcc: 'x@y.example' }, { bcc: 'invalidType' }],
      [{ ...valid, draft: undefined }, { draft: 'required' }],
      [{ ...valid, replyTo: 999999 }, { replyTo: 'unknown' }],
      [{ ...valid, draftId: must((await mails('inbox'))[0]).id }, { draftId: 'unknown' }],
      [{ ...valid, draft: true, to: ['nope'] }, { to: 'invalidAddress' }],
    ];
    const before = await everything();
    for (const [body, errors] of bad) {
      const res = await call('POST', '/api/apps/email/compose', body);
      expect(res.status).toBe(422);
      expect(res.data).toMatchObject({ message: expect.any(String) as unknown, errors });
    }
    expect(await everything()).toEqual(before);
  });
});
