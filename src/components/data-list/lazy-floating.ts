import { useLayoutEffect, useRef, useState, type FocusEvent, type RefObject } from 'react';
import { flushSync } from 'react-dom';

/** Marks an element inside a lazy part: keyboard focus returns to the element with the same key once the full part is mounted. */
export const LAZY_KEY = 'data-lazy-key';

/**
 * Mounts a table cell's floating parts (Mantine tooltips and menus, each with its floating-ui hooks and portal) only when the
 * pointer or keyboard focus first reaches the cell, so a page change does not mount them for every row. The cell renders the
 * same buttons without them until then. Swapping them in remounts the buttons, so
 * the switch is synchronous (before the pointer's next event) and focus is put back on the element it was on (by `data-lazy-key`).
 */
export function useLazyFloating<E extends HTMLElement>(): {
  active: boolean;
  ref: RefObject<E | null>;
  activate: () => void;
  handlers: { onPointerEnter: () => void; onFocus: (event: FocusEvent) => void };
} {
  const [active, setActive] = useState(false);
  const ref = useRef<E | null>(null);
  const refocus = useRef<string | null>(null);
  useLayoutEffect(() => {
    const key = refocus.current;
    if (!active || key === null) return;
    refocus.current = null;
    const root = ref.current;
    const target = root?.getAttribute(LAZY_KEY) === key ? root : root?.querySelector<HTMLElement>(`[${LAZY_KEY}="${key}"]`);
    target?.focus();
  }, [active]);
  const activate = () => {
    if (active) return;
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && ref.current?.contains(focused)) refocus.current = focused.getAttribute(LAZY_KEY);
    flushSync(() => setActive(true));
  };
  return { active, ref, activate, handlers: { onPointerEnter: activate, onFocus: activate } };
}
