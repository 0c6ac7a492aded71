import { z } from 'zod';
import type { DbDump, Row } from '../db';

/**
 * The shape every stored row must have before the backend loads it: the fields its handlers read, with
 * their types (the same contract the domains' TypeScript row types describe). Rows are loose objects:
 * a field added later by a domain passes. A collection without an entry here still needs a string id.
 */
const id = z.string().min(1);
const text = z.string();
const iso = z.string();
const ref = z.union([z.string(), z.number()]);
const strings = z.array(z.string());

const row = <T extends z.ZodRawShape>(shape: T) => z.looseObject({ id, ...shape });

export const ROW_SCHEMAS: Record<string, z.ZodType> = {
  organizations: row({ name: text, domain: text, createdAt: iso }),
  users: row({
    username: text,
    email: text,
    displayName: text,
    fullName: text,
    roleId: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]),
    organizationId: ref,
    passwordHash: text,
    salt: text,
    about: text,
    photoURL: text,
    status: text,
    providerId: text,
    createdAt: iso,
  }),
  sessions: row({ accessToken: z.string().min(1), sessionKey: text, userId: ref, expiresAt: z.number(), revoked: z.boolean() }),
  // Sign-in throttling's counters (mirage/domains/sign-in-throttle.ts): failure times of one name or address.
  signInAttempts: row({ key: z.string().min(1), failures: z.array(z.number()) }),
  serviceUnits: row({
    organizationId: ref,
    name: text,
    hostname: text,
    ipAddress: text,
    operatingSystem: z.enum(['windows', 'macos', 'linux']),
    agentVersion: text,
    location: text,
    description: text,
    tags: strings,
    lastSeenAt: iso,
    maintenance: z.boolean(),
    screenshotIntervalMinutes: z.number(),
    createdAt: iso,
    updatedAt: iso,
  }),
  processes: row({
    serviceUnitId: ref,
    name: text,
    pid: z.number(),
    user: text,
    cpuPercent: z.number(),
    memoryMb: z.number(),
    startedAt: iso,
    state: z.enum(['running', 'ended']),
  }),
  processRules: row({
    serviceUnitId: ref,
    pattern: text,
    action: z.enum(['allow', 'block']),
    enabled: z.boolean(),
    comment: text,
    createdAt: iso,
  }),
  screenshots: row({
    serviceUnitId: ref,
    organizationId: ref,
    capturedAt: iso,
    width: z.number(),
    height: z.number(),
    activeWindowTitle: text,
    processName: text,
    flagged: z.boolean(),
    note: text,
  }),
  captureRequests: row({
    serviceUnitId: ref,
    organizationId: ref,
    requestedAt: z.number(),
    status: z.enum(['pending', 'delivered', 'failed']),
  }),
  // Issue 24: the agents' enrolment tokens (hashes only), commands, uploaded images, the live events (the outbox).
  agentEnrolments: row({ tokenHash: z.string().min(1), organizationId: ref, expiresAt: iso }),
  agentSecrets: row({ simulatedSecret: z.string().min(1) }),
  commands: row({
    serviceUnitId: ref,
    organizationId: ref,
    kind: z.enum(['endProcess', 'captureScreenshot']),
    status: z.enum(['pending', 'sent', 'succeeded', 'failed', 'refused', 'notSupported']),
    issuedAt: iso,
    issuedBy: ref,
  }),
  screenshotImages: row({ screenshotId: ref, contentType: z.enum(['image/png', 'image/jpeg']), data: text }),
  events: row({ type: text, at: iso, subjectId: text, data: z.looseObject({}) }),
  urlRestrictions: row({
    organizationId: ref,
    scope: z.union([z.looseObject({ kind: z.literal('all') }), z.looseObject({ kind: z.literal('units'), unitIds: z.array(ref) })]),
    pattern: text,
    matchType: z.enum(['domain', 'exact', 'wildcard', 'regex']),
    action: z.enum(['allow', 'block']),
    enabled: z.boolean(),
    schedule: z.union([
      z.looseObject({ kind: z.literal('always') }),
      z.looseObject({ kind: z.literal('window'), days: z.array(z.number()), from: text, to: text }),
    ]),
    reason: text,
    createdAt: iso,
    updatedAt: iso,
  }),
  tasks: row({
    taskId: z.number(),
    ownerId: z.string(),
    title: text,
    desc: text,
    tags: strings,
    isImportant: z.boolean(),
    isStarred: z.boolean(),
    isCompleted: z.boolean(),
    isTrashed: z.boolean(),
  }),
  // taskTags and emailTags: retired (the tag lists are constants); rows a database still holds stay readable.
  taskTags: row({ tagId: z.number(), text, value: text, color: text }),
  emails: row({
    ownerId: z.string(),
    sender: text,
    sender_name: text,
    to: strings,
    cc: strings,
    bcc: strings,
    subject: text,
    message: text,
    attachments: strings,
    isStarred: z.boolean(),
    labels: strings,
    time: iso,
    replies: z.array(z.unknown()),
    mailFolder: text,
    unread: z.boolean(),
  }),
  emailTags: row({ text, value: text, color: text }),
  emailMailboxes: row({ ownerId: z.string() }),
};

