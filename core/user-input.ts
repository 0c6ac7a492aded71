import { readText, type TextRule } from '../machines/text/text-rules';

/**
 * What a user account's invite and update accept, past what only the backend can know (the organization exists, the
 * username and e-mail are free): one rule for the form (src/features/users/schema.ts), the backend
 * (mirage/domains/users.ts) and the sign-up (mirage/domains/auth.ts). Codes translate as users.errors.<code> and text-input.<code>.
 */

export const USER_TEXT_RULES = { fullName: { max: 100, required: true } } satisfies Record<string, TextRule>;

export type RoleNumber = 1 | 2 | 3 | 4;

export interface UserFields {
  fullName: string;
  /** In lower case, as stored. */
  username: string;
  /** In lower case, as stored. */
  email: string;
  phone: string;
  roleId: RoleNumber;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{6,20}$/;
const USERNAME = /^[a-z0-9][a-z0-9._-]{2,31}$/i;

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const isRole = (v: unknown): v is RoleNumber => v === 1 || v === 2 || v === 3 || v === 4;

export function readUserFields(body: unknown): { value: UserFields; errors: Record<string, string> } {
  const b = isRecord(body) ? body : {};
  const errors: Record<string, string> = {};
  const fullName = readText(b['fullName'], USER_TEXT_RULES.fullName);
  if (fullName.problem) errors['fullName'] = fullName.problem;
  const username = text(b['username']).toLowerCase();
  if (!username) errors['username'] = 'required';
  else if (!USERNAME.test(username)) errors['username'] = 'invalidUsername';
  const email = text(b['email']).toLowerCase();
  if (!email) errors['email'] = 'required';
  else if (!EMAIL.test(email) || email.length > 200) errors['email'] = 'invalidEmail';
  const phone = text(b['phone']);
  if (phone && !PHONE.test(phone)) errors['phone'] = 'invalidPhone';
  const role = b['roleId'];
  if (!isRole(role)) errors['roleId'] = 'required';
  return { value: { fullName: fullName.value, username, email, phone, roleId: isRole(role) ? role : 4 }, errors };
}
