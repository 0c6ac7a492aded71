import { useMemo } from 'react';
import { Redirect, useRoute } from 'wouter';
import { isEmailLabel, isMailFolder, type MailFilter } from '@machines/email/types';
import { EmailScreen } from './components/email-screen/email-screen';
import { createMailboxLogic } from './email-logic';

/** /apps/email (inbox), /apps/email/:folder (a folder or "starred") and /apps/email/label/:label. */
export default function EmailPage() {
  const [isLabel, labelParams] = useRoute<{ label: string }>('/apps/email/label/:label');
  const [isFolder, folderParams] = useRoute<{ folder: string }>('/apps/email/:folder');
  const logic = useMemo(() => createMailboxLogic(), []);
  let filter: MailFilter | null = 'inbox';
  if (isLabel) filter = isEmailLabel(labelParams.label) ? labelParams.label : null;
  else if (isFolder) filter = isMailFolder(folderParams.folder) || folderParams.folder === 'starred' ? (folderParams.folder as MailFilter) : null;
  if (filter === null) return <Redirect to="/apps/email/inbox" replace />;
  return <EmailScreen logic={logic} filter={filter} />;
}
