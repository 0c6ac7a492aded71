import type { Email } from './types';

/** An email for machine and component tests. */
export function makeEmail(over: Partial<Email> = {}): Email {
  return {
    id: 7,
    sender: 'maya.chen@northwind.example',
    sender_name: 'Maya Chen',
    to: ['user@acme.example'],
    cc: [],
    bcc: [],
    img: '',
    subject: 'Quarterly review',
    message: '<p>Hi</p>',
    attachments: [],
    isStarred: false,
    labels: ['company'],
    time: '2026-11-20T10:00:00.000Z',
    replies: [],
    mailFolder: 'inbox',
    unread: true,
    ...over,
  };
}
