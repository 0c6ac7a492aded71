import type { Server } from 'miragejs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailRecord, EmailRepository } from '../../core/mailbox';
import { table } from '../../mirage/db';
import { memoryEmails } from '../../mirage/domains/email';
import { createNodeTransport } from '../../mirage/node-transport';
import { makeServer } from '../../mirage/server';
import { sqlTargets } from '../test-support/database';
import { createSqlEmails, EMAILS } from './emails';
import { migrate } from './migrate';
import { createPgRowStore } from './row-store';
import type { Sql } from './sql';
import { inUnitOfWork } from './unit-of-work';

/*
 * The mailbox's emails in PostgreSQL answer what the embedded backend answers from memory: an account's
 * emails, one email, and the last email number (a reply's number, kept only inside the email it answers,
 * counts too), through writes. On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set.
 */

const OWNERS = ['1', '2', '0192f3a0-0002-7abc-8def-000000000002'];

const email = (id: number, ownerId: string, replyIds: number[] = []): EmailRecord => ({
  id: String(id),
  ownerId,
  sender: 'maya.chen@northwind.example',
  sender_name: 'Maya Chen',
  to: ['user@acme.example'],
  cc: [],
  bcc: [],
  img: '',
  subject: `Mail ${id}`,
  message: '<p>Hi</p>',
  attachments: [],
  isStarred: id % 3 === 0,
  labels: id % 2 === 0 ? ['company'] : [],
  time: `2026-11-${String(1 + (id % 28)).padStart(2, '0')}T08:00:00.000Z`,
  replies: replyIds.map((replyId) => {
    const { ownerId: _owner, ...reply } = email(replyId, ownerId);
    return { ...reply, id: replyId, mailFolder: '' as const };
  }),
  mailFolder: 'inbox',
  unread: id % 4 === 0,
});

// Numbers 9 and 10 sort before 2 as text: the last number is the largest by value. 57 is only a reply.
const records: EmailRecord[] = [
  ...Array.from({ length: 30 }, (_, i) => email(i + 1, OWNERS[i % OWNERS.length] as string)),
  email(31, '1', [57, 32]),
];

describe.each(sqlTargets())('the mailbox emails in PostgreSQL on $name', ({ open }) => {
  let mirage: Server;
  let sql: Sql;
  let drop: () => Promise<void>;
  let memory: EmailRepository;
  let stored: EmailRepository;
  const store = () => createPgRowStore(sql);
  const write = <T>(fn: () => Promise<T>) => store().writing(async (tx) => (await inUnitOfWork(tx, fn, store().writeBatch)).value);
  const ids = (rows: readonly EmailRecord[]) => rows.map((row) => row.id).sort();

  beforeAll(async () => {
    mirage = await makeServer({ environment: 'test', latencyMs: 0, seed: 'none', interceptor: createNodeTransport().interceptor });
    memory = memoryEmails(mirage.db);
    ({ sql, drop } = await open());
    await migrate(sql);
    stored = createSqlEmails(sql, store().writeBatch);
    expect(await stored.lastId()).toBe(0);
    expect(await memory.lastId()).toBe(0);
    for (const record of records) table<EmailRecord>(mirage.db, EMAILS).insert(record);
    await store().writing((tx) => store().writeBatch(tx, [{ collection: EMAILS, put: [...records], deleted: [] }]));
  }, 60_000);
  afterAll(async () => {
    mirage.shutdown();
    await drop();
  });

  const expectAlike = async () => {
    for (const owner of [...OWNERS, 'nobody', 'a\0b'])
      expect(ids(await stored.ofOwner(owner)), owner).toEqual(ids(await memory.ofOwner(owner)));
    for (const id of ['1', '9', '31', '57', '999', 'x\0']) expect(await stored.get(id), id).toEqual(await memory.get(id));
    expect(await stored.lastId()).toBe(await memory.lastId());
  };

  it('answer an account’s emails, one email and the last email number (replies included) as memory does', async () => {
    await expectAlike();
    expect(await stored.lastId()).toBe(57);
  });

  it('store new emails and changes as memory does', async () => {
    const fresh = [email(58, '2'), email(59, '1', [60])];
    await write(() => stored.insert(fresh));
    await memory.insert(fresh);
    const changed = { ...(records[0] as EmailRecord), unread: false, mailFolder: 'trash' as const };
    await write(() => stored.put([changed]));
    await memory.put([changed]);

    expect(await stored.get('1')).toMatchObject({ unread: false, mailFolder: 'trash' });
    expect(await stored.lastId()).toBe(60);
    await expectAlike();
  });
});
