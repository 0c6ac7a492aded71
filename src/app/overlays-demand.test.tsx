import { beforeEach, describe, expect, it, vi } from 'vitest';

// Module state (wanted, held modals) and Mantine's toast store are per import: each test starts fresh.
async function fresh() {
  vi.resetModules();
  const demand = await import('./overlays-demand');
  const { notifications } = await import('@mantine/notifications');
  const { modals } = await import('@mantine/modals');
  const changed = vi.fn();
  demand.subscribeOverlayDemand(changed);
  return { ...demand, notifications, modals, changed };
}

describe('overlays demand (/login loads no toasts or modals host until one is needed)', () => {
  beforeEach(() => vi.resetModules());

  it('is not wanted on a first load with no toast, modal or press', async () => {
    const { overlaysWanted, changed } = await fresh();
    expect(overlaysWanted()).toBe(false);
    expect(changed).not.toHaveBeenCalled();
  });

  it('is wanted by the first toast, which waits in the store until the container mounts', async () => {
    const { overlaysWanted, notifications, changed } = await fresh();
    notifications.show({ message: 'Login failed' });
    expect(overlaysWanted()).toBe(true);
    expect(changed).toHaveBeenCalledTimes(1);
  });

  it('is wanted by the first key press', async () => {
    const { overlaysWanted } = await fresh();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(overlaysWanted()).toBe(true);
  });

  it('holds a modal asked for before the host listens and opens it once, when the host mounts', async () => {
    const { overlaysWanted, modals, replayHeldModals } = await fresh();
    modals.openConfirmModal({ modalId: 'reset', title: 'Reset the demo data?' });
    expect(overlaysWanted()).toBe(true);
    const host = vi.fn((event: Event) => (event as CustomEvent<{ modalId: string }>).detail.modalId);
    window.addEventListener('mantine-modals:openConfirmModal', host);
    try {
      replayHeldModals();
      expect(host).toHaveReturnedWith('reset');
      expect(host).toHaveBeenCalledTimes(1);
      // Later modals reach the host directly, not twice.
      modals.openConfirmModal({ modalId: 'next' });
      expect(host).toHaveBeenCalledTimes(2);
    } finally {
      window.removeEventListener('mantine-modals:openConfirmModal', host);
    }
  });
});
