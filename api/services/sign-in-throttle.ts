import { SIGN_IN_WINDOW_MS, type SignInAttemptRepository } from '../../core/sign-in-attempts';
import { sha256Hex } from '../../core/tokens';

/**
 * Sign-in throttling (docs/security.md, "Server"): the failed sign-ins of the last 15 minutes, per sign-in
 * name and per client address, kept by the backend's repository (core/sign-in-attempts.ts), so a restart or a
 * second server instance forgets nothing.
 */

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
  const address = request.headers.get(CLIENT_ADDRESS_HEADER);
  const keys = [{ key: await accountKey(name), limit: ACCOUNT_FAILURE_LIMIT }];
  if (address) keys.push({ key: addressKey(address), limit: ADDRESS_FAILURE_LIMIT });
  return keys;
}

const recent = (failures: readonly number[] | undefined, now: number) => (failures ?? []).filter((at) => at + SIGN_IN_WINDOW_MS > now);

/** How many seconds an attempt must wait (0: none), given the keys' failures: the longer wait of the keys wins. */
function waitOf(keys: readonly ThrottleKey[], current: ReadonlyMap<string, readonly number[]>, now: number): number {
  let until = 0;
  for (const { key, limit } of keys) {
    const failures = recent(current.get(key), now);
    if (failures.length >= limit) until = Math.max(until, (failures[failures.length - limit] ?? now) + SIGN_IN_WINDOW_MS);
  }
  return until > now ? Math.max(1, Math.ceil((until - now) / 1000)) : 0;
}

/**
 * Admits a sign-in attempt at `at`: answers how many seconds it must wait (a key whose window holds its
 * limit of failures waits until the oldest of them is 15 minutes old), else counts it as a failure against
 * every key (only the last `limit` matter) and answers 0. The check and the count are one step, so
 * attempts sent together cannot all pass the check before one of them is counted; a right password takes
 * the count back (forgetFailure).
 */
export function admitAttempt(attempts: SignInAttemptRepository, keys: readonly ThrottleKey[], at: number): Promise<number> {
  return attempts.change(
    keys.map((k) => k.key),
    (current) => {
      const wait = waitOf(keys, current, at);
      if (wait > 0) return { failures: new Map(), value: wait };
      const failures = new Map(
        keys.map(({ key, limit }) => [key, [...recent(current.get(key), at), at].sort((a, b) => a - b).slice(-limit)]),
      );
      return { failures, value: 0 };
    },
  );
}

/** Takes back the failure counted at `at` (the password was right after all). */
export function forgetFailure(attempts: SignInAttemptRepository, keys: readonly ThrottleKey[], at: number): Promise<void> {
  return attempts.change(
    keys.map((k) => k.key),
    (current) => {
      const failures = new Map<string, readonly number[]>();
      for (const [key, stored] of current) {
        const index = stored.indexOf(at);
        if (index >= 0)
          failures.set(
            key,
            stored.filter((_, i) => i !== index),
          );
      }
      return { failures, value: undefined };
    },
  );
}

/** Forgets every failure of these keys: a successful sign-in clears its account's counters. */
export function clearFailures(attempts: SignInAttemptRepository, keys: readonly string[]): Promise<void> {
  return attempts.change(keys, (current) => ({
    failures: new Map([...current.keys()].map((key) => [key, []])),
    value: undefined,
  }));
}
