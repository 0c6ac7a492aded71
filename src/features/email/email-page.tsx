import { useMemo } from 'react';
import { Redirect, useLocation } from 'wouter';
import { parseMailPath } from '@machines/email/mail-location';
import type { ShowLocationParams } from '@machines/email/mailbox.machine';
import { EmailScreen } from './components/email-screen/email-screen';
import { createMailboxLogic, type MailboxLogic } from './hooks/mailbox-machine';

/**
 * The mailbox at the router: the URL (/apps/email, /apps/email/:folder, /apps/email/label/:label, each with
 * an optional /:id of the opened email) goes into the mailbox machine, and the machine's `showLocation`
 * (open, close, an email that left the folder) is the router's navigate.
 */
export function EmailRoute({ logic }: { logic: MailboxLogic }) {
  const [path, navigate] = useLocation();
  const routed = useMemo(
    () =>
      logic.provide({ actions: { showLocation: (_, params: ShowLocationParams) => navigate(params.path, { replace: params.replace }) } }),
    [logic, navigate],
  );
  const location = parseMailPath(path);
  if (location === null) return <Redirect to="/apps/email/inbox" replace />;
  return <EmailScreen logic={routed} location={location} />;
}

export default function EmailPage() {
  const logic = useMemo(() => createMailboxLogic(), []);
  return <EmailRoute logic={logic} />;
}
