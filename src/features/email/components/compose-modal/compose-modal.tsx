import { Modal, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { useMailboxRef } from '../../hooks/use-mailbox-ref';
import { selectComposer } from '../../selectors';
import { ComposeForm } from '../compose-form/compose-form';

/** The new-message (or draft) composer, open while the mailbox's composer runs. */
export function ComposeModal() {
  const { t } = useTranslation();
  const mailbox = useMailboxRef();
  const composer = useSelector(mailbox, selectComposer);
  const isDraft = useSelector(composer, (s) => (s ? s.context.draftId !== null : false));
  const hasText = useSelector(composer, (s) => (s ? Object.values(s.context.fields).some((v) => v.trim() !== '') : false));
  const close = () => mailbox.send({ type: 'mailbox.compose.close' });
  // Typed text is never dropped silently: closing asks first.
  const requestClose = () => {
    if (!hasText) {
      close();
      return;
    }
    modals.openConfirmModal({
      title: t('email.compose.discardTitle'),
      children: <Text size="sm">{t('email.compose.discardText')}</Text>,
      labels: { confirm: t('email.compose.discardConfirm'), cancel: t('email.compose.keepEditing') },
      confirmProps: { color: 'red' },
      onConfirm: close,
    });
  };
  return (
    <Modal
      opened={composer !== undefined}
      onClose={requestClose}
      title={t(isDraft ? 'email.compose.draftTitle' : 'email.compose.title')}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {composer ? <ComposeForm actorRef={composer} variant="new" onCancel={requestClose} /> : null}
    </Modal>
  );
}
