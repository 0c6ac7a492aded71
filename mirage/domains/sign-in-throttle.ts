import type { Request } from 'miragejs';
import { sha256Hex } from '../crypto';
import { table, type MirageDb, type Row } from '../db';

/**
 * Sign-in throttling (docs/security.md, "Server"): the failed sign-ins of the last 15 minutes, per sign-in
 * name and per client address, as rows of `signInAttempts` — stored like every row (IndexedDB in the demo,
 * PostgreSQL on the server), so a restart or a second server instance forgets nothing.
 */
export interface SignInAttemptRow extends Row {
  /** `account:<SHA-256 of the lower-case sign-in name>` or `address:<client address>` */
  key: string;
  /** When the failures of the window happened (epoch ms), oldest first: at most the key's limit */
  failures: number[];
}

export const SIGN_IN_ATTEMPTS = 'signInAttempts';
/** Failures count for 15 minutes. */
export const SIGN_IN_WINDOW_MS = 15 * 60 * 1000;
/** Five wrong passwords for one sign-in name in 15 minutes; the sixth attempt waits. */
export const ACCOUNT_FAILURE_LIMIT = 5;
/** Twenty failures from one address in 15 minutes (whatever the names); the 21st attempt waits. */
export const ADDRESS_FAILURE_LIMIT = 20;
/** The caller's address, set by the Node server (server/http-server.ts replaces any client value); absent in the browser. */
export const CLIENT_ADDRESS_HEADER = 'x-client-address';

export interface ThrottleKey {
  key: string;
  limit: number;
}

/**
 * The account key of a sign-in name. The name as typed (trimmed, lower case), whether or not an account has
 * it: an unknown name is counted, refused and throttled exactly like a wrong password. Hashed, because people
 * type their password into the name field, and the row must not keep it.
 */
export async function accountKey(name: string): Promise<string> {
  return `account:${await sha256Hex(name.trim().toLowerCase())}`;
}

/**
 * The address key: an IPv4 address as is (also when written as IPv6 `::ffff:a.b.c.d`), an IPv6 address by
 * its /64 network, which is what one subscriber gets: one machine cannot step through 2^64 addresses.
 */
export function addressKey(address: string): string {
  const value = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(value);
  if (mapped) return `address:${mapped[1]}`;
  return value.includes(':') ? `address:${ipv6Network(value)}::/64` : `address:${value}`;
}

/** The first four groups of an IPv6 address (its /64 network), `::` expanded and leading zeros dropped. */
function ipv6Network(value: string): string {
  const [head = '', tail] = (value.split('%')[0] ?? '').split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const zeros = tail === undefined ? [] : Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...zeros, ...right]
    .slice(0, 4)
    .map((group) => group.replace(/^0+/, '') || '0')
    .join(':');
}

/** The keys a sign-in attempt counts against: its name, and its address when the server knows it. */
export async function throttleKeys(request: Request, name: string): Promise<ThrottleKey[]> {
  const headers = request.requestHeaders;
  const address = headers[CLIENT_ADDRESS_HEADER] ?? Object.entries(headers).find(([h]) => h.toLowerCase() === CLIENT_ADDRESS_HEADER)?.[1];
  const keys = [{ key: await accountKey(name), limit: ACCOUNT_FAILURE_LIMIT }];
  if (address) keys.push({ key: addressKey(address), limit: ADDRESS_FAILURE_LIMIT });
  return keys;
}

const attempts = (db: MirageDb) => table<SignInAttemptRow>(db, SIGN_IN_ATTEMPTS);
const recent = (row: SignInAttemptRow | undefined, now: number) => (row?.failures ?? []).filter((at) => at + SIGN_IN_WINDOW_MS > now);

/**
 * How many seconds this attempt must wait (0: none). A key whose window holds its limit of failures
 * waits until the oldest of them is 15 minutes old; the longer wait of the two keys wins.
 */
export function secondsToWait(db: MirageDb, keys: readonly ThrottleKey[], now: number): number {
  let until = 0;
  for (const { key, limit } of keys) {
    const failures = recent(attempts(db).where({ key })[0], now);
    if (failures.length >= limit) until = Math.max(until, (failures[failures.length - limit] ?? now) + SIGN_IN_WINDOW_MS);
  }
  return until > now ? Math.max(1, Math.ceil((until - now) / 1000)) : 0;
}

/** Counts a failure at `at` against every key (only the last `limit` matter). */
export function recordFailure(db: MirageDb, keys: readonly ThrottleKey[], at: number): void {
  for (const { key, limit } of keys) {
    const row = attempts(db).where({ key })[0];
    const failures = [...recent(row, at), at].sort((a, b) => a - b).slice(-limit);
    if (row) attempts(db).update(row.id, { failures });
    else attempts(db).insert({ key, failures });
  }
}

/** Takes back the failure counted at `at` (the password was right after all). */
export function forgetFailure(db: MirageDb, keys: readonly ThrottleKey[], at: number): void {
  for (const { key } of keys) {
    const row = attempts(db).where({ key })[0];
    if (!row) continue;
    const index = row.failures.indexOf(at);
    if (index < 0) continue;
    const failures = row.failures.filter((_, i) => i !== index);
    if (failures.length > 0) attempts(db).update(row.id, { failures });
    else attempts(db).remove(row.id);
  }
}

/** Forgets every failure of these keys: a successful sign-in clears its account's counters. */
export function clearFailures(db: MirageDb, keys: readonly string[]): void {
  for (const key of keys) {
    const row = attempts(db).where({ key })[0];
    if (row) attempts(db).remove(row.id);
  }
}

/** Removes the counters whose last failure is older than the window: they hold nothing that counts. */
export function pruneSignInAttempts(db: MirageDb, now: number): number {
  const old = attempts(db)
    .rows()
    .filter((row) => recent(row, now).length === 0)
    .map((row) => row.id);
  for (const id of old) attempts(db).remove(id);
  return old.length;
}
