import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, createMachine, setup } from 'xstate';
import {
  clearInspection,
  devtoolsEnabled,
  liveActors,
  loggedEvents,
  MASK,
  MAX_LOGGED_EVENTS,
  maskValue,
  startInspection,
  withInspect,
} from './index';

const child = createMachine({ id: 'child', initial: 'idle', states: { idle: {} } });
const login = setup({
  types: {} as {
    events: { type: 'auth.login'; username: string; password: string } | { type: 'auth.ping' };
    context: { accessToken: string | null };
  },
  actors: { child },
}).createMachine({
  id: 'login',
  context: { accessToken: null },
  initial: 'signedOut',
  states: {
    signedOut: { on: { 'auth.login': { target: 'signedIn', actions: assign({ accessToken: 'secret-token' }) } } },
    signedIn: { invoke: { id: 'helper', src: 'child' }, on: { 'auth.ping': {} } },
  },
});

afterEach(() => {
  startInspection(false);
  clearInspection({ actors: true });
});

describe('maskValue', () => {
  it('masks tokens, passwords and secrets at any depth and keeps the rest', () => {
    const input = {
      username: 'ada',
      password: 'pw',
      nested: { accessToken: 'a', refresh_token: 'r', clientSecret: 's', list: [{ newPassword: 'x' }] },
    };
    expect(maskValue(input)).toEqual({
      username: 'ada',
      password: MASK,
      nested: { accessToken: MASK, refresh_token: MASK, clientSecret: MASK, list: [{ newPassword: MASK }] },
    });
    expect(input.password).toBe('pw');
    expect(maskValue({ sessionKey: 'k', stored: { session_key: 'k' }, sortKey: 'name' })).toEqual({
      sessionKey: MASK,
      stored: { session_key: MASK },
      sortKey: 'name',
    });
  });

  it('names functions, errors and cycles instead of keeping them', () => {
    const cyclic: Record<string, unknown> = { resolve: () => undefined, error: new TypeError('boom') };
    cyclic['self'] = cyclic;
    expect(maskValue(cyclic)).toEqual({ resolve: '[function]', error: { name: 'TypeError', message: 'boom' }, self: '[circular]' });
    expect(maskValue({ token: null, password: '' })).toEqual({ token: null, password: '' });
  });
});

describe('inspection', () => {
  it('records nothing until started', () => {
    createActor(login, withInspect()).start().send({ type: 'auth.login', username: 'ada', password: 'pw' });
    expect(loggedEvents()).toHaveLength(0);
    expect(liveActors()).toHaveLength(0);
  });

  it('lists the running machine actors with their children and logs each event, masked, with the state it led to', () => {
    startInspection(true);
    const actor = createActor(login, withInspect()).start();
    actor.send({ type: 'auth.login', username: 'ada', password: 'pw' });

    expect(liveActors().map((a) => [a.id, a.machine.id, a.parent === null])).toEqual([
      [actor.id, 'login', true],
      ['helper', 'child', false],
    ]);
    const sent = loggedEvents(actor.sessionId).find((e) => e.type === 'auth.login');
    expect(sent).toMatchObject({ payload: { username: 'ada', password: MASK }, state: 'signedIn' });
    expect(JSON.stringify(loggedEvents())).not.toContain('pw"');

    actor.stop();
    expect(liveActors()).toHaveLength(0);
  });

  it('keeps only the last events', () => {
    startInspection(true);
    const actor = createActor(login, withInspect()).start();
    actor.send({ type: 'auth.login', username: 'ada', password: 'pw' });
    for (let i = 0; i < MAX_LOGGED_EVENTS + 20; i += 1) actor.send({ type: 'auth.ping' });
    expect(loggedEvents()).toHaveLength(MAX_LOGGED_EVENTS);
    expect(loggedEvents().at(-1)?.type).toBe('auth.ping');
  });

  it('is on in demo mode and development, and in a remote build only with VITE_DEVTOOLS=true', () => {
    expect(devtoolsEnabled({ DEV: false, VITE_API_MODE: 'mirage' })).toBe(true);
    expect(devtoolsEnabled({ DEV: true, VITE_API_MODE: 'remote' })).toBe(true);
    expect(devtoolsEnabled({ DEV: false, VITE_API_MODE: 'remote' })).toBe(false);
    expect(devtoolsEnabled({ DEV: false, VITE_API_MODE: 'remote', VITE_DEVTOOLS: 'true' })).toBe(true);
  });
});
