import { afterAll, describe, expect, it } from 'vitest';
import { getNextSnapshot, type AnyEventObject, type SnapshotFrom } from 'xstate';
import { getShortestPaths } from 'xstate/graph';
import { activePaths, FULL_COVERAGE, recordCoverage, reportCoverage, transitionKey } from '../testing/coverage';
import {
  BACKEND_SESSION,
  confirmedOf,
  createSessionHarness,
  FAR_EXPIRY,
  httpError,
  NOTHING_STORED,
  PROVIDER_SESSION,
  storedOf,
  type SessionHarness,
} from '../testing/session-harness';
import { sessionMachine, type SessionEvent } from './session.machine';
import type { StoredValues } from './stored-session';

/**
 * Model-based walk of the REAL session machine: xstate/graph plans paths on `sessionMachine` itself
 * (its own states, guards and context), with the events its invoked actors and timers would send
 * (`xstate.done.actor.<id>`, `xstate.error.actor.<id>`, `xstate.after.<delay>.<state>`) next to the
 * events the app sends. Each planned path is then replayed on a real actor with deferred fakes
 * (createSessionHarness): a done/error step answers the fake running under that invoke id, an app
 * event is sent, a 401 goes through the request queue. After every step the real actor must be in the
 * state the graph predicted, so the plan and the machine can never drift apart. The coverage recorder
 * checks that the walk took every state and transition of the definition.
 */

type Snapshot = SnapshotFrom<typeof sessionMachine>;
type WalkEvent = SessionEvent | (AnyEventObject & { type: `xstate.${string}` });

const IDLE_MS = 60_000;
const CONFIRMED = confirmedOf(BACKEND_SESSION);
const REFRESHED = { accessToken: 'token-2', tokenExpiry: FAR_EXPIRY + 1000 };
const RENEWED = { accessToken: 'provider-token-2', tokenExpiry: FAR_EXPIRY + 1000, idTokenExpiry: FAR_EXPIRY + 1000 };

const START: Record<string, StoredValues> = {
  nothing: NOTHING_STORED,
  backend: storedOf(BACKEND_SESSION),
  provider: storedOf(PROVIDER_SESSION),
  locked: storedOf(BACKEND_SESSION, true),
  corrupt: { ...storedOf(BACKEND_SESSION), 'auth-values': '{"user_default_role_id":9}' },
};

const done = (id: string, output: unknown): WalkEvent => ({ type: `xstate.done.actor.${id}`, output });
const failed = (id: string, error: unknown): WalkEvent => ({ type: `xstate.error.actor.${id}`, error });
const after = (delay: string, state: string): WalkEvent => ({ type: `xstate.after.${delay}.session.${state}` });

/** What can happen in a state: the app's events, and what its actors and timers may answer. */
function eventsFor(snapshot: Snapshot): WalkEvent[] {
  const token = snapshot.context.accessToken ?? 'none';
  return [
    { type: 'session.login', username: 'admin', password: 'demo1234' },
    { type: 'session.logout' },
    { type: 'session.lock' },
    { type: 'session.unlock', password: 'demo1234' },
    { type: 'session.activity' },
    { type: 'session.unauthorized', failedToken: token },
    { type: 'session.unauthorized', failedToken: 'an-old-token' },
    { type: 'session.server.locked' },
    { type: 'session.provider.signedIn', session: PROVIDER_SESSION },
    { type: 'session.provider.signedIn', session: { ...PROVIDER_SESSION, idTokenExpiry: 1 } },
    { type: 'session.provider.failed', error: 'access_denied' },
    { type: 'session.remote.signedIn', session: BACKEND_SESSION },
    { type: 'session.remote.signedOut' },
    { type: 'session.remote.tokenRefreshed', token: { accessToken: 'other-tab-token', tokenExpiry: FAR_EXPIRY + 2000 } },
    { type: 'session.remote.locked' },
    { type: 'session.remote.unlocked' },
    { type: 'session.retry' },
    { type: 'session.user.update', patch: { displayName: 'Adam M.' } },
    done('login', BACKEND_SESSION),
    failed('login', new Error('Email Or Password Invalid')),
    failed('login', new Error('Too many sign-in attempts. Try again in 60 seconds.')),
    done('fetchMe', CONFIRMED),
    failed('fetchMe', httpError(423, 'Session locked')),
    failed('fetchMe', httpError(401, 'Invalid access token')),
    failed('fetchMe', new Error('Network error')),
    done('startRenewal', RENEWED),
    failed('startRenewal', new Error('login_required')),
    done('startRenewalRetry', RENEWED),
    failed('startRenewalRetry', new Error('login_required')),
    done('refreshToken', REFRESHED),
    failed('refreshToken', httpError(423, 'Session locked')),
    failed('refreshToken', httpError(401, 'Invalid refresh token')),
    done('renewal', RENEWED),
    failed('renewal', new Error('login_required')),
    done('renewalRetry', RENEWED),
    failed('renewalRetry', new Error('login_required')),
    done('lock', null),
    failed('lock', new Error('offline')),
    done('unlock', CONFIRMED),
    done('unlock', null),
    failed('unlock', new Error('Wrong password')),
    done('logout', null),
    failed('logout', new Error('offline')),
    done('endProviderSession', null),
    failed('endProviderSession', new Error('No end session endpoint')),
    after('idleTimeout', 'signedIn.access.active'),
    after('untilRenewal', 'signedIn.token.valid'),
    after('untilExpiry', 'signedIn.token.valid'),
    after('untilSignInRetry', 'signedOut.throttled'),
  ];
}

