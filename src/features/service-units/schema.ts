import { z } from 'zod';
import type { FieldErrors } from '@machines/editor/editor.machine';
import { textField, type TextRule } from '@/lib/text-rules';
import type { UnitFormValues } from './api/types';

// Same rules as the server (mirage/domains/service-units.ts); codes are translated as service-units.errors.<code>.
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const TAG = /^[a-z0-9][a-z0-9 _-]{0,31}$/i;

/** Text limits shown in the form (counter, error) and enforced by the server alike (UNIT_TEXT_RULES there). */
export const UNIT_TEXT_RULES = {
  name: { max: 80, required: true },
  hostname: { max: 253, required: true },
  location: { max: 120 },
  description: { max: 500, multiline: true },
} satisfies Record<string, TextRule>;

export const unitSchema = z.object({
  name: textField(UNIT_TEXT_RULES.name),
  hostname: textField(UNIT_TEXT_RULES.hostname).pipe(z.string().trim().regex(HOSTNAME, 'invalidHostname')),
  ipAddress: z
    .string()
    .trim()
    .refine((v) => v === '' || z.ipv4().safeParse(v).success || z.ipv6().safeParse(v).success, 'invalidIpAddress'),
  operatingSystem: z.enum(['windows', 'macos', 'linux'], { message: 'required' }),
  location: textField(UNIT_TEXT_RULES.location),
  description: textField(UNIT_TEXT_RULES.description),
  tags: z.array(z.string().regex(TAG, 'invalidTags')).max(10, 'tooManyTags'),
  maintenance: z.boolean(),
  screenshotIntervalMinutes: z.number({ message: 'outOfRange' }).int('outOfRange').min(0, 'outOfRange').max(1440, 'outOfRange'),
});

/** Field → error code, empty when valid. */
export function validateUnit(values: UnitFormValues): FieldErrors {
  const result = unitSchema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}
