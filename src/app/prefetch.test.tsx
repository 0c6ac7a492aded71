import { afterEach, describe, expect, it } from 'vitest';
import { installSessionActor } from '@/lib/session';
import { BACKEND_SESSION, confirmedOf, sessionIn } from '@machines/testing/session-harness';
import { prefetchAfterSignIn as prefetchWith, type Preloads } from './prefetch';
import { findRoute, pageLoader } from './routes';

/** What was asked to download, instead of downloading it. */
const preloaded = { pages: [] as unknown[], shell: 0 };
const recording: Preloads = {
  shell: () => {
    preloaded.shell += 1;
    return Promise.resolve();
  },
  page: (load) => {
    preloaded.pages.push(load);
    return Promise.resolve();
  },
};
const prefetchAfterSignIn = () => prefetchWith(recording);

let stop: () => void = () => undefined;
afterEach(() => {
  stop();
  preloaded.pages = [];
  preloaded.shell = 0;
});

describe('prefetchAfterSignIn (issue 46 §4)', () => {
  it('prefetches nothing while nobody is signed in', async () => {
    const harness = await sessionIn('signedOut');
    installSessionActor(harness.actor);
    stop = prefetchAfterSignIn();
    await harness.settle();
    expect(preloaded).toEqual({ pages: [], shell: 0 });
  });

  it('prefetches the shell and the confirmed role’s dashboard once, when the session is signed in', async () => {
    const harness = await sessionIn('confirming', { session: { ...BACKEND_SESSION, defaultRoleId: 4, roles: [4] } });
    installSessionActor(harness.actor);
    stop = prefetchAfterSignIn();
    expect(preloaded).toEqual({ pages: [], shell: 0 });
    harness.fakes.fetchMe.last().resolve(confirmedOf({ ...BACKEND_SESSION, defaultRoleId: 4, roles: [4] }));
    await harness.settle();
    const userDashboard = findRoute('/user/dashboard');
    if (!userDashboard) throw new Error('no /user/dashboard route');
    expect(preloaded.shell).toBe(1);
    expect(preloaded.pages).toEqual([pageLoader(userDashboard)]);
    harness.actor.send({ type: 'session.lock' });
    await harness.settle();
    expect(preloaded.shell).toBe(1);
  });
});
