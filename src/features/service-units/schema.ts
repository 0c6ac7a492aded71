import { z } from 'zod';
import type { FieldErrors } from '@machines/editor/editor-machine';
import type { UnitFormValues } from './api/types';

// Same rules as the server (mirage/domains/service-units.ts); codes are translated as service-units.errors.<code>.
const HOSTNAME = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*$/i;
const TAG = /^[a-z0-9][a-z0-9 _-]{0,31}$/i;

export const unitSchema = z.object({
  name: z.string().trim().min(1, 'required').max(80, 'tooLong'),
  hostname: z.string().trim().min(1, 'required').regex(HOSTNAME, 'invalidHostname'),
  ipAddress: z
    .string()
    .trim()
    .refine((v) => v === '' || z.ipv4().safeParse(v).success || z.ipv6().safeParse(v).success, 'invalidIpAddress'),
  operatingSystem: z.enum(['windows', 'macos', 'linux'], { message: 'required' }),
  location: z.string().max(120, 'tooLong'),
  description: z.string().max(500, 'tooLong'),
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
