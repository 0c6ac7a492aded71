import { assign, setup } from 'xstate';

/**
 * An abstract mirror of the session machine without invokes or delays, so `xstate/graph` can walk
 * it. Each abstract event stands for something the test does to the real actor: send an event,
 * settle a fake actor's promise, or let the idle timer run out. `REAL_STATE` says which real state
 * each abstract state is.
 */
export type ModelEvent =
  | { type: 'RESTORE_EMPTY' }
  | { type: 'RESTORE_VALID' }
  | { type: 'RESTORE_LOCKED' }
  | { type: 'RESTORE_CORRUPT' }
  | { type: 'CONFIRM_OK' }
  | { type: 'CONFIRM_LOCKED' }
  | { type: 'CONFIRM_EXPIRED' }
  | { type: 'CONFIRM_FAIL' }
  | { type: 'RETRY' }
  | { type: 'LOGIN' }
  | { type: 'LOGIN_OK' }
  | { type: 'LOGIN_FAIL' }
  | { type: 'LOGOUT' }
  | { type: 'LOGOUT_DONE' }
  | { type: 'LOGOUT_FAIL' }
  | { type: 'LOCK' }
  | { type: 'LOCK_DONE' }
  | { type: 'LOCK_FAIL' }
  | { type: 'IDLE' }
  | { type: 'ACTIVITY' }
  | { type: 'SERVER_LOCKED' }
  | { type: 'UNLOCK' }
  | { type: 'UNLOCK_OK' }
  | { type: 'UNLOCK_OK_BARE' }
  | { type: 'UNLOCK_FAIL' }
  | { type: 'UNAUTHORIZED' }
  | { type: 'STALE_UNAUTHORIZED' }
  | { type: 'REFRESH_OK' }
  | { type: 'REFRESH_FAIL' }
  | { type: 'REFRESH_LOCKED' }
  | { type: 'REMOTE_SIGNED_IN' }
  | { type: 'REMOTE_SIGNED_OUT' }
  | { type: 'REMOTE_TOKEN' }
  | { type: 'ADOPT' }
  | { type: 'TOKEN_RENEWED' }
  | { type: 'REMOTE_LOCKED' }
  | { type: 'REMOTE_UNLOCKED' };

export const MODEL_EVENTS: readonly ModelEvent[] = (
  [
    'RESTORE_EMPTY',
    'RESTORE_VALID',
    'RESTORE_LOCKED',
    'RESTORE_CORRUPT',
    'CONFIRM_OK',
    'CONFIRM_LOCKED',
    'CONFIRM_EXPIRED',
    'CONFIRM_FAIL',
    'RETRY',
    'LOGIN',
    'LOGIN_OK',
    'LOGIN_FAIL',
    'LOGOUT',
    'LOGOUT_DONE',
    'LOGOUT_FAIL',
    'LOCK',
    'LOCK_DONE',
    'LOCK_FAIL',
    'IDLE',
    'ACTIVITY',
    'SERVER_LOCKED',
    'UNLOCK',
    'UNLOCK_OK',
    'UNLOCK_OK_BARE',
    'UNLOCK_FAIL',
    'UNAUTHORIZED',
    'STALE_UNAUTHORIZED',
    'REFRESH_OK',
    'REFRESH_FAIL',
    'REFRESH_LOCKED',
    'REMOTE_SIGNED_IN',
    'REMOTE_SIGNED_OUT',
    'REMOTE_TOKEN',
    'ADOPT',
    'TOKEN_RENEWED',
    'REMOTE_LOCKED',
    'REMOTE_UNLOCKED',
  ] as const
).map((type) => ({ type }) as ModelEvent);

export const REAL_STATE = {
  confirming: 'confirming',
  confirmFailed: 'confirmFailed',
  signedOut: 'signedOut',
  signingIn: 'signingIn',
  active: { signedIn: 'active' },
  locking: { signedIn: { locked: 'locking' } },
  lockedIdle: { signedIn: { locked: 'idle' } },
  unlocking: { signedIn: { locked: 'unlocking' } },
  refreshing: { refreshing: 'queued' },
  signingOut: 'signingOut',
} as const;

export type ModelState = keyof typeof REAL_STATE | 'start';

interface ModelContext {
  resume: 'active' | 'lockedIdle';
  /** Whether the server has vouched for the user and role in this tab. */
  confirmed: boolean;
}

const UNLOCKED = [
  { guard: 'isConfirmed', target: 'active' },
  { target: 'confirming' },
] as const;

