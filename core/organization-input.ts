import { readText, type TextRule } from '../machines/text/text-rules';

/**
 * What an organization's create and update accept: one rule for the form, which checks before sending
 * (src/features/organizations/schema.ts), and the backend, which has the last word (mirage/domains/organizations.ts).
 * Nested fields are named with a dot (`screenshotPolicy.intervalMinutes`), as the 422 answer names them.
 */

export const ORGANIZATION_TEXT_RULES = {
  name: { max: 120, required: true },
  address: { max: 300, multiline: true },
} satisfies Record<string, TextRule>;

export interface ScreenshotPolicy {
  enabled: boolean;
  intervalMinutes: number;
  retentionDays: number;
}

export interface OrganizationInput {
  name: string;
  code: string;
  contactEmail: string;
  phone: string;
  address: string;
  timezone: string;
  seatLimit: number;
  screenshotPolicy: ScreenshotPolicy;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const PHONE = /^\+?[\d\s().-]{6,20}$/;
const CODE = /^[A-Z0-9][A-Z0-9_-]{1,15}$/;

/** Whether the runtime knows this IANA time zone. */
export function isTimeZone(value: string): boolean {
  if (!value) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const text = (v: unknown): string => (typeof v === 'string' ? v.trim() : '');
const isInt = (v: unknown, min: number, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;

/** Validates a create/update body, or the form's values: field → code (organizations.errors.<code>, text-input.<code>). */
export function readOrganizationInput(body: unknown): { value: OrganizationInput; errors: Record<string, string> } {
  const b = isRecord(body) ? body : {};
  const errors: Record<string, string> = {};
  const name = readText(b['name'], ORGANIZATION_TEXT_RULES.name);
  if (name.problem) errors['name'] = name.problem;
  const code = text(b['code']).toUpperCase();
  if (!code) errors['code'] = 'required';
  else if (!CODE.test(code)) errors['code'] = 'invalidCode';
  const contactEmail = text(b['contactEmail']);
  if (!contactEmail) errors['contactEmail'] = 'required';
  else if (!EMAIL.test(contactEmail) || contactEmail.length > 200) errors['contactEmail'] = 'invalidEmail';
  const phone = text(b['phone']);
  if (phone && !PHONE.test(phone)) errors['phone'] = 'invalidPhone';
  const address = readText(b['address'], ORGANIZATION_TEXT_RULES.address);
  if (address.problem) errors['address'] = address.problem;
  const timezone = text(b['timezone']);
  if (!timezone) errors['timezone'] = 'required';
  else if (!isTimeZone(timezone)) errors['timezone'] = 'invalidTimezone';
  const seatLimit = b['seatLimit'];
  if (!isInt(seatLimit, 0, 1_000_000)) errors['seatLimit'] = 'outOfRange';
  const p = isRecord(b['screenshotPolicy']) ? b['screenshotPolicy'] : {};
  const intervalMinutes = p['intervalMinutes'];
  const retentionDays = p['retentionDays'];
  if (!isInt(intervalMinutes, 1, 1440)) errors['screenshotPolicy.intervalMinutes'] = 'outOfRange';
  if (!isInt(retentionDays, 1, 3650)) errors['screenshotPolicy.retentionDays'] = 'outOfRange';
  return {
    value: {
      name: name.value,
      code,
      contactEmail,
      phone,
      address: address.value,
      timezone,
      seatLimit: typeof seatLimit === 'number' ? seatLimit : 0,
      screenshotPolicy: {
        enabled: p['enabled'] === true,
        intervalMinutes: typeof intervalMinutes === 'number' ? intervalMinutes : 15,
        retentionDays: typeof retentionDays === 'number' ? retentionDays : 30,
      },
    },
    errors,
  };
}
