import type { Request, Server } from 'miragejs';
import type { Email, EmailLabel, EmailMeta, EmailTag, MailFolder } from '../../machines/email/types';
import { table, type MirageDb, type Row } from '../db';
import { errorResponse, isRecord, json, parseBody, queryParam, withAuth, type UserRow } from '../http';
import type { MirageContext, MirageDomain } from '../types';
import { readText } from '../../machines/text/text-rules';
import { COMPOSE_TEXT_RULES } from '../../machines/email/compose-rules';
import { idempotent } from '../idempotency';
import { lastEmailId, type EmailRecord, type EmailRepository } from '../../core/mailbox';
import { givenRepository } from '../given-repositories';

/*
 * The mailbox demo app. Decisions (see docs/email.md):
 * - Every user has their own mailbox (rows carry ownerId). Demo accounts get theirs at seed time;
 *   a user created later gets one on first use, so every signed-in user sees a realistic inbox.
 * - Email ids are numbers, unique across all mailboxes. Mirage stores ids as strings, so the row id is
 *   the number as a string and every answer converts it back.
 * - Another user's email id is treated like an unknown id (422 on mutations): ids do not leak.
 * - Label unread counts in meta leave trashed mail out, like the label views do.
 */

// mirage/ may only import types from machines/, so the value lists live here too.
const FOLDERS: readonly MailFolder[] = ['inbox', 'sent', 'draft', 'spam', 'trash'];
const LABELS: readonly EmailLabel[] = ['personal', 'company', 'important', 'private'];

export const EMAIL_TAGS: readonly EmailTag[] = [
  { text: 'Personal', value: 'personal', color: 'success' },
  { text: 'Company', value: 'company', color: 'primary' },
  { text: 'Important', value: 'important', color: 'warning' },
  { text: 'Private', value: 'private', color: 'danger' },
];

export type EmailRow = EmailRecord;

/** The owners whose mailbox has its seeded emails. */
export const EMAIL_MAILBOXES = 'emailMailboxes';
const mailboxes = (db: MirageDb) => table<MailboxRow>(db, EMAIL_MAILBOXES);

interface MailboxRow extends Row {
  ownerId: string;
}

const isFolder = (v: unknown): v is MailFolder => typeof v === 'string' && (FOLDERS as readonly string[]).includes(v);
const isLabel = (v: unknown): v is EmailLabel => typeof v === 'string' && (LABELS as readonly string[]).includes(v);
const isId = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v > 0;
const ADDRESS = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

function toEmail(row: EmailRow): Email {
  const { ownerId: _owner, id, ...rest } = row;
  return { ...rest, id: Number(id) };
}

const emails = (db: MirageDb) => table<EmailRow>(db, 'emails');

/** The emails answered from the rows in memory (the embedded backend). */
export function memoryEmails(db: MirageDb): EmailRepository {
  return {
    ofOwner: (ownerId) => Promise.resolve(emails(db).where((r) => r.ownerId === ownerId)),
    get: (id) => Promise.resolve(emails(db).find(id)),
    lastId: () => Promise.resolve(lastEmailId(emails(db).rows())),
    insert(rows) {
      emails(db).insertMany(rows.map((row) => ({ ...row })));
      return Promise.resolve();
    },
    put(rows) {
      for (const { id, ...rest } of rows) emails(db).update(id, rest);
      return Promise.resolve();
    },
    hasMailbox: (ownerId) => Promise.resolve(mailboxes(db).where({ ownerId }).length > 0),
    addMailbox(ownerId) {
      mailboxes(db).insert({ ownerId });
      return Promise.resolve();
    },
  };
}

/** The emails of this backend: the server's repository, else the rows in memory. */
export const emailStore = (db: MirageDb): EmailRepository =>
  givenRepository<ReturnType<typeof memoryEmails>>(db, 'emails') ?? memoryEmails(db);

// ---------------------------------------------------------------------------------------------
// Seed

interface Contact {
  name: string;
  email: string;
}