/** A state as far as the walk cares: where it is, and what its guards and planned events read. */
const serializeState = (s: Snapshot) =>
  `${JSON.stringify(s.value)} confirmed=${String(s.context.confirmed)} provider=${String(s.context.idTokenExpiry !== null)} token=${s.context.accessToken ?? '-'}`;

const pathOf = (node: { path: string[] }) => node.path.join('.');

interface Case {
  name: string;
  start: string;
  initial: Snapshot['value'];
  steps: { event: WalkEvent; expected: Snapshot['value'] }[];
}

/** Every state reachable from each start, then every event it accepts there; kept when it adds a state or a transition. */
function planCases(): Case[] {
  const candidates: (Case & { adds: string[] })[] = [];
  for (const [start, stored] of Object.entries(START)) {
    const paths = getShortestPaths(sessionMachine, {
      input: { stored, idleMs: IDLE_MS },
      // The timers' and actors' events are planned like the app's (the machine handles them alike).
      events: (snapshot) => eventsFor(snapshot) as SessionEvent[],
      serializeState,
    });
    for (const path of paths) {
      const prefix = path.steps
        .filter((step) => !step.event.type.startsWith('xstate.init'))
        .map((step) => ({ event: step.event as WalkEvent, expected: step.state.value }));
      for (const event of eventsFor(path.state)) {
        if (!path.state.can(event as SessionEvent)) continue;
        const next = getNextSnapshot(sessionMachine, path.state, event as SessionEvent);
        const data = sessionMachine.getTransitionData(path.state, event as SessionEvent);
        const taken = data.map((t) =>
          transitionKey(t.source, t.eventType, ((t.source.transitions.get(t.eventType) ?? []) as unknown[]).indexOf(t), t),
        );
        // A target with eventless transitions: which one runs depends on the state reached, so that counts as new too.
        const eventless = data.flatMap((t) =>
          (t.target ?? []).filter((n) => n.always?.length).map((n) => `always ${pathOf(n)} ${serializeState(next)}`),
        );
        const label = (e: WalkEvent) =>
          e.type === 'session.unauthorized' && 'failedToken' in e
            ? `${e.type}(${e.failedToken === 'an-old-token' ? 'stale' : 'current'})`
            : e.type;
        candidates.push({
          name: `[${start}] ${serializeState(path.state)} --${label(event)}--> ${JSON.stringify(next.value)}`,
          start,
          initial: paths[0]?.steps[0]?.state.value ?? path.state.value,
          steps: [...prefix, { event, expected: next.value }],
          adds: [...taken, ...eventless, ...activePaths(next.value)],
        });
      }
      if (path.steps.length <= 1)
        candidates.push({
          name: `[${start}] starts in ${JSON.stringify(path.state.value)}`,
          start,
          initial: path.state.value,
          steps: [],
          // Each start takes its own branch of `restoring`.
          adds: [`start ${start}`, ...activePaths(path.state.value)],
        });
    }
  }
  candidates.sort((a, b) => a.steps.length - b.steps.length);
  const seen = new Set<string>();
  const kept: Case[] = [];
  for (const candidate of candidates) {
    const fresh = candidate.adds.filter((key) => !seen.has(key));
    if (fresh.length === 0) continue;
    fresh.forEach((key) => seen.add(key));
    kept.push({ name: candidate.name, start: candidate.start, initial: candidate.initial, steps: candidate.steps });
  }
  return kept;
}

