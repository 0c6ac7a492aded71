import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { mailPath, type MailLocation } from '@machines/email/mail-location';
import { useActorEvents, useSendOnChange } from '@/components/actor-bridges';
import { useSessionUser } from '@/lib/session';
import type { MailboxLogic } from './mailbox-machine';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';

/** Runs the mailbox actor for the page: hands it the URL's location and turns its notices into toasts. */
export function useMailbox(logic: MailboxLogic, location: MailLocation) {
  const { t } = useTranslation();
  const user = useSessionUser();
  const actorRef = useScreenActor(logic, {
    input: { filter: location.filter, openId: location.openId, me: { email: user?.email ?? '', name: user?.displayName ?? '' } },
  });

  // The URL is the machine's input: every change (link, Back/Forward, the machine's own navigation) goes in;
  // the machine ignores what it already shows.
  const { filter, openId } = location;
  useSendOnChange(actorRef, mailPath(location), () => ({ type: 'mailbox.location' as const, filter, openId }));

  useActorEvents(actorRef, {
    notice: (notice) => {
      const message =
        notice.key === 'bulkDone' || notice.key === 'bulkFailed'
          ? t(`email.notify.${notice.key}.${notice.action}`, { count: notice.count })
          : notice.key === 'emailFailed'
            ? t(`email.notify.emailFailed.${notice.action}`)
            : t(`email.notify.${notice.key}`);
      notifications.show({ color: notice.tone === 'error' ? 'red' : 'green', message, autoClose: notice.tone === 'error' ? 6000 : 3000 });
    },
  });

  return actorRef;
}
