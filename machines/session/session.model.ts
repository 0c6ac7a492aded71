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
  | { type: 'LOGIN' }
  | { type: 'LOGIN_OK' }
  | { type: 'LOGIN_FAIL' }
  | { type: 'LOGOUT' }
  | { type: 'LOGOUT_DONE' }
  | { type: 'LOGOUT_FAIL' }
  | { type: 'LOCK' }
  | { type: 'IDLE' }
  | { type: 'ACTIVITY' }
  | { type: 'UNLOCK' }
  | { type: 'UNLOCK_OK' }
  | { type: 'UNLOCK_FAIL' }
  | { type: 'UNAUTHORIZED' }
  | { type: 'STALE_UNAUTHORIZED' }
  | { type: 'REFRESH_OK' }
  | { type: 'REFRESH_FAIL' }
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
    'LOGIN',
    'LOGIN_OK',
    'LOGIN_FAIL',
    'LOGOUT',
    'LOGOUT_DONE',
    'LOGOUT_FAIL',
    'LOCK',
    'IDLE',
    'ACTIVITY',
    'UNLOCK',
    'UNLOCK_OK',
    'UNLOCK_FAIL',
    'UNAUTHORIZED',
    'STALE_UNAUTHORIZED',
    'REFRESH_OK',
    'REFRESH_FAIL',
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
  signedOut: 'signedOut',
  signingIn: 'signingIn',
  active: { signedIn: 'active' },
  lockedIdle: { signedIn: { locked: 'idle' } },
  unlocking: { signedIn: { locked: 'unlocking' } },
  refreshing: { refreshing: 'queued' },
  signingOut: 'signingOut',
} as const;

export type ModelState = keyof typeof REAL_STATE | 'start';


export const sessionModel = setup({
  types: { context: {} as { resume: 'active' | 'lockedIdle' }, events: {} as ModelEvent },
  actions: {
    resumeActive: assign({ resume: 'active' as const }),
    resumeLocked: assign({ resume: 'lockedIdle' as const }),
  },
  guards: {
    resumesActive: ({ context }) => context.resume === 'active',
  },
}).createMachine({
  id: 'sessionModel',
  context: { resume: 'active' },
  initial: 'start',
  states: {
    start: {
      on: {
        RESTORE_EMPTY: 'signedOut',
        RESTORE_CORRUPT: 'signedOut',
        RESTORE_VALID: 'active',
        RESTORE_LOCKED: 'lockedIdle',
      },
    },
    signedOut: {
      on: { LOGIN: 'signingIn', REMOTE_SIGNED_IN: 'active', ADOPT: 'active' },
    },
    signingIn: {
      on: { LOGIN_OK: 'active', LOGIN_FAIL: 'signedOut', LOGOUT: 'signedOut' },
    },
    active: {
      on: {
        LOCK: 'lockedIdle',
        IDLE: 'lockedIdle',
        REMOTE_LOCKED: 'lockedIdle',
        ACTIVITY: 'active',
        LOGIN: 'active',
        STALE_UNAUTHORIZED: 'active',
        REMOTE_TOKEN: 'active',
        REMOTE_SIGNED_IN: 'active',
        TOKEN_RENEWED: 'active',
        UNAUTHORIZED: { target: 'refreshing', actions: 'resumeActive' },
        LOGOUT: 'signingOut',
        REMOTE_SIGNED_OUT: 'signedOut',
      },
    },
    lockedIdle: {
      on: {
        UNLOCK: 'unlocking',
        LOGIN: 'lockedIdle',
        TOKEN_RENEWED: 'lockedIdle',
        REMOTE_UNLOCKED: 'active',
        UNAUTHORIZED: { target: 'refreshing', actions: 'resumeLocked' },
        LOGOUT: 'signingOut',
        REMOTE_SIGNED_OUT: 'signedOut',
      },
    },
    unlocking: {
      on: {
        UNLOCK_OK: 'active',
        UNLOCK_FAIL: 'lockedIdle',
        REMOTE_UNLOCKED: 'active',
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
        REMOTE_SIGNED_OUT: 'signedOut',
        LOGOUT: 'signingOut',
      },
    },
    signingOut: {
      on: { LOGOUT_DONE: 'signedOut', LOGOUT_FAIL: 'signedOut' },
    },
  },
});
