import { useEffect } from 'react';
import { notifications } from '@mantine/notifications';
import { useActorRef } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import type { MailFilter } from '@machines/email/types';
import { useSessionUser } from '@/lib/session';
import type { MailboxLogic } from '../email-logic';

/** Runs the mailbox actor for the page: follows the route's folder or label and turns its notices into toasts. */
export function useMailbox(logic: MailboxLogic, filter: MailFilter) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const actorRef = useActorRef(logic, {
    input: { filter, me: { email: user?.email ?? '', name: user?.displayName ?? '' } },
  });

  useEffect(() => {
    if (actorRef.getSnapshot().context.filter !== filter) actorRef.send({ type: 'mailbox.filter', filter });
  }, [actorRef, filter]);

  useEffect(() => {
    const sub = actorRef.on('notice', (notice) => {
      const message =
        notice.key === 'bulkDone' || notice.key === 'bulkFailed'
          ? t(`email.notify.${notice.key}.${notice.action}`, { count: notice.count })
          : notice.key === 'emailFailed'
            ? t(`email.notify.emailFailed.${notice.action}`)
            : t(`email.notify.${notice.key}`);
      notifications.show({ color: notice.tone === 'error' ? 'red' : 'green', message, autoClose: notice.tone === 'error' ? 6000 : 3000 });
    });
    return () => sub.unsubscribe();
  }, [actorRef, t]);

  return actorRef;
}
