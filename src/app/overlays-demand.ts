import { notificationsStore } from '@mantine/notifications';

/**
 * When the overlays chunk (./overlays.tsx: the toasts' container, the modals host and every stylesheet the
 * public pages do not need, about 40 KB of JS) is mounted: not on /login's first load (issue 46 §4), but once
 * something needs it — a signed-in page, a toast, a modal, or the visitor's first key or pointer press.
 * A toast waits in Mantine's store until the container mounts; a modal's window event is held here and sent
 * again once the host listens (`replayHeldModals`).
 */
const MODAL_EVENTS = [
  'openModal',
  'openConfirmModal',
  'openContextModal',
  'updateModal',
  'updateContextModal',
  'closeModal',
  'closeAllModals',
].map((name) => `mantine-modals:${name}`);
const INTENT_EVENTS = ['pointerdown', 'keydown'] as const;

let wanted = false;
let watching = false;
const held: { type: string; detail: unknown }[] = [];
const listeners = new Set<() => void>();

function onModalEvent(event: Event) {
  held.push({ type: event.type, detail: (event as CustomEvent<unknown>).detail });
  wantOverlays();
}

function onIntent() {
  wantOverlays();
}

let unsubscribeToasts: (() => void) | undefined;

function stopWatching() {
  if (typeof window !== 'undefined') {
    for (const type of INTENT_EVENTS) window.removeEventListener(type, onIntent, true);
  }
  unsubscribeToasts?.();
  unsubscribeToasts = undefined;
}

/** The overlays are needed now: mount them (idempotent). */
export function wantOverlays(): void {
  if (wanted) return;
  wanted = true;
  stopWatching();
  for (const listener of listeners) listener();
}

/** Starts listening for the first need (once; src/app/providers.tsx). Modal events are held until the host is mounted. */
function watchOverlayDemand(): void {
  if (watching || typeof window === 'undefined') return;
  watching = true;
  for (const type of MODAL_EVENTS) window.addEventListener(type, onModalEvent);
  if (wanted) return;
  for (const type of INTENT_EVENTS) window.addEventListener(type, onIntent, { capture: true, passive: true });
  const hasToasts = (state: ReturnType<typeof notificationsStore.getState>) => state.notifications.length + state.queue.length > 0;
  if (hasToasts(notificationsStore.getState())) wantOverlays();
  else
    unsubscribeToasts = notificationsStore.subscribe((state) => {
      if (hasToasts(state)) wantOverlays();
    });
}

/** For useSyncExternalStore: whether the overlays should be mounted. */
export function subscribeOverlayDemand(listener: () => void): () => void {
  watchOverlayDemand();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function overlaysWanted(): boolean {
  return wanted;
}

/** Called once the modals host listens: sends the modal events that came before it again, in order. */
export function replayHeldModals(): void {
  for (const type of MODAL_EVENTS) window.removeEventListener(type, onModalEvent);
  const events = held.splice(0);
  for (const { type, detail } of events) window.dispatchEvent(new CustomEvent(type, { detail }));
}
