import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// Mantine needs these browser APIs that jsdom lacks.
// An empty query matches everything in browsers (mantine-datatable hides columns whose media query fails).
const matchMedia = (query: string): MediaQueryList =>
  ({
    matches: query.trim() === '' || query.trim() === 'all',
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
const { getComputedStyle } = window;
window.getComputedStyle = (elt: Element) => getComputedStyle(elt);

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
