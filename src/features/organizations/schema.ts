import { z } from 'zod';
import type { FieldErrors } from '@machines/editor/editor.machine';
import { textField, type TextRule } from '@/lib/text-rules';
import type { OrganizationFormValues } from './api/types';

// Same rules as the server (mirage/domains/organizations.ts); codes are translated as organizations.errors.<code>.
export const ORGANIZATION_TEXT_RULES = {
  name: { max: 120, required: true },
  address: { max: 300, multiline: true },
} satisfies Record<string, TextRule>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{6,20}$/;
const CODE = /^[A-Z0-9][A-Z0-9_-]{1,15}$/;

export function isTimeZone(value: string): boolean {
  if (!value) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const int = (min: number, max: number) =>
  z.number({ message: 'outOfRange' }).int('outOfRange').min(min, 'outOfRange').max(max, 'outOfRange');

export const organizationSchema = z.object({
  name: textField(ORGANIZATION_TEXT_RULES.name),
  code: z
    .string()
    .trim()
    .min(1, 'required')
    .transform((v) => v.toUpperCase())
    .pipe(z.string().regex(CODE, 'invalidCode')),
  contactEmail: z.string().trim().min(1, 'required').max(200, 'invalidEmail').regex(EMAIL, 'invalidEmail'),
  phone: z
    .string()
    .trim()
    .refine((v) => v === '' || PHONE.test(v), 'invalidPhone'),
  address: textField(ORGANIZATION_TEXT_RULES.address),
  timezone: z.string().trim().min(1, 'required').refine(isTimeZone, 'invalidTimezone'),
  seatLimit: int(0, 1_000_000),
  screenshotPolicy: z.object({ enabled: z.boolean(), intervalMinutes: int(1, 1440), retentionDays: int(1, 3650) }),
});

/** Field → error code (nested fields as `screenshotPolicy.intervalMinutes`, like the server), empty when valid. */
export function validateOrganization(values: OrganizationFormValues): FieldErrors {
  const result = organizationSchema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path.map(String).join('.') || 'form';
    errors[field] ??= issue.message;
  }
  return errors;
}
