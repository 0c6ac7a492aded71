import { createContext, useContext } from 'react';
import type { MailboxActorRef } from '@machines/email/mailbox.machine';

export const MailboxContext = createContext<MailboxActorRef | null>(null);

/** The page's mailbox actor, for every component below the screen. */
export function useMailboxRef(): MailboxActorRef {
  const ref = useContext(MailboxContext);
  if (!ref) throw new Error('useMailboxRef outside the mailbox screen');
  return ref;
}