const CONTACTS = {
  maya: { name: 'Maya Chen', email: 'maya.chen@northwind.example' },
  liam: { name: "Liam O'Connor", email: 'liam.oconnor@fabrikam.example' },
  priya: { name: 'Priya Raman', email: 'priya.raman@contoso.example' },
  jonas: { name: 'Jonas Weber', email: 'jonas.weber@initech.example' },
  camille: { name: 'Camille Dubois', email: 'camille.dubois@umbrella.example' },
  rafael: { name: 'Rafael Souza', email: 'rafael.souza@tailspin.example' },
  elena: { name: 'Elena Petrova', email: 'elena.petrova@wideworld.example' },
  noah: { name: 'Noah Williams', email: 'noah.williams@adventure.example' },
  mom: { name: 'Anna Lindqvist', email: 'anna.lindqvist@mailbox.example' },
  prize: { name: 'Prize Department', email: 'winner@lucky-prize.example' },
  bank: { name: 'Account Security', email: 'security@paypa1-verify.example' },
  pharma: { name: 'Online Pharmacy', email: 'deals@cheap-meds.example' },
  billing: { name: 'Billing Notice', email: 'billing@invoice-overdue.example' },
} as const satisfies Record<string, Contact>;
type ContactKey = keyof typeof CONTACTS;

interface Template {
  folder: MailFolder;
  /** For sent mail and drafts: the recipient; otherwise the sender. */
  who: ContactKey | 'it' | 'hr';
  subject: string;
  body: string;
  hoursAgo: number;
  unread?: boolean;
  starred?: boolean;
  labels?: EmailLabel[];
  attachments?: string[];
  cc?: ContactKey[];
  /** Earlier messages of the thread: [from (or 'me'), body, hoursAgo]. */
  replies?: [ContactKey | 'me', string, number][];
}

const p = (...paragraphs: string[]) => paragraphs.map((t) => `<p>${t}</p>`).join('');

/** The XSS probe: every trick below must be neutralised by the sanitizer before rendering. */
export const DANGEROUS_SUBJECT = 'Overdue invoice #88412 – action required';
const DANGEROUS_BODY =
  '<p>Dear customer,</p><p>Your invoice is overdue. Please review the attached statement.</p>' +
  '<img src="x" onerror="window.__pwned = true; alert(\'pwned\')">' +
  '<script>window.__pwned = true; alert("pwned")</script>' +
  '<p><a href="javascript:window.__pwned=true;alert(\'pwned\')">View your statement</a></p>' +
  '<p><svg onload="window.__pwned = true"></svg>Regards,<br>Billing</p>';

