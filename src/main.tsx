import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startBackend } from './app/backend';
import { afterFirstScreen } from './app/first-screen';
import { preloadPage } from './app/lazy-page';
import { preloadShell } from './app/router';
import { prefetchAfterSignIn } from './app/prefetch';
import { findRoute, needsSessionFirst, pageLoader } from './app/routes';
import { createI18n, loadLanguage, readStoredLanguage } from './lib/i18n';
import { startInspection } from './lib/inspection';
import { oidcSettings, preloadOidc, preloadSessionCalls, sessionNeededAtStart, startSession } from './lib/session/light';

// Before any actor starts: the machine explorer's log then holds the whole visit (docs/statecharts.md).
startInspection();

// The embedded backend (demo mode) starts in parallel and never delays the first paint: public pages and
// the login form render at once, and API requests wait for the backend.
// A remote build has none: `import.meta.env.VITE_API_MODE` is a constant there, so this code is not in its entry.
if (import.meta.env.VITE_API_MODE !== 'remote') {
  startBackend().catch((error: unknown) => {
    // The app still renders: screens show their own request errors instead of a blank page.
    console.error('The embedded backend failed to start', error);
  });
}

// The current page's route: its chunk (and the translations it needs) start downloading now, in parallel with
// React's start, not after the router renders.
const route = findRoute(window.location.pathname);

// The session's actor, its machine and XState (src/lib/session/current.ts): the sign-in page and the status pages
// render without them, so they load once the first screen is painted. A stored session to restore (a signed-in
// visitor, of /login too: the guard waits for the actor's word, never shows the form), the lock screen and the
// identity provider's callback need the actor for their first screen: it loads now, and the first render waits.
// Later, a session-first page's loader starts it (src/app/routes.ts): no component starts it.
const sessionFirst = sessionNeededAtStart() || (route !== undefined && needsSessionFirst(route));
const startSessionNow = (): Promise<unknown> =>
  startSession().catch((error: unknown) => {
    // The guard keeps waiting (a spinner) and the next navigation tries again.
    console.error('The session could not start', error);
  });
const sessionReady = sessionFirst ? startSessionNow() : Promise.resolve();

// Code the first paint does not need but a click soon may: the session (it also follows a sign-in in another
// tab) and the identity provider's sign-in, once the first screen is painted, so neither waits for the other.
// The signed-in pages wait for a sign-in, and then only the role's first screen comes early (./app/prefetch.ts).
void afterFirstScreen().then(() => {
  void startSessionNow();
  prefetchAfterSignIn();
  if (oidcSettings()) preloadOidc();
});
// Sign-in's HTTP calls (the API client) at the visitor's first key or pointer press: typing a password takes
// longer than their download, and a visit that never signs in does not fetch them (issue 46 §4).
const preloadCallsOnce = () => {
  for (const type of ['pointerdown', 'keydown']) window.removeEventListener(type, preloadCallsOnce, true);
  void sessionReady.then(startSessionNow).then(preloadSessionCalls);
};
for (const type of ['pointerdown', 'keydown']) window.addEventListener(type, preloadCallsOnce, { capture: true, passive: true });

// The first render waits for the page's chunk, the app shell for a signed-in page and the session where it is
// needed, so the page renders at once instead of behind a loader that React holds for its throttled reveal.
const pageLoaded = Promise.all([
  route ? preloadPage(pageLoader(route)) : undefined,
  route && !route.bare ? preloadShell() : undefined,
  sessionReady,
]);
// A stalled download never holds the app back: after 3 s it renders, with its loader and chunk timeout.
const pageReady = Promise.race([pageLoaded, new Promise((resolve) => setTimeout(resolve, 3000))]);

function render() {
  const container = document.getElementById('app');
  if (!container) throw new Error('#app element missing from index.html');
  const root = createRoot(container);
  // A transition: React renders the first screen in slices, yielding to the browser in between, instead of
  // one long task that blocks input (Lighthouse's Total Blocking Time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App i18n={createI18n()} />
      </StrictMode>,
    );
  });
}

// English ships with the entry; another stored language is one small chunk, loaded before the first render.
const language = readStoredLanguage();
const languageReady = language === 'en' ? Promise.resolve() : loadLanguage(language).catch(() => undefined);
void Promise.all([pageReady, languageReady]).then(render);
