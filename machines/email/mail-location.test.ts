import { describe, expect, it } from 'vitest';
import { mailPath, parseMailPath } from './mail-location';

describe('mailbox URLs', () => {
  it.each([
    ['/apps/email', { filter: 'inbox', openId: null }],
    ['/apps/email/', { filter: 'inbox', openId: null }],
    ['/apps/email/sent', { filter: 'sent', openId: null }],
    ['/apps/email/inbox/12', { filter: 'inbox', openId: 12 }],
    ['/apps/email/starred/3', { filter: 'starred', openId: 3 }],
    ['/apps/email/label/company', { filter: 'company', openId: null }],
    ['/apps/email/label/company/7', { filter: 'company', openId: 7 }],
  ] as const)('%s is %o', (path, location) => {
    expect(parseMailPath(path)).toEqual(location);
  });

  it.each([
    '/apps/emailx',
    '/apps/email/nope',
    '/apps/email/inbox/abc',
    '/apps/email/inbox/0',
    '/apps/email/inbox/1/2',
    '/apps/email/label/nope',
    '/apps/email/label/company/x',
    '/apps/email/label',
  ])('%s names nothing', (path) => {
    expect(parseMailPath(path)).toBeNull();
  });

  it('a location goes to its URL and back', () => {
    for (const location of [
      { filter: 'trash', openId: null },
      { filter: 'inbox', openId: 42 },
      { filter: 'important', openId: 5 },
      { filter: 'starred', openId: null },
    ] as const) {
      expect(parseMailPath(mailPath(location))).toEqual(location);
    }
  });
});
