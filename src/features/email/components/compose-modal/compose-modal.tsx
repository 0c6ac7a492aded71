import { Modal } from '@mantine/core';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useMailboxRef } from '../../email-context';
import { selectComposer } from '../../selectors';
import { ComposeForm } from '../compose-form/compose-form';

/** The new-message (or draft) composer, open while the mailbox's composer runs. */
export function ComposeModal() {
  const { t } = useTranslation();
  const mailbox = useMailboxRef();
  const composer = useSelector(mailbox, selectComposer);
  const isDraft = useSelector(composer, (s) => (s ? s.context.draftId !== null : false));
  const close = () => mailbox.send({ type: 'mailbox.compose.close' });
  return (
    <Modal opened={composer !== undefined} onClose={close} title={t(isDraft ? 'email.compose.draftTitle' : 'email.compose.title')} size="lg">
      {composer ? <ComposeForm actorRef={composer} variant="new" onCancel={close} /> : null}
    </Modal>
  );
}
