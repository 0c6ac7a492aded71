import type { Email, EmailLabel, MailFolder } from '../machines/email/types';
import type { EmailRecord } from './mailbox';

/**
 * The mailbox demo app's starter mailbox: the emails every account's mailbox begins with. The embedded
 * backend seeds the demo accounts' with it (mirage/domains/email.ts), and the mail service gives one to an
 * account the first time it opens its mailbox (api/services/mail.ts).
 */

/** What the data was seeded with (the backends' seed size): 'none' gives new mailboxes no emails. */
export type DemoSeed = 'none' | 'default' | 'large';

/** Whose mailbox it is, and who "me" is in it. */
export interface MailboxOwner {
  id: string | number;
  email: string;
  displayName: string;
}

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
const DANGEROUS_SUBJECT = 'Overdue invoice #88412 – action required';
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

/**
 * A new mailbox of the account, its emails numbered from `firstId`, dated back from `now`: the demo's emails
 * (at the large seed with a long inbox as well), or none when the data was seeded empty.
 */
export function starterMailbox(owner: MailboxOwner, firstId: number, now: number, seed: DemoSeed): EmailRecord[] {
  if (seed === 'none') return [];
  const rows: EmailRecord[] = [];
  const ownerId = String(owner.id);
  const domain = owner.email.split('@')[1] ?? 'acme.example';
  const me: Contact = { name: owner.displayName, email: owner.email };
  const colleagues: Record<'it' | 'hr', Contact> = {
    it: { name: 'IT Service Desk', email: `it-desk@${domain}` },
    hr: { name: 'People Team', email: `people@${domain}` },
  };
  const contact = (key: Template['who']): Contact => (key === 'it' || key === 'hr' ? colleagues[key] : CONTACTS[key]);
  const at = (hoursAgo: number) => new Date(now - hoursAgo * 3_600_000).toISOString();
  let id = firstId;

  const templates = [...TEMPLATES];
  if (seed === 'large') {
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