/** Performs one planned step on the real actor with its fakes. */
async function perform(h: SessionHarness, event: WalkEvent): Promise<void> {
  const type = event.type;
  if (type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.')) {
    const id = type.replace(/^xstate\.(done|error)\.actor\./, '');
    const call = Object.values(h.fakes)
      .flatMap(
        (fake): { id: string; settled: boolean; signal: AbortSignal; resolve(v: unknown): void; reject(e: unknown): void }[] => fake.calls,
      )
      .filter((c) => c.id === id && !c.settled && !c.signal.aborted)
      .at(-1);
    if (!call) throw new Error(`no fake is running as "${id}"`);
    if ('output' in event) call.resolve(event.output);
    else call.reject('error' in event ? event.error : new Error('failed'));
  } else if (type.startsWith('xstate.after.')) {
    // What the scheduler delivers when the delay runs out (the timers themselves: session.machine.test.ts).
    h.actor.send(event as SessionEvent);
  } else if (event.type === 'session.unauthorized' && 'failedToken' in event) {
    h.unauthorized(event.failedToken).catch(() => undefined);
  } else {
    h.actor.send(event as SessionEvent);
  }
  await h.settle();
}

/**
 * The live connection is the session's child (the real live-events machine on a fake stream): its stream is open
 * in every active signed-in state; locking pauses it (the stream closes, the connection keeps its cursor);
 * signing out, or any other state (signing out, confirming…), stops the connection and closes its stream.
 */
function expectLiveConnection(h: SessionHarness, step: string): void {
  const snapshot = h.actor.getSnapshot();
  const connection = snapshot.children.live;
  if (!snapshot.matches('signedIn')) {
    expect(connection, `${step}: no live connection`).toBeUndefined();
    expect(h.live.running(), `${step}: stream closed`).toBe(0);
    return;
  }
  const locked = snapshot.matches({ signedIn: { access: 'locked' } });
  expect(connection?.getSnapshot().value, `${step}: ${locked ? 'paused while locked' : 'streaming while active'}`).toEqual(
    locked ? 'paused' : { stream: 'live' },
  );
  expect(h.live.running(), `${step}: stream ${locked ? 'closed' : 'open'}`).toBe(locked ? 0 : 1);
}

const cases = planCases();
const running: SessionHarness[] = [];
afterAll(() => running.forEach((h) => h.stop()));

describe('session machine, walked from its own graph', () => {
  it.each(cases)('$name', async ({ start, initial, steps }) => {
    const h = createSessionHarness({ stored: START[start], idleMs: IDLE_MS, inspect: recordCoverage });
    running.push(h);
    expect(h.actor.getSnapshot().value, 'at start').toEqual(initial);
    for (const [i, { event, expected }] of steps.entries()) {
      await perform(h, event);
      expect(h.actor.getSnapshot().value, `step ${i + 1}: ${event.type}`).toEqual(expected);
      expectLiveConnection(h, `step ${i + 1}: ${event.type}`);
    }
    h.stop();
  });

  it('plans a path to every state node of the definition', () => {
    const nodes: string[] = [];
    const walk = (node: { path: string[]; states: Record<string, unknown> }) => {
      if (node.path.length > 0) nodes.push(pathOf(node));
      Object.values(node.states).forEach((child) => walk(child as typeof node));
    };
    walk(sessionMachine.root);
    const planned = new Set(cases.flatMap((c) => [c.initial, ...c.steps.map((s) => s.expected)].flatMap((value) => activePaths(value))));
    // Every start passes through the initial state, which eventless transitions leave at once.
    planned.add(String(sessionMachine.config.initial));
    expect(nodes.filter((n) => !planned.has(n))).toEqual([]);
  });

  // Last: vitest runs a file's tests in order, so every walk above has been recorded.
  it('reaches every state and transition of the machine', ({ task }) => {
    expect(reportCoverage(sessionMachine, task.meta)).toEqual(FULL_COVERAGE);
  });
});