const TEMPLATES: readonly Template[] = [
  // Oldest first: the list answers newest first (reversed).
  {
    folder: 'inbox',
    who: 'hr',
    subject: 'Welcome aboard – your first week',
    body: p('Welcome to the team! Your onboarding schedule is attached.', 'Please bring an ID on Monday for your badge.'),
    hoursAgo: 24 * 40,
    labels: ['company'],
    attachments: ['onboarding-schedule.pdf'],
  },
  {
    folder: 'inbox',
    who: 'maya',
    subject: 'Quarterly service unit review',
    body: p('Hi,', 'Could you prepare the uptime figures for the quarterly review? The template is attached.', 'Thanks, Maya'),
    hoursAgo: 24 * 30,
    labels: ['company', 'important'],
    attachments: ['q3-review-template.xlsx'],
    replies: [['me', p('Sure, I will have them ready by Thursday.'), 24 * 31]],
  },
  {
    folder: 'sent',
    who: 'liam',
    subject: 'Re: Process restrictions for the Dublin site',
    body: p('Hi Liam,', 'I added the three executables to the blocked list. Let me know if the operators notice anything.'),
    hoursAgo: 24 * 28,
    labels: ['company'],
  },
  { folder: 'trash', who: 'pharma', subject: 'Limited offer just for you', body: p('Best prices this week only.'), hoursAgo: 24 * 27 },
  {
    folder: 'inbox',
    who: 'mom',
    subject: 'Sunday lunch?',
    body: p('Hi darling, are you coming on Sunday? Dad is making his famous lasagne.', 'Love, Mum'),
    hoursAgo: 24 * 25,
    labels: ['personal'],
    starred: true,
  },
  {
    folder: 'inbox',
    who: 'priya',
    subject: 'Contract renewal – Contoso',
    body: p('Hello,', 'Attached is the renewal draft for next year. Legal asked for comments by the end of the month.'),
    hoursAgo: 24 * 21,
    labels: ['important', 'private'],
    attachments: ['contoso-renewal-2026.docx', 'pricing-annex.pdf'],
    starred: true,
  },
  {
    folder: 'spam',
    who: 'prize',
    subject: 'Congratulations! You have been selected',
    body: p('You are our lucky winner of a brand new phone. Click to claim within 24 hours!'),
    hoursAgo: 24 * 20,
    unread: true,
  },
  {
    folder: 'inbox',
    who: 'it',
    subject: 'Scheduled maintenance on Saturday',
    body: p(
      'The monitoring servers will be offline on Saturday between 02:00 and 04:00 UTC.',
      'Screenshots taken during that window will be uploaded afterwards.',
    ),
    hoursAgo: 24 * 18,
    labels: ['company'],
  },
  {
    folder: 'sent',
    who: 'maya',
    subject: 'Uptime figures for Q3',
    body: p('Hi Maya,', 'Here are the figures. Average uptime was 99.7%; the two incidents are explained in the notes.'),
    hoursAgo: 24 * 16,
    labels: ['company'],
    attachments: ['q3-uptime.xlsx'],
  },
  {
    folder: 'inbox',
    who: 'jonas',
    subject: 'Screenshots from the Munich kiosks',
    body: p(
      'Hi,',
      'Some kiosks in Munich send black screenshots since the last update. Can you check the capture settings?',
      'Cheers, Jonas',
    ),
    hoursAgo: 24 * 14,
    labels: ['company'],
    attachments: ['kiosk-07.png', 'kiosk-12.png'],
    replies: [
      ['me', p('Thanks Jonas, which build are they running?'), 24 * 15],
      ['jonas', p('Build 4.2.1 on all of them.'), 24 * 14.5],
    ],
  },
  {
    folder: 'draft',
    who: 'camille',
    subject: 'Proposal for the Lyon rollout',
    body: p('Bonjour Camille,', 'Following our call, here is a first outline of the rollout plan:'),
    hoursAgo: 24 * 12,
    labels: ['company'],
  },
  {
    folder: 'inbox',
    who: 'rafael',
    subject: 'Flight details for the workshop',
    body: p('Olá! My flight lands on Tuesday at 10:40. Could someone pick me up at the airport?'),
    hoursAgo: 24 * 10,
    labels: ['personal'],
  },
  {
    folder: 'trash',
    who: 'noah',
    subject: 'Newsletter: product updates',
    body: p('This month: new dashboards, faster reports and more.'),
    hoursAgo: 24 * 9,
  },
  {
    folder: 'spam',
    who: 'bank',
    subject: 'Your account has been suspended',
    body: p('We noticed unusual activity. Verify your identity now to avoid losing access.'),
    hoursAgo: 24 * 8,
    unread: true,
  },
  {
    folder: 'inbox',
    who: 'elena',
    subject: 'Invitation: architecture review',
    body: p('Hi,', 'You are invited to the architecture review on Thursday at 14:00. Agenda attached.'),
    hoursAgo: 24 * 7,
    labels: ['company', 'important'],
    attachments: ['agenda.pdf'],
    cc: ['maya'],
  },
  {
    folder: 'sent',
    who: 'rafael',
    subject: 'Re: Flight details for the workshop',
    body: p('Hi Rafael, I will be there. Look for the blue car at gate B.'),
    hoursAgo: 24 * 6,
    labels: ['personal'],
  },
  {
    folder: 'inbox',
    who: 'billing',
    subject: DANGEROUS_SUBJECT,
    body: DANGEROUS_BODY,
    hoursAgo: 24 * 5,
    attachments: ['statement-88412.pdf'],
  },
  {
    folder: 'inbox',
    who: 'liam',
    subject: 'URL restrictions are too strict',
    body: p('Hi,', 'Since this morning the Dublin team cannot open the supplier portal. Could the new rule be blocking it?'),
    hoursAgo: 24 * 4,
    unread: true,
    labels: ['important'],
    replies: [['me', p('Which address exactly? I will look at it.'), 24 * 4.5]],
  },
  {
    folder: 'draft',
    who: 'hr',
    subject: 'Holiday request – December',
    body: p('Hello,', 'I would like to request leave from 22 to 31 December.'),
    hoursAgo: 24 * 3.5,
    labels: ['private'],
  },
  {
    folder: 'inbox',
    who: 'camille',
    subject: 'Re: Lyon rollout dates',
    body: p('Hello,', 'We can start the Lyon rollout on the 12th. I attached the updated plan.'),
    hoursAgo: 24 * 3,
    unread: true,
    labels: ['company'],
    attachments: ['lyon-plan-v2.pdf'],
    replies: [['me', p('Great, does the 12th work for your operators?'), 24 * 3.2]],
  },
  { folder: 'spam', who: 'pharma', subject: 'Save 80% today', body: p('No prescription needed. Order now.'), hoursAgo: 24 * 2.5 },
  {
    folder: 'inbox',
    who: 'noah',
    subject: 'Team dinner on Friday',
    body: p('Hey all, dinner on Friday at 19:30 at the Italian place near the office. Reply if you are coming!'),
    hoursAgo: 24 * 2,
    unread: true,
    labels: ['personal'],
    starred: true,
  },
  {
    folder: 'inbox',
    who: 'it',
    subject: 'Password expires in 5 days',
    body: p('Your password expires in 5 days. Change it from your profile page.'),
    hoursAgo: 30,
    unread: true,
    labels: ['company'],
  },
  {
    folder: 'sent',
    who: 'jonas',
    subject: 'Re: Screenshots from the Munich kiosks',
    body: p('Hi Jonas, please update them to 4.2.2: it fixes the black screenshots.'),
    hoursAgo: 26,
    labels: ['company'],
    attachments: ['release-notes-4.2.2.pdf'],
  },
  {
    folder: 'inbox',
    who: 'priya',
    subject: 'Signed contract',
    body: p('Hi,', 'Please find the signed contract attached. Thank you for your patience!'),
    hoursAgo: 20,
    unread: true,
    labels: ['important'],
    attachments: ['contoso-contract-signed.pdf'],
    starred: true,
  },
  {
    folder: 'trash',
    who: 'elena',
    subject: 'Cancelled: weekly sync',
    body: p('This week’s sync is cancelled.'),
    hoursAgo: 16,
    unread: true,
    labels: ['company'],
  },
  {
    folder: 'inbox',
    who: 'maya',
    subject: 'New operator accounts',
    body: p('Could you create accounts for the two new operators? Their details are in the attached sheet.'),
    hoursAgo: 9,
    unread: true,
    labels: ['company'],
    attachments: ['new-operators.csv'],
    cc: ['elena'],
  },
  {
    folder: 'draft',
    who: 'maya',
    subject: 'Re: New operator accounts',
    body: p('Hi Maya, done for the first one; the second needs'),
    hoursAgo: 7,
  },
  {
    folder: 'inbox',
    who: 'mom',
    subject: 'Photos from the weekend',
    body: p('Here are the photos from the weekend. The one with the dog is my favourite!'),
    hoursAgo: 5,
    unread: true,
    labels: ['personal', 'private'],
    attachments: ['beach.jpg', 'dog.jpg', 'sunset.jpg'],
  },
  {
    folder: 'inbox',
    who: 'elena',
    subject: 'Prediction report looks off',
    body: p('Hi,', 'The prediction report for November shows negative values for two units. Is that expected?'),
    hoursAgo: 2,
    unread: true,
    labels: ['important'],
  },
];