const anyRow = row({});

/** The schema a collection's rows are checked with. */
export const schemaFor = (collection: string): z.ZodType => ROW_SCHEMAS[collection] ?? anyRow;

export interface ValidationResult<T> {
  /** The readable rows, by collection. */
  dump: DbDump;
  /** The unreadable ones, with what identifies them in the store. */
  dropped: { collection: string; item: T; reason: string }[];
}

type Check = (value: unknown) => boolean;

/** zod's definition of a schema, the parts compileCheck reads (zod 4). */
interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  catchall?: z.ZodType;
  checks?: { _zod: { def: { check: string; minimum?: number } } }[];
  values?: unknown[];
  entries?: Record<string, unknown>;
  options?: z.ZodType[];
  element?: z.ZodType;
}
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/**
 * The same check as a schema, as a plain function that copies nothing, or null when the schema uses
 * something it does not know (that collection is then checked by zod alone). Loading 170,000 stored rows,
 * zod's parse (a new object per row, and its garbage) was half of the main thread's work. A row it
 * accepts is one zod accepts; a row it refuses goes to zod, which gives the reason.
 */
function compileCheck(schema: z.ZodType): Check | null {
  const def = defOf(schema);
  switch (def.type) {
    case 'unknown':
      return () => true;
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'number':
      return (v) => typeof v === 'number' && Number.isFinite(v);
    case 'string': {
      let min = 0;
      for (const check of def.checks ?? []) {
        if (check._zod.def.check !== 'min_length' || check._zod.def.minimum === undefined) return null;
        min = Math.max(min, check._zod.def.minimum);
      }
      return (v) => typeof v === 'string' && v.length >= min;
    }
    case 'literal': {
      const values = def.values ?? [];
      return (v) => values.includes(v);
    }
    case 'enum': {
      const values = Object.values(def.entries ?? {});
      return (v) => values.includes(v);
    }
    case 'union': {
      const options = (def.options ?? []).map(compileCheck);
      if (options.some((o) => o === null)) return null;
      const checks = options as Check[];
      return (v) => checks.some((check) => check(v));
    }
    case 'array': {
      const element = def.element ? compileCheck(def.element) : null;
      if (!element) return null;
      return (v) => {
        if (!Array.isArray(v)) return false;
        // Every index, holes too (every() would skip them; zod checks them as undefined).
        for (let i = 0; i < v.length; i += 1) if (!element(v[i])) return false;
        return true;
      };
    }
    case 'object': {
      // Loose objects only (extra fields pass, as stored).
      if (!def.catchall || defOf(def.catchall).type !== 'unknown') return null;
      const fields: [string, Check][] = [];
      for (const [key, field] of Object.entries(def.shape ?? {})) {
        const check = compileCheck(field);
        if (!check) return null;
        fields.push([key, check]);
      }
      return (v) => {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) return false;
        const row = v as Record<string, unknown>;
        for (const [key, check] of fields) if (!check(row[key])) return false;
        return true;
      };
    }
    default:
      return null;
  }
}

const checks = new Map<string, Check | null>();
const fastCheckFor = (collection: string): Check | null => {
  if (!checks.has(collection)) checks.set(collection, compileCheck(schemaFor(collection)));
  return checks.get(collection) ?? null;
};

/** Splits stored rows into readable ones (by collection) and unreadable ones, with the first reason. */
export function validateRows<T>(items: readonly T[], read: (item: T) => { collection: string; row: unknown }): ValidationResult<T> {
  const dump: DbDump = {};
  const dropped: ValidationResult<T>['dropped'] = [];
  for (const item of items) {
    const { collection, row: value } = read(item);
    if (!collection) {
      dropped.push({ collection: '(none)', item, reason: 'no collection' });
      continue;
    }
    // Readable rows are kept as they are (they are this backend's own, read from its store).
    if (fastCheckFor(collection)?.(value)) {
      (dump[collection] ??= []).push(value as Row);
      continue;
    }
    const result = schemaFor(collection).safeParse(value);
    if (result.success) (dump[collection] ??= []).push(result.data as Row);
    else {
      const issue = result.error.issues[0];
      dropped.push({ collection, item, reason: issue ? `${issue.path.join('.') || 'row'}: ${issue.message}` : 'invalid' });
    }
  }
  return { dump, dropped };
}

/** How many rows were dropped per collection, e.g. `{ users: 1, tasks: 3 }`. */
export function countDropped(dropped: readonly { collection: string }[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { collection } of dropped) counts[collection] = (counts[collection] ?? 0) + 1;
  return counts;
}
