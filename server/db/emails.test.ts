import { describe, expect, it } from 'vitest';
import type { EmailRecord, EmailRepository } from '../../core/mailbox';
import { memoryEmails } from '../../mirage/domains/email';
import { sqlTargets } from '../test-support/database';
import { repositoryPair, repositoryParity } from '../test-support/repository-parity';
import { createSqlEmails, EMAIL_MAILBOXES, EMAILS } from './emails';

/*
 * The mailbox's emails in PostgreSQL answer what the embedded backend answers from memory: an account's
 * emails, one email, and the last email number (a reply's number, kept only inside the email it answers,
 * counts too), and whose mailbox has its seeded emails, through writes; and the table keeps what the schema says. On PGlite, and on
 * PostgreSQL when TEST_DATABASE_URL is set.
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

// Owners 1 and 2 have their seeded emails; the third owner not yet.
const mailboxes: { id: string; ownerId: string }[] = [
  { id: '1', ownerId: '1' },
  { id: '0192f3a0-0009-7abc-8def-000000000009', ownerId: '2' },
];

describe.each(sqlTargets())('the mailbox emails in PostgreSQL on $name', (target) => {
  // The accounts that own the mailboxes (an email's owner must exist), in one organization.
  const organizations = [{ id: 'o1', name: 'Organization', domain: 'o.example', createdAt: '2025-01-01T00:00:00.000Z' }];
  const users = OWNERS.map((id, i) => ({ id, organizationId: 'o1', username: `user-${i}`, email: `user-${i}@o.example`, roleId: 4 }));
  const suite = repositoryParity(target, {
    organizations,
    users,
    [EMAILS]: records,
    [EMAIL_MAILBOXES]: mailboxes,
  });
  const { write } = suite;
  const { memory, stored } = repositoryPair<EmailRepository>(suite, memoryEmails, createSqlEmails);
  const ids = (rows: readonly EmailRecord[]) => rows.map((row) => row.id).sort();

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

  it('know whose mailbox has its seeded emails as memory does, and a mailbox added', async () => {
    const owners = [...OWNERS, 'nobody', 'a\0b'];
    const known = async (repository: EmailRepository) => Promise.all(owners.map((owner) => repository.hasMailbox(owner)));
    expect(await known(stored)).toEqual(await known(memory));
    expect(await known(stored)).toEqual([true, true, false, false, false]);
    await write(() => stored.addMailbox(OWNERS[2] as string));
    await memory.addMailbox(OWNERS[2] as string);
    expect(await known(stored)).toEqual(await known(memory));
    expect(await stored.hasMailbox(OWNERS[2] as string)).toBe(true);
  });

  it('keep an email’s number once, its labels and folder the app’s, and an account’s mailbox goes with it', async () => {
    const first = await stored.get('1');
    if (!first) throw new Error('No email 1');
    await expect(write(() => stored.insert([{ ...first, ownerId: 'nobody', id: '900' }]))).rejects.toMatchObject({ code: '23503' });
    await expect(write(() => stored.addMailbox('nobody'))).rejects.toMatchObject({ code: '23503' });
    await expect(write(() => stored.put([{ ...first, labels: ['work' as 'company'] }]))).rejects.toMatchObject({ code: '23514' });
    await expect(write(() => stored.put([{ ...first, mailFolder: 'archive' as 'inbox' }]))).rejects.toMatchObject({ code: '23514' });
    expect(await stored.get('1')).toEqual(first);

    await suite.sql.query(`DELETE FROM users WHERE id = $1`, [OWNERS[2]]);
    expect(await stored.ofOwner(OWNERS[2] as string)).toEqual([]);
    expect(await stored.hasMailbox(OWNERS[2] as string)).toBe(false);
    expect((await stored.ofOwner('1')).length).toBeGreaterThan(5);
  });
});