/** A new mailbox of the user, its emails numbered from `firstId`. */
function mailboxOf(user: UserRow, ctx: MirageContext, firstId: number): EmailRow[] {
  const rows: EmailRow[] = [];
  const ownerId = String(user.id);
  const domain = user.email.split('@')[1] ?? 'acme.example';
  const me: Contact = { name: user.displayName, email: user.email };
  const colleagues: Record<'it' | 'hr', Contact> = {
    it: { name: 'IT Service Desk', email: `it-desk@${domain}` },
    hr: { name: 'People Team', email: `people@${domain}` },
  };
  const contact = (key: Template['who']): Contact => (key === 'it' || key === 'hr' ? colleagues[key] : CONTACTS[key]);
  const at = (hoursAgo: number) => new Date(ctx.now() - hoursAgo * 3_600_000).toISOString();
  let id = firstId;

  const templates = [...TEMPLATES];
  if (ctx.seed === 'large') {
    // A long inbox for paging and performance checks; deterministic.
    for (let i = 0; i < 170; i += 1) {
      const keys = Object.keys(CONTACTS) as ContactKey[];
      const who = keys[i % 8] ?? 'maya';
      templates.unshift({
        folder: i % 9 === 0 ? 'sent' : 'inbox',
        who,
        subject: `Status update #${170 - i}`,
        body: p(`Automatic status update number ${170 - i}.`),
        hoursAgo: 24 * 41 + (170 - i) * 5,
        unread: i % 4 === 0,
        labels: i % 5 === 0 ? ['company'] : [],
      });
    }
  }

  for (const t of templates) {
    const other = contact(t.who);
    const outgoing = t.folder === 'sent' || t.folder === 'draft';
    const from = outgoing ? me : other;
    const to = outgoing ? other : me;
    const replies: Email[] = (t.replies ?? []).map(([who, body, hoursAgo]) => {
      const author = who === 'me' ? me : contact(who);
      const recipient = who === 'me' ? other : me;
      return {
        id: id++,
        sender: author.email,
        sender_name: author.name,
        to: [recipient.email],
        cc: [],
        bcc: [],
        img: '',
        subject: t.subject.startsWith('Re:') ? t.subject : `Re: ${t.subject}`,
        message: body,
        attachments: [],
        isStarred: false,
        labels: [],
        time: at(hoursAgo),
        replies: [],
        mailFolder: '',
        unread: false,
      };
    });
    rows.push({
      id: String(id++),
      ownerId,
      sender: from.email,
      sender_name: from.name,
      to: [to.email],
      cc: (t.cc ?? []).map((k) => CONTACTS[k].email),
      bcc: [],
      img: '',
      subject: t.subject,
      message: t.body,
      attachments: t.attachments ?? [],
      isStarred: t.starred ?? false,
      labels: t.labels ?? [],
      time: at(t.hoursAgo),
      replies,
      mailFolder: t.folder,
      unread: t.unread ?? false,
    });
  }
  return rows;
}

