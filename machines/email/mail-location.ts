import { isEmailLabel, isMailFolder, type MailFilter } from './types';

/** Where the mailbox is: the folder or label shown, and the email opened in it (if any). */
export interface MailLocation {
  filter: MailFilter;
  openId: number | null;
}

export const MAIL_BASE_PATH = '/apps/email';

const isFilterSegment = (value: string): value is MailFilter => isMailFolder(value) || value === 'starred';

/**
 * The URL of a mailbox location: `/apps/email/<folder>[/<id>]`, `/apps/email/starred[/<id>]`,
 * `/apps/email/label/<label>[/<id>]`.
 */
export function mailPath(location: MailLocation): string {
  const base = isEmailLabel(location.filter) ? `${MAIL_BASE_PATH}/label/${location.filter}` : `${MAIL_BASE_PATH}/${location.filter}`;
  return location.openId === null ? base : `${base}/${location.openId}`;
}

const parseId = (value: string | undefined): number | null | undefined => {
  if (value === undefined) return null;
  return /^[1-9]\d{0,9}$/.test(value) ? Number(value) : undefined;
};

/** Reads a mailbox URL (path only); `/apps/email` is the inbox. Null for a path that names nothing. */
export function parseMailPath(path: string): MailLocation | null {
  if (!path.startsWith(MAIL_BASE_PATH)) return null;
  const rest = path.slice(MAIL_BASE_PATH.length).replace(/\/+$/, '');
  if (rest === '') return { filter: 'inbox', openId: null };
  if (!rest.startsWith('/')) return null;
  const [first, second, third, ...extra] = rest.slice(1).split('/');
  if (extra.length > 0 || first === undefined) return null;
  if (first === 'label') {
    if (second === undefined || !isEmailLabel(second)) return null;
    const openId = parseId(third);
    return openId === undefined ? null : { filter: second, openId };
  }
  if (!isFilterSegment(first) || third !== undefined) return null;
  const openId = parseId(second);
  return openId === undefined ? null : { filter: first, openId };
}
