import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { useActorEvents } from '@/components/actor-bridges';
import { useSessionActor } from '@/lib/session/light';

/** Events the embedded backend dispatches on window (mirage/persistence.ts). */
export const PERSIST_FAILED_EVENT = 'mirage:persist-failed';
export const PERSIST_RESET_EVENT = 'mirage:persist-reset';

declare global {
  interface Window {
    /** Set by the embedded backend (mirage/browser.ts) in demo mode. */
    mirageStatus?: { persistFailed: boolean; dataReset: boolean; dropped?: Record<string, number>; restored?: string[] };
  }
}

/**
 * App-wide session side effects: turns the session's announcements into notifications (once its actor has
 * started: src/lib/session/current.ts), and the embedded backend's storage problems. The actor is started by
 * src/main.tsx (at once for a stored session) and by a session-first page's loader (src/app/routes.ts), not here.
 */
export function SessionEffects() {
  const { t } = useTranslation();
  const actor = useSessionActor();
  useActorEvents(actor, {
    // The guard sends protected pages to /login?to=<path> once the session ended; this says why.
    sessionExpired: ({ reason }) =>
      notifications.show({
        id: 'session-expired',
        color: 'yellow',
        title: t('auth.sessionExpiredTitle'),
        message: t(reason === 'renewalFailed' ? 'auth.renewalFailed' : 'auth.sessionExpired'),
      }),
  });
  useEffect(() => {
    const onPersistFailed = () =>
      notifications.show({
        id: 'mirage-persist-failed',
        color: 'red',
        title: t('auth.persistFailedTitle'),
        message: t('auth.persistFailed'),
        autoClose: false,
      });
    // The backend replaced unusable stored data with fresh demo data, or dropped unreadable rows.
    const onPersistReset = () => {
      const status = window.mirageStatus;
      if (!status) return;
      if (status.dataReset) {
        notifications.show({ color: 'yellow', title: t('auth.persistResetTitle'), message: t('auth.persistReset') });
        return;
      }
      const dropped = Object.values(status.dropped ?? {}).reduce((a, b) => a + b, 0);
      const restored = status.restored ?? [];
      const message = [
        dropped > 0 ? t('auth.persistRepaired', { count: dropped }) : '',
        restored.length > 0 ? t('auth.persistRestored', { accounts: restored.join(', ') }) : '',
      ].filter(Boolean);
      if (message.length > 0) {
        notifications.show({ color: 'yellow', title: t('auth.persistRepairedTitle'), message: message.join(' '), autoClose: false });
      }
    };
    // Problems from before this mounted (the backend starts before the app renders).
    if (window.mirageStatus?.persistFailed) onPersistFailed();
    onPersistReset();
    window.addEventListener(PERSIST_FAILED_EVENT, onPersistFailed);
    window.addEventListener(PERSIST_RESET_EVENT, onPersistReset);
    return () => {
      window.removeEventListener(PERSIST_FAILED_EVENT, onPersistFailed);
      window.removeEventListener(PERSIST_RESET_EVENT, onPersistReset);
    };
  }, [t]);
  return null;
}