/**
 * Gives a user their seeded mailbox the first time they use it (users registered after seeding). The
 * emails are stored first: on the server, a read that must write them runs again as a write.
 */
async function ensureMailbox(db: MirageDb, user: UserRow, ctx: MirageContext): Promise<void> {
  if (ctx.seed === 'none') return;
  const ownerId = String(user.id);
  const store = emailStore(db);
  if (await store.hasMailbox(ownerId)) return;
  await store.insert(mailboxOf(user, ctx, (await store.lastId()) + 1));
  await store.addMailbox(ownerId);
}

const SEEDED_MAILBOXES = 5;

function seedEmail(db: MirageDb, ctx: MirageContext): void {
  table<EmailRow>(db, 'emails');
  mailboxes(db);
  // The demo accounts (seeded first) get their mailboxes now; everyone else on first use (ensureMailbox):
  // the large seed has 50,000 users, whose 1,000,000 seeded emails nobody would read.
  for (const user of table<UserRow>(db, 'users').all().slice(0, SEEDED_MAILBOXES)) {
    emails(db).insertMany(mailboxOf(user, ctx, lastEmailId(emails(db).rows()) + 1));
    mailboxes(db).insert({ ownerId: String(user.id) });
  }
}

// ---------------------------------------------------------------------------------------------
// Endpoints

