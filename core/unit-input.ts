import type { OperatingSystem } from '../machines/domain/types';
import { normalizeText, readText, type TextRule } from '../machines/text/text-rules';
import { HOSTNAME_MAX_LENGTH, isHostname } from './hostname';
import type { ServiceUnitRow } from './service-units';

/**
 * What a service unit's create and update accept: one rule for the form, which checks before sending
 * (src/features/service-units/schema.ts), and the backend, which has the last word (mirage/domains/service-units.ts).
 */

export const OPERATING_SYSTEMS: readonly OperatingSystem[] = ['windows', 'macos', 'linux'];

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
const TAG = /^[a-z0-9][a-z0-9 _-]{0,31}$/i;

export function isIpv6(value: string): boolean {
  if (!/^[0-9a-f:.]+$/i.test(value) || value.length > 45) return false;
  const doubles = value.split('::').length - 1;
  if (doubles > 1) return false;
  let groups = value.split(':');
  const last = groups[groups.length - 1] ?? '';
  let needed = 8;
  if (last.includes('.')) {
    if (!IPV4.test(last)) return false;
    groups = groups.slice(0, -1);
    needed = 6;
  }
  if (doubles === 0) return groups.length === needed && groups.every((g) => /^[0-9a-f]{1,4}$/i.test(g));
  const filled = groups.filter((g) => g !== '');
  return filled.length < needed && filled.every((g) => /^[0-9a-f]{1,4}$/i.test(g));
}

export function isIpAddress(value: string): boolean {
  return IPV4.test(value) || isIpv6(value);
}

export interface UnitInput {
  name: string;
  hostname: string;
  ipAddress: string;
  operatingSystem: OperatingSystem;
  location: string;
  description: string;
  tags: string[];
  maintenance: boolean;
  screenshotIntervalMinutes: number;
}

const text = (v: unknown): string => (typeof v === 'string' ? normalizeText(v) : '');

/** The text fields' limits (machines/text/text-rules.ts), shown by the form's counters. */
export const UNIT_TEXT_RULES = {
  name: { max: 80, required: true },
  hostname: { max: HOSTNAME_MAX_LENGTH, required: true },
  location: { max: 120 },
  description: { max: 500, multiline: true },
} satisfies Record<string, TextRule>;

/**
 * Validates a create/update body, or the form's values: errors map a field to a code the UI translates
 * (service-units.errors.<code>, text-input.<code>), and the value is what the backend stores.
 */
export function readUnitInput(body: unknown): { value: UnitInput; errors: Record<string, string> } {
  const b = isRecord(body) ? body : {};
  const errors: Record<string, string> = {};
  const name = readText(b['name'], UNIT_TEXT_RULES.name);
  if (name.problem) errors['name'] = name.problem;
  const host = readText(b['hostname'], UNIT_TEXT_RULES.hostname);
  const hostname = host.value.toLowerCase();
  if (host.problem) errors['hostname'] = host.problem;
  else if (!isHostname(hostname)) errors['hostname'] = 'invalidHostname';
  const ipAddress = text(b['ipAddress']);
  if (ipAddress && !isIpAddress(ipAddress)) errors['ipAddress'] = 'invalidIpAddress';
  const os = text(b['operatingSystem']) as OperatingSystem;
  if (!OPERATING_SYSTEMS.includes(os)) errors['operatingSystem'] = 'required';
  const location = readText(b['location'], UNIT_TEXT_RULES.location);
  if (location.problem) errors['location'] = location.problem;
  const description = readText(b['description'], UNIT_TEXT_RULES.description);
  if (description.problem) errors['description'] = description.problem;
  const rawTags = Array.isArray(b['tags']) ? b['tags'] : [];
  const tags = [...new Set(rawTags.map(text).filter((t) => t !== ''))];
  if (!Array.isArray(b['tags']) && b['tags'] !== undefined) errors['tags'] = 'invalidTags';
  else if (tags.length > 10) errors['tags'] = 'tooManyTags';
  else if (tags.some((t) => !TAG.test(t))) errors['tags'] = 'invalidTags';
  const interval = b['screenshotIntervalMinutes'] ?? 0;
  if (typeof interval !== 'number' || !Number.isInteger(interval) || interval < 0 || interval > 1440) {
    errors['screenshotIntervalMinutes'] = 'outOfRange';
  }
  const maintenance = b['maintenance'] === true;
  return {
    value: {
      name: name.value,
      hostname,
      ipAddress,
      operatingSystem: os,
      location: location.value,
      description: description.value,
      tags,
      maintenance,
      screenshotIntervalMinutes: typeof interval === 'number' ? interval : 0,
    },
    errors,
  };
}

/** What a machine says of itself when it becomes a unit (an agent's enrolment). */
export type UnitMachine = Pick<ServiceUnitRow, 'organizationId' | 'name' | 'hostname' | 'ipAddress' | 'operatingSystem' | 'agentVersion'>;

/** A new unit's record, seen at `at`: the machine's fields, none a person sets (location, tags, schedule…), no agent yet. */
export function newUnitRecord(machine: UnitMachine, at: string): Omit<ServiceUnitRow, 'id'> {
  return {
    ...machine,
    location: '',
    description: '',
    tags: [],
    lastSeenAt: at,
    maintenance: false,
    screenshotIntervalMinutes: 0,
    createdAt: at,
    updatedAt: at,
    agent: null,
  };
}
