import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { UrlRestriction } from '../domain/types';
import { NO_REGEX_ENGINE } from './url-matcher';
import { urlTesterMachine } from './url-tester.machine';

const input = { regexEngine: NO_REGEX_ENGINE };

const rule: UrlRestriction = {
  id: '1',
  organizationId: '1',
  scope: { kind: 'all' },
  pattern: 'example.com',
  matchType: 'domain',
  action: 'block',
  enabled: true,
  schedule: { kind: 'always' },
  reason: 'No',
  createdAt: '2026-01-01T00:00:00Z',
  updatedAt: '2026-01-01T00:00:00Z',
  updatedBy: 'u',
};

describe('URL tester machine', () => {
  it('loads the current rules and names the deciding rule', async () => {
    let loads = 0;
    const actor = createActor(
      urlTesterMachine.provide({
        actors: {
          loadRules: fromPromise(async () => {
            loads += 1;
            return [rule];
          }),
        },
      }),
      { input },
    ).start();
    actor.send({ type: 'tester.submit', url: 'https://www.example.com/x', unitId: null });
    await waitFor(actor, (s) => s.matches('decided'));
    expect(actor.getSnapshot().context.decision).toMatchObject({ action: 'block', rule: { id: '1' }, reason: 'domainMatch' });
    actor.send({ type: 'tester.submit', url: 'https://other.org', unitId: null });
    await waitFor(actor, (s) => s.matches('decided') && s.context.url === 'https://other.org');
    expect(actor.getSnapshot().context.decision).toMatchObject({ action: 'allow', rule: null, reason: 'noMatchingRule' });
    expect(loads).toBe(2);
  });

  it('fails when the rules cannot be loaded', async () => {
    const actor = createActor(
      urlTesterMachine.provide({
        actors: { loadRules: fromPromise<UrlRestriction[], undefined>(async () => Promise.reject(new Error('x'))) },
      }),
      { input },
    ).start();
    actor.send({ type: 'tester.submit', url: 'example.com', unitId: '3' });
    await waitFor(actor, (s) => s.matches('failed'));
    expect(actor.getSnapshot().context.decision).toBeNull();
  });

  it('decides regex rules with the engine it was given, and NO_REGEX_ENGINE leaves them out', async () => {
    const regexRule: UrlRestriction = { ...rule, id: '2', pattern: '^https://shop\\.', matchType: 'regex' };
    const loadRules = fromPromise<UrlRestriction[], undefined>(async () => [regexRule]);
    const engine = { compile: (p: string) => (text: string) => new RegExp(p, 'i').test(text) };
    const withEngine = createActor(urlTesterMachine.provide({ actors: { loadRules } }), { input: { regexEngine: engine } }).start();
    withEngine.send({ type: 'tester.submit', url: 'https://shop.example/', unitId: null });
    await waitFor(withEngine, (s) => s.matches('decided'));
    expect(withEngine.getSnapshot().context.decision).toMatchObject({ action: 'block', rule: { id: '2' }, reason: 'regexMatch' });

    const without = createActor(urlTesterMachine.provide({ actors: { loadRules } }), { input }).start();
    without.send({ type: 'tester.submit', url: 'https://shop.example/', unitId: null });
    await waitFor(without, (s) => s.matches('decided'));
    expect(without.getSnapshot().context.decision).toMatchObject({
      action: 'allow',
      outcomes: [{ ruleId: '2', outcome: 'invalidPattern' }],
    });
  });
});

describe('URL tester machine: input that is not a URL', () => {
  const counting = () => {
    const calls = { loads: 0 };
    const machine = urlTesterMachine.provide({
      actors: {
        loadRules: fromPromise(async () => {
          calls.loads += 1;
          return [rule];
        }),
      },
    });
    return { calls, actor: createActor(machine, { input }).start() };
  };

  it('is a field error, never a verdict: nothing is loaded and no decision is given', () => {
    const { calls, actor } = counting();
    actor.send({ type: 'tester.submit', url: 'not a url', unitId: null });
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(actor.getSnapshot().context).toMatchObject({ inputError: 'invalidUrl', decision: null });
    expect(calls.loads).toBe(0);
    actor.send({ type: 'tester.submit', url: '   ', unitId: null });
    expect(actor.getSnapshot().context.inputError).toBe('required');
  });

  it('clears the error when the field is edited, and a valid URL is then decided', async () => {
    const { calls, actor } = counting();
    actor.send({ type: 'tester.submit', url: 'https://exa mple.com', unitId: null });
    actor.send({ type: 'tester.edit' });
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.inputError).toBeNull();
    actor.send({ type: 'tester.submit', url: 'www.example.com', unitId: null });
    await waitFor(actor, (s) => s.matches('decided'));
    expect(actor.getSnapshot().context.decision).toMatchObject({ action: 'block', reason: 'domainMatch' });
    expect(calls.loads).toBe(1);
  });

  it('takes away an earlier verdict, so it is never shown for the bad input', async () => {
    const { actor } = counting();
    actor.send({ type: 'tester.submit', url: 'https://www.example.com/', unitId: null });
    await waitFor(actor, (s) => s.matches('decided'));
    actor.send({ type: 'tester.submit', url: 'http://', unitId: null });
    expect(actor.getSnapshot().value).toBe('invalid');
    expect(actor.getSnapshot().context.decision).toBeNull();
  });
});