type Invalid = { invalid: string };
const invalid = (message: string): Invalid => ({ invalid: message });
const isInvalid = (v: unknown): v is Invalid => isRecord(v) && typeof v['invalid'] === 'string';

const ownRows = (db: MirageDb, user: UserRow): Promise<readonly Readonly<EmailRow>[]> => emailStore(db).ofOwner(String(user.id));

/** The caller's rows for the given ids, or what is wrong with them. Nothing is changed here. */
async function ownedRows(db: MirageDb, user: UserRow, ids: unknown, field: string): Promise<Readonly<EmailRow>[] | Invalid> {
  if (!Array.isArray(ids)) return invalid(`${field} must be a list of email ids`);
  if (ids.length === 0) return invalid(`${field} must not be empty`);
  const rows: Readonly<EmailRow>[] = [];
  for (const id of ids) {
    const row = await ownedRow(db, user, id, field);
    if (isInvalid(row)) return row;
    rows.push(row);
  }
  return rows;
}

async function ownedRow(db: MirageDb, user: UserRow, id: unknown, field: string): Promise<Readonly<EmailRow> | Invalid> {
  if (!isId(id)) return invalid(`${field} must be numeric email ids`);
  const row = await emailStore(db).get(String(id));
  if (!row || row.ownerId !== String(user.id)) return invalid(`Unknown email id ${id}`);
  return row;
}

function body(request: Request): Record<string, unknown> | Invalid {
  const parsed = parseBody(request);
  return isRecord(parsed) ? parsed : invalid('The body must be a JSON object');
}

const unprocessable = (problem: Invalid) => errorResponse(422, problem.invalid);
const done = () => json(200);

async function listMails(db: MirageDb, user: UserRow, filter: string | undefined, q: string | undefined) {
  const rows = await ownRows(db, user);
  let picked: Readonly<EmailRow>[];
  if (isFolder(filter)) picked = rows.filter((r) => r.mailFolder === filter);
  else if (filter === 'starred') picked = rows.filter((r) => r.isStarred && r.mailFolder !== 'trash');
  else if (isLabel(filter)) picked = rows.filter((r) => r.labels.includes(filter) && r.mailFolder !== 'trash');
  else return errorResponse(422, `Unknown filter: ${filter ?? '(missing)'}`, { filter: 'unknown' });
  const query = (q ?? '').trim().toLowerCase();
  if (query) picked = picked.filter((r) => r.subject.toLowerCase().includes(query));
  // Newest first by time (then by id), not by stored order: rows reloaded from IndexedDB come back in
  // another order, and the demo inbox read Nov 5, Nov 2, Oct 29, today, Nov 22.
  picked.sort((a, b) => (a.time === b.time ? Number(b.id) - Number(a.id) : a.time < b.time ? 1 : -1));
  return json(200, picked.map(toEmail));
}

async function meta(db: MirageDb, user: UserRow): Promise<EmailMeta> {
  const rows = await ownRows(db, user);
  const unread = rows.filter((r) => r.unread);
  const ids = (list: readonly Readonly<EmailRow>[]) => list.map((r) => Number(r.id));
  const label = {} as Record<EmailLabel, number[]>;
  for (const l of LABELS) label[l] = ids(unread.filter((r) => r.labels.includes(l) && r.mailFolder !== 'trash'));
  return {
    unreadMails: {
      folder: { inbox: ids(unread.filter((r) => r.mailFolder === 'inbox')), spam: ids(unread.filter((r) => r.mailFolder === 'spam')) },
      label,
    },
    draftMails: ids(rows.filter((r) => r.mailFolder === 'draft')),
  };
}

function addressList(value: unknown, field: string, errors: Record<string, string>): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((v): v is string => typeof v === 'string')) {
    errors[field] = 'invalidAddress';
    return [];
  }
  const list = value.map((v) => v.trim()).filter(Boolean);
  if (list.some((a) => !ADDRESS.test(a))) errors[field] = 'invalidAddress';
  return list;
}

