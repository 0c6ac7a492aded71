import { useState } from 'react';
import { Alert, Anchor, Button, Flex, Stack, Textarea, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useTranslation } from 'react-i18next';
import { COMPOSE_TEXT_RULES, type ComposeField } from '@machines/email/compose.machine';
import type { ComposeActorRef } from '@machines/email/mailbox.machine';
import { TEXT_CODES, useCharacterCounter, useFieldErrorText } from '@/lib/field-error-text';
import { selectComposeFailure, selectFieldErrors, selectFields, selectIsSavingDraft, selectIsSending } from '../../selectors';

/**
 * The composer's form, bound to a compose actor: a new message (modal) or a reply (inline).
 * Everything typed lives in the actor, so a failed send keeps it.
 */
export function ComposeForm({
  actorRef,
  variant,
  onCancel,
}: {
  actorRef: ComposeActorRef;
  variant: 'new' | 'reply';
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const fields = useSelector(actorRef, selectFields);
  const errors = useSelector(actorRef, selectFieldErrors);
  const failure = useSelector(actorRef, selectComposeFailure);
  const sending = useSelector(actorRef, selectIsSending);
  const saving = useSelector(actorRef, selectIsSavingDraft);
  // Whether the Cc/Bcc inputs are shown: view state only.
  const [showCopies, setShowCopies] = useState(fields.cc !== '' || fields.bcc !== '');
  const working = sending || saving;

  const change = (field: ComposeField) => (e: { currentTarget: { value: string } }) =>
    actorRef.send({ type: 'compose.change', field, value: e.currentTarget.value });
  const textErrorOf = useFieldErrorText('email', 'fieldErrors');
  const counter = useCharacterCounter();
  const errorOf = (field: ComposeField) => {
    const code = errors[field];
    if (!code) return undefined;
    if (TEXT_CODES.has(code)) {
      const max = field === 'subject' || field === 'message' ? COMPOSE_TEXT_RULES[field].max : undefined;
      return textErrorOf(code, { label: t(`email.compose.${field}`), max });
    }
    return t(`email.fieldErrors.${code}`, { defaultValue: t('email.fieldErrors.invalid') });
  };

  return (
    <form
      noValidate
      aria-label={t(variant === 'reply' ? 'email.compose.replyTitle' : 'email.compose.title')}
      onSubmit={(e) => {
        e.preventDefault();
        actorRef.send({ type: 'compose.send' });
      }}
      onKeyDown={(e) => {
        // Ctrl/Cmd+Enter sends from anywhere in the form.
        if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          actorRef.send({ type: 'compose.send' });
        }
      }}
    >
      <Stack gap="sm">
        {failure ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('email.compose.failedTitle')} role="alert">
            {failure.status === 422 ? t('email.compose.failedInvalid') : t('email.compose.failedText')}
          </Alert>
        ) : null}
        <TextInput
          label={t('email.compose.to')}
          placeholder={t('email.compose.addressesPlaceholder')}
          value={fields.to}
          onChange={change('to')}
          error={errorOf('to')}
          disabled={working}
          data-autofocus={variant === 'new' ? true : undefined}
          rightSectionWidth={90}
          rightSection={
            showCopies ? null : (
              <Anchor component="button" type="button" size="xs" onClick={() => setShowCopies(true)}>
                {t('email.compose.showCopies')}
              </Anchor>
            )
          }
        />
        {showCopies ? (
          <>
            <TextInput label={t('email.compose.cc')} value={fields.cc} onChange={change('cc')} error={errorOf('cc')} disabled={working} />
            <TextInput
              label={t('email.compose.bcc')}
              value={fields.bcc}
              onChange={change('bcc')}
              error={errorOf('bcc')}
              disabled={working}
            />
          </>
        ) : null}
        <TextInput
          label={t('email.compose.subject')}
          description={counter(fields.subject, COMPOSE_TEXT_RULES.subject.max)}
          value={fields.subject}
          onChange={change('subject')}
          error={errorOf('subject')}
          disabled={working}
        />
        <Textarea
          label={t('email.compose.message')}
          value={fields.message}
          onChange={change('message')}
          error={errorOf('message')}
          disabled={working}
          autosize
          minRows={variant === 'reply' ? 4 : 8}
          maxRows={20}
          data-autofocus={variant === 'reply' ? true : undefined}
          autoFocus={variant === 'reply'}
          description={t('email.compose.shortcut')}
        />
        {/* On a phone the three buttons were three ragged rows (Discard, then Save draft, then Send, each as wide as
            its words): there they stack at full width, in the same order as the keyboard reaches them. */}
        <Flex direction={{ base: 'column', xs: 'row' }} justify="space-between" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={working}>
            {t(variant === 'reply' ? 'common.cancel' : 'email.compose.discard')}
          </Button>
          <Flex direction={{ base: 'column', xs: 'row' }} gap="xs">
            <Button
              variant="light"
              leftSection={<IconDeviceFloppy size={18} aria-hidden />}
              loading={saving}
              disabled={sending}
              onClick={() => actorRef.send({ type: 'compose.saveDraft' })}
            >
              {t('email.compose.saveDraft')}
            </Button>
            <Button type="submit" leftSection={<IconSend size={18} aria-hidden />} loading={sending} disabled={saving}>
              {t('email.compose.send')}
            </Button>
          </Flex>
        </Flex>
      </Stack>
    </form>
  );
}
