import '@testing-library/jest-dom/vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { makeElementErrorsLazy } from './support/lazy-element-errors';
import { memoizeComputedStyle } from './support/memo-computed-style';
import { quickRejectSelectors } from './support/quick-reject-selectors';
import { skipReactOwnerStacks } from './support/react-owner-stacks';

/**
 * jsdom's getComputedStyle matches the element and each of its ancestors against its whole default stylesheet (111
 * rules, 377 selectors) after every DOM change: ~40 % of a screen test's CPU (dom-accessibility-api's isHidden in
 * every query by name, user-event's pointer-events check, Mantine's textarea autosize on every key). What the tests
 * ask of it is which elements are hidden, so the sheet keeps only the rules that set display, visibility or
 * pointer-events (32 rules, 95 selectors): those three resolve exactly as before; margins and fonts, which jsdom
 * lays out nowhere, come from the app's styles alone. Patched once per process, before jsdom parses the sheet.
 */
function trimJsdomDefaultStyleSheet(): void {
  interface Sheet {
    cssRules: ArrayLike<{ style?: { length: number; [index: number]: string } }>;
    deleteRule(index: number): void;
  }
  interface Cssom {
    parse: (text: string, ...rest: unknown[]) => Sheet;
    suaTrimmed?: boolean;
  }
  let cssom: Cssom;
  let uaSheet: string;
  try {
    const jsdomRequire = createRequire(createRequire(import.meta.url).resolve('jsdom'));
    cssom = jsdomRequire('@acemir/cssom') as Cssom;
    uaSheet = readFileSync(join(dirname(jsdomRequire.resolve('jsdom')), 'jsdom/browser/default-stylesheet.css'), 'utf8');
  } catch {
    // Another jsdom keeps its files elsewhere: its whole sheet is used (slower, same results).
    return;
  }
  if (cssom.suaTrimmed) return;
  cssom.suaTrimmed = true;
  const KEPT = /^(display|visibility|pointer-events)$/;
  const { parse } = cssom;
  cssom.parse = (text, ...rest) => {
    const sheet = parse(text, ...rest);
    if (text !== uaSheet) return sheet;
    for (let i = sheet.cssRules.length - 1; i >= 0; i -= 1) {
      const style = sheet.cssRules[i]?.style;
      if (style && !Array.from({ length: style.length }, (_, k) => style[k] ?? '').some((property) => KEPT.test(property)))
        sheet.deleteRule(i);
    }
    return sheet;
  };
}
trimJsdomDefaultStyleSheet();
makeElementErrorsLazy();
skipReactOwnerStacks();

// Mantine needs these browser APIs that jsdom lacks.
// An empty query matches everything in browsers (mantine-datatable hides columns whose media query fails).
// The test browser prefers reduced motion: the theme then turns Mantine's transitions off, so no
// transition timer changes state after the event that caused it (outside act).
const MATCHING_QUERIES = new Set(['', 'all', '(prefers-reduced-motion: reduce)']);
const matchMedia = (query: string): MediaQueryList =>
  ({
    matches: MATCHING_QUERIES.has(query.trim()),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as MediaQueryList;
Object.defineProperty(window, 'matchMedia', { writable: true, value: vi.fn(matchMedia) });

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
Object.defineProperty(document, 'fonts', {
  configurable: true,
  value: { ready: Promise.resolve(), addEventListener: () => undefined, removeEventListener: () => undefined },
});
Element.prototype.scrollIntoView = vi.fn();
// mantine-datatable scrolls its viewport back to the top on a page change.
Element.prototype.scrollTo = vi.fn();
Object.defineProperty(window, 'scrollTo', { writable: true, value: vi.fn() });
// Without the pseudo-element argument (jsdom only reports it as not implemented), kept between DOM changes.
memoizeComputedStyle(window);
quickRejectSelectors(document);

afterEach(() => {
  cleanup();
  // Files share a worker (vite.config.ts): a test that faked the clock never hands it to the next file.
  vi.useRealTimers();
  // Mantine's toast store is global: no toast carries over into the next test. Cleaned after the
  // unmount, so no mounted <Notifications> re-renders outside act(...).
  notifications.clean();
  localStorage.clear();
  sessionStorage.clear();
});

// Test files of the 'dom' project share one module graph per worker (vite.config.ts): a session actor that a
// file installed (createSessionHarness) or started never reaches the next file. Imported late so that files
// mocking modules ('dom-isolated') load it only after their own tests.
afterAll(async () => {
  const { resetSessionActor } = await import('@/lib/session/service');
  // The live connection is the session's child: it stops with it.
  resetSessionActor();
});