async function compose(db: MirageDb, user: UserRow, request: Request, ctx: MirageContext) {
  const b = body(request);
  if (isInvalid(b)) return unprocessable(b);
  const errors: Record<string, string> = {};
  if (typeof b['draft'] !== 'boolean') errors['draft'] = 'required';
  const draft = b['draft'] === true;
  const to = addressList(b['to'], 'to', errors);
  const cc = addressList(b['cc'], 'cc', errors);
  const bcc = addressList(b['bcc'], 'bcc', errors);
  if (!draft && !errors['to'] && to.length + cc.length + bcc.length === 0) errors['to'] = 'required';
  const rawSubject = b['subject'] ?? '';
  const rawMessage = b['message'] ?? '';
  // The shared text rule (machines/text/text-rules.ts): NFC, no control or bidi-override characters, visible text, limits.
  const subjectText = readText(rawSubject, COMPOSE_TEXT_RULES.subject);
  const messageText = readText(rawMessage, COMPOSE_TEXT_RULES.message);
  if (typeof rawSubject !== 'string') errors['subject'] = 'invalid';
  else if (subjectText.problem) errors['subject'] = subjectText.problem;
  if (typeof rawMessage !== 'string') errors['message'] = 'invalid';
  else if (messageText.problem) errors['message'] = messageText.problem;
  const subject = subjectText.value;
  const message = messageText.value;
  let original: Readonly<EmailRow> | undefined;
  if (b['replyTo'] !== undefined) {
    const row = await ownedRow(db, user, b['replyTo'], 'replyTo');
    if (isInvalid(row)) errors['replyTo'] = 'unknown';
    else original = row;
  }
  let existingDraft: Readonly<EmailRow> | undefined;
  if (b['draftId'] !== undefined) {
    const row = await ownedRow(db, user, b['draftId'], 'draftId');
    if (isInvalid(row) || row.mailFolder !== 'draft') errors['draftId'] = 'unknown';
    else existingDraft = row;
  }
  if (Object.keys(errors).length > 0) return errorResponse(422, 'The email could not be saved', errors);

  const store = emailStore(db);
  const fields = {
    sender: user.email,
    sender_name: user.displayName,
    to,
    cc,
    bcc,
    subject: String(subject).trim(),
    message: String(message),
    time: new Date(ctx.now()).toISOString(),
    mailFolder: (draft ? 'draft' : 'sent') as MailFolder,
    unread: false,
  };
  let id: number;
  if (existingDraft) {
    id = Number(existingDraft.id);
    await store.put([{ ...existingDraft, ...fields }]);
  } else {
    id = (await store.lastId()) + 1;
    await store.insert([
      {
        id: String(id),
        ownerId: String(user.id),
        img: '',
        attachments: [],
        isStarred: false,
        labels: [],
        replies: [],
        ...fields,
      },
    ]);
  }
  if (original && !draft) {
    // The reply also joins the thread of the message it answers, so the detail view shows it.
    const reply: Email = { id, img: '', attachments: [], isStarred: false, labels: [], replies: [], ...fields, mailFolder: '' };
    await store.put([{ ...original, replies: [...original.replies, reply] }]);
  }
  return json(201, { id });
}

/** Registers a POST/GET under both `/path` and `/path/`. */
function both(server: Server, verb: 'get' | 'post', path: string, handler: ReturnType<typeof withAuth>): void {
  const register = verb === 'get' ? server.get.bind(server) : server.post.bind(server);
  register(path, handler as Parameters<Server['get']>[1]);
  register(`${path}/`, handler as Parameters<Server['get']>[1]);
}

