import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';

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
// jsdom lays nothing out (every box is 0×0): Recharts' ResponsiveContainer measures its box once when it mounts
// and warns "The width(0) and height(0) of chart should be greater than 0". Its box gets a desktop card's size,
// so the charts render their axes and marks as in a browser.
const { getBoundingClientRect } = Element.prototype;
Element.prototype.getBoundingClientRect = function (this: Element) {
  return this.classList.contains('recharts-responsive-container') ? new DOMRect(0, 0, 640, 280) : getBoundingClientRect.call(this);
};
Element.prototype.scrollIntoView = vi.fn();
// mantine-datatable scrolls its viewport back to the top on a page change.
Element.prototype.scrollTo = vi.fn();
Object.defineProperty(window, 'scrollTo', { writable: true, value: vi.fn() });
const { getComputedStyle } = window;
window.getComputedStyle = (elt: Element) => getComputedStyle(elt);

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
