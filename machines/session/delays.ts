/** Idle time before a session locks itself, unless the app gives its own. */
export const DEFAULT_IDLE_MS = 15 * 60 * 1000;

/** A provider token is renewed this long before it expires (half its remaining life when shorter). */
export const RENEWAL_LEAD_MS = 60_000;

/** setTimeout's longest delay; a longer one would fire at once. */
export const MAX_DELAY_MS = 2 ** 31 - 1;

/** Milliseconds until a token expiring at `expiry` is renewed: a minute before, or half-way for a short one. */
export function renewalDelayMs(expiry: number, now: number): number {
  const remaining = expiry - now;
  if (remaining <= 0) return 0;
  return Math.min(MAX_DELAY_MS, remaining > 2 * RENEWAL_LEAD_MS ? remaining - RENEWAL_LEAD_MS : Math.floor(remaining / 2));
}

/** Milliseconds until the token expires (at most setTimeout's longest delay: a far expiry is entered early, harmlessly). */
export function expiryDelayMs(expiry: number, now: number): number {
  return Math.min(MAX_DELAY_MS, Math.max(0, expiry - now));
}