export const sessionModel = setup({
  types: { context: {} as ModelContext, events: {} as ModelEvent },
  actions: {
    resumeActive: assign({ resume: 'active' as const }),
    resumeLocked: assign({ resume: 'lockedIdle' as const }),
    trust: assign({ confirmed: true }),
    distrust: assign({ confirmed: false }),
  },
  guards: {
    resumesActive: ({ context }) => context.resume === 'active',
    isConfirmed: ({ context }) => context.confirmed,
  },
}).createMachine({
  id: 'sessionModel',
  context: { resume: 'active', confirmed: false },
  initial: 'start',
  states: {
    start: {
      on: {
        RESTORE_EMPTY: 'signedOut',
        RESTORE_CORRUPT: 'signedOut',
        RESTORE_VALID: 'confirming',
        RESTORE_LOCKED: 'lockedIdle',
      },
    },
    confirming: {
      on: {
        CONFIRM_OK: { target: 'active', actions: 'trust' },
        CONFIRM_LOCKED: 'lockedIdle',
        CONFIRM_EXPIRED: 'signedOut',
        CONFIRM_FAIL: 'confirmFailed',
        LOGIN: 'confirming',
        UNAUTHORIZED: 'confirming',
        STALE_UNAUTHORIZED: 'confirming',
        REMOTE_TOKEN: 'confirming',
        REMOTE_SIGNED_IN: 'confirming',
        REMOTE_LOCKED: 'lockedIdle',
        SERVER_LOCKED: 'lockedIdle',
        REMOTE_SIGNED_OUT: 'signedOut',
        LOGOUT: 'signingOut',
      },
    },
    confirmFailed: {
      on: {
        RETRY: 'confirming',
        LOGIN: 'confirmFailed',
        UNAUTHORIZED: 'confirmFailed',
        REMOTE_TOKEN: 'confirmFailed',
        REMOTE_SIGNED_IN: 'confirming',
        REMOTE_SIGNED_OUT: 'signedOut',
        LOGOUT: 'signingOut',
      },
    },
    signedOut: {
      entry: 'distrust',
      on: { LOGIN: 'signingIn', REMOTE_SIGNED_IN: 'confirming', ADOPT: { target: 'active', actions: 'trust' } },
    },
    signingIn: {
      on: { LOGIN_OK: { target: 'active', actions: 'trust' }, LOGIN_FAIL: 'signedOut', LOGOUT: 'signedOut' },
    },
    active: {
      on: {
        LOCK: 'locking',
        IDLE: 'locking',
        REMOTE_LOCKED: 'lockedIdle',
        SERVER_LOCKED: 'lockedIdle',
        ACTIVITY: 'active',
        LOGIN: 'active',
        STALE_UNAUTHORIZED: 'active',
        REMOTE_TOKEN: 'active',
        REMOTE_SIGNED_IN: { target: 'confirming', actions: 'distrust' },
        TOKEN_RENEWED: 'active',
        UNAUTHORIZED: { target: 'refreshing', actions: 'resumeActive' },
        LOGOUT: 'signingOut',
        REMOTE_SIGNED_OUT: 'signedOut',
      },
    },
    locking: {
      on: {
        UNLOCK: 'unlocking',
        LOCK_DONE: 'lockedIdle',
        LOCK_FAIL: 'lockedIdle',
        LOGIN: 'locking',
        TOKEN_RENEWED: 'locking',
        REMOTE_UNLOCKED: UNLOCKED,
        UNAUTHORIZED: { target: 'refreshing', actions: 'resumeLocked' },
        LOGOUT: 'signingOut',
        REMOTE_SIGNED_OUT: 'signedOut',
      },
    },
    lockedIdle: {
      on: {
        UNLOCK: 'unlocking',
        LOGIN: 'lockedIdle',
        TOKEN_RENEWED: 'lockedIdle',
        REMOTE_UNLOCKED: UNLOCKED,
        UNAUTHORIZED: { target: 'refreshing', actions: 'resumeLocked' },
        LOGOUT: 'signingOut',
        REMOTE_SIGNED_OUT: 'signedOut',
      },
    },
    unlocking: {
      on: {
        UNLOCK_OK: { target: 'active', actions: 'trust' },
        UNLOCK_OK_BARE: UNLOCKED,
        UNLOCK_FAIL: 'lockedIdle',
        REMOTE_UNLOCKED: UNLOCKED,
        UNAUTHORIZED: { target: 'refreshing', actions: 'resumeLocked' },
        LOGOUT: 'signingOut',
      },
    },
    refreshing: {
      on: {
        UNAUTHORIZED: 'refreshing',
        LOGIN: 'refreshing',
        REFRESH_OK: [{ guard: 'resumesActive', target: 'active' }, { target: 'lockedIdle' }],
        REMOTE_TOKEN: [{ guard: 'resumesActive', target: 'active' }, { target: 'lockedIdle' }],
        REFRESH_FAIL: 'signedOut',
        REFRESH_LOCKED: 'lockedIdle',
        REMOTE_SIGNED_OUT: 'signedOut',
        LOGOUT: 'signingOut',
      },
    },
    signingOut: {
      on: { LOGOUT_DONE: 'signedOut', LOGOUT_FAIL: 'signedOut' },
    },
  },
});
