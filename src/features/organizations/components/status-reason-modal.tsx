import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface StatusRequest {
  action: 'suspend' | 'activate' | 'archive';
  /** One organization (its id and name) or several (the selection). */
  ids: string[];
  label: string;
  /** From the bulk bar (one request for the selection). */
  bulk: boolean;
  /** The reason already given: asked again after a failure, the dialog shows it again. */
  reason: string;
  /** Why the confirmed change failed (translated), or null. */
  error: string | null;
}

/**
 * Asks why before an organization's status changes. Suspending and reactivating need a reason (the
 * server refuses an empty one too); archiving may give one. The reason goes to the audit log.
 */
export function StatusReasonModal({
  request,
  busy,
  onConfirm,
  onCancel,
}: {
  request: StatusRequest | null;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={request !== null}
      onClose={onCancel}
      title={request ? t(`organizations.statusDialog.${request.action}Title`, { name: request.label, count: request.ids.length }) : ''}
      centered
    >
      {/* A new question starts from its own answer (empty, or the one kept after a failure). */}
      {request && (
        <StatusReasonForm
          key={`${request.action}:${request.ids.join(',')}`}
          request={request}
          busy={busy}
          onConfirm={onConfirm}
          onCancel={onCancel}
        />
      )}
    </Modal>
  );
}

function StatusReasonForm({
  request,
  busy,
  onConfirm,
  onCancel,
}: {
  request: StatusRequest;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState(request.reason);
  const [touched, setTouched] = useState(false);
  const required = request.action !== 'archive';
  const missing = required && reason.trim() === '';
  return (
    <form
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        setTouched(true);
        if (missing) return;
        // The dialog stays open until the change succeeds; a failure keeps what was typed.
        onConfirm(reason.trim());
      }}
    >
      <Stack gap="sm">
        <Text size="sm">{t(`organizations.statusDialog.${request.action}Text`, { count: request.ids.length })}</Text>
        {request.error && !busy && (
          <Alert color="red" role="alert">
            {request.error}
          </Alert>
        )}
        <Textarea
          label={t('organizations.statusDialog.reason')}
          required={required}
          autosize
          minRows={2}
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.currentTarget.value)}
          error={touched && missing ? t('organizations.errors.reasonRequired') : undefined}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" loading={busy} color={request.action === 'activate' ? undefined : 'orange'}>
            {t(`organizations.actions.${request.action}`)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
