/** The HTTP status an actor's error carries (`ApiError.status` in the app), if any. */
export function statusOf(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('status' in error)) return undefined;
  return typeof error.status === 'number' ? error.status : undefined;
}

/** The server refused the call because the session is locked (423 `session_locked`). */
export const LOCKED_STATUS = 423;

/** The rejection every queued request gets when the session ends before a new token arrives. */
export class SessionExpiredError extends Error {
  constructor(message = 'Session expired') {
    super(message);
    this.name = 'SessionExpiredError';
  }
}

/** The rejection queued requests get when the server says the session is locked. */
export class SessionLockedError extends Error {
  constructor(message = 'Session locked') {
    super(message);
    this.name = 'SessionLockedError';
  }
}

// A throttled sign-in (429, mirage/domains/auth.ts): the server's message carries the Retry-After seconds.
const THROTTLED = /^Too many sign-in attempts\. Try again in (\d+) seconds?\.$/;

/** The seconds a throttled sign-in must wait, read from the server's message, or null for any other message. */
export function signInWaitOf(message: string): number | null {
  const match = THROTTLED.exec(message);
  return match ? Number(match[1]) : null;
}

/** The error's own message, else `fallback` (shown to the user as-is). */
export const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);
