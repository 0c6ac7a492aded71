import { afterEach, describe, expect, it, vi } from 'vitest';
import { installSessionActor } from '@/lib/session';
import { BACKEND_SESSION, confirmedOf, sessionIn } from '@machines/testing/session-harness';
import type * as LazyPage from './lazy-page';
import { prefetchAfterSignIn } from './prefetch';
import { findRoute, pageLoader } from './routes';

const preloaded = vi.hoisted(() => ({ pages: [] as unknown[], shell: 0 }));
vi.mock('./lazy-page', async (importOriginal) => ({
  ...(await importOriginal<typeof LazyPage>()),
  preloadPage: (load: unknown) => {
    preloaded.pages.push(load);
    return Promise.resolve();
  },
}));
vi.mock('./router', () => ({
  preloadShell: () => {
    preloaded.shell += 1;
    return Promise.resolve();
  },
}));

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