function routes(server: Server, ctx: MirageContext): void {
  const authed = (fn: (db: MirageDb, user: UserRow, request: Request) => unknown) =>
    withAuth(server, async ({ db, user, request }) => {
      await ensureMailbox(db, user, ctx);
      return await fn(db, user, request);
    });

  both(
    server,
    'get',
    '/apps/email/mails',
    authed((db, user, request) => listMails(db, user, queryParam(request, 'filter'), queryParam(request, 'q'))),
  );

  both(
    server,
    'get',
    '/apps/email/tags',
    // Reference data, the same for everyone: not stored.
    authed(() =>
      json(
        200,
        EMAIL_TAGS.map(({ text, value, color }) => ({ text, value, color })),
      ),
    ),
  );

  both(
    server,
    'get',
    '/apps/email/meta',
    authed(async (db, user) => json(200, await meta(db, user))),
  );

  both(
    server,
    'post',
    '/apps/email/move-mails',
    authed(async (db, user, request) => {
      const b = body(request);
      if (isInvalid(b)) return unprocessable(b);
      const rows = await ownedRows(db, user, b['emailIds'], 'emailIds');
      if (isInvalid(rows)) return unprocessable(rows);
      const mailFolder = b['mailFolder'];
      if (!isFolder(mailFolder)) return unprocessable(invalid(`Unknown folder: ${String(mailFolder)}`));
      await emailStore(db).put(rows.map((row) => ({ ...row, mailFolder })));
      return done();
    }),
  );

  both(
    server,
    'post',
    '/apps/email/update-labels',
    authed(async (db, user, request) => {
      const b = body(request);
      if (isInvalid(b)) return unprocessable(b);
      const rows = await ownedRows(db, user, b['emailIds'], 'emailIds');
      if (isInvalid(rows)) return unprocessable(rows);
      const label = b['label'];
      if (!isLabel(label)) return unprocessable(invalid(`Unknown label: ${String(label)}`));
      await emailStore(db).put(
        rows.map((row) => ({
          ...row,
          labels: row.labels.includes(label) ? row.labels.filter((l) => l !== label) : [...row.labels, label],
        })),
      );
      return done();
    }),
  );

  both(
    server,
    'post',
    '/apps/email/set-labels',
    authed(async (db, user, request) => {
      const b = body(request);
      if (isInvalid(b)) return unprocessable(b);
      const row = await ownedRow(db, user, b['mailId'], 'mailId');
      if (isInvalid(row)) return unprocessable(row);
      const labels = b['labels'];
      if (!Array.isArray(labels)) return unprocessable(invalid('labels must be a list of labels'));
      const unknown = labels.find((l) => !isLabel(l));
      if (unknown !== undefined) return unprocessable(invalid(`Unknown label: ${String(unknown)}`));
      await emailStore(db).put([{ ...row, labels: [...new Set(labels as EmailLabel[])] }]);
      return done();
    }),
  );

  both(
    server,
    'post',
    '/apps/email/mark-unread',
    authed(async (db, user, request) => {
      const b = body(request);
      if (isInvalid(b)) return unprocessable(b);
      const rows = await ownedRows(db, user, b['emailIds'], 'emailIds');
      if (isInvalid(rows)) return unprocessable(rows);
      const unread = b['unreadFlag'];
      if (typeof unread !== 'boolean') return unprocessable(invalid('unreadFlag must be true or false'));
      await emailStore(db).put(rows.map((row) => ({ ...row, unread })));
      return done();
    }),
  );

  both(
    server,
    'post',
    '/apps/email/set-starred',
    authed(async (db, user, request) => {
      const b = body(request);
      if (isInvalid(b)) return unprocessable(b);
      const row = await ownedRow(db, user, b['mailId'], 'mailId');
      if (isInvalid(row)) return unprocessable(row);
      const isStarred = b['value'];
      if (typeof isStarred !== 'boolean') return unprocessable(invalid('value must be true or false'));
      await emailStore(db).put([{ ...row, isStarred }]);
      return done();
    }),
  );

  both(
    server,
    'post',
    '/apps/email/compose',
    authed((db, user, request) => idempotent(db, request, user.id, ctx.now(), () => compose(db, user, request, ctx))),
  );
}

export const emailDomain: MirageDomain = {
  name: 'email',
  seed: (db, ctx) => seedEmail(db, ctx),
  routes,
};
