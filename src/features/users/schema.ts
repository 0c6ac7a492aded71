import { z } from 'zod';
import type { FieldErrors } from '@machines/editor/editor.machine';
import { textField, type TextRule } from '@/lib/text-rules';
import type { UserFormValues } from './api/types';

// Same rules as the server (mirage/domains/users.ts); codes are translated as users.errors.<code>.
export const USER_TEXT_RULES = { fullName: { max: 100, required: true } } satisfies Record<string, TextRule>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{6,20}$/;
const USERNAME = /^[a-z0-9][a-z0-9._-]{2,31}$/i;

export const userSchema = z.object({
  fullName: textField(USER_TEXT_RULES.fullName),
  username: z.string().trim().min(1, 'required').regex(USERNAME, 'invalidUsername'),
  email: z.string().trim().min(1, 'required').max(200, 'invalidEmail').regex(EMAIL, 'invalidEmail'),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || PHONE.test(v), 'invalidPhone'),
  roleId: z.number().int().min(1, 'required').max(4, 'required'),
  // Admins invite into their own organization (the server sets it); a super admin's choice is checked by the server (422).
  organizationId: z.string(),
});

export function validateUser(values: UserFormValues): FieldErrors {
  const result = userSchema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** The set-password form: at least 8 characters, both entries equal. */
export function validateNewPassword(password: string, rePassword: string): FieldErrors {
  const errors: FieldErrors = {};
  if (password.length < 8) errors['password'] = 'tooShort';
  else if (password.length > 128) errors['password'] = 'tooLongPassword';
  if (password !== rePassword) errors['rePassword'] = 'mismatch';
  return errors;
}
