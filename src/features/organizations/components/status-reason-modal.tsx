import { useState } from 'react';
import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface StatusRequest {
  action: 'suspend' | 'activate' | 'archive';
  /** One organization (its id and name) or several (the selection). */
  ids: string[];
  label: string;
  /** From the bulk bar (one request for the selection). */
  bulk: boolean;
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
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const required = request?.action !== 'archive';
  const missing = required && reason.trim() === '';
  const close = () => {
    setReason('');
    setTouched(false);
    onCancel();
  };
  return (
    <Modal
      opened={request !== null}
      onClose={close}
      title={request ? t(`organizations.statusDialog.${request.action}Title`, { name: request.label, count: request.ids.length }) : ''}
      centered
    >
      <form
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setTouched(true);
          if (missing) return;
          onConfirm(reason.trim());
          setReason('');
          setTouched(false);
        }}
      >
        <Stack gap="sm">
          {request && <Text size="sm">{t(`organizations.statusDialog.${request.action}Text`, { count: request.ids.length })}</Text>}
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
            <Button variant="default" onClick={close} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={busy} color={request?.action === 'activate' ? undefined : 'orange'}>
              {request ? t(`organizations.actions.${request.action}`) : ''}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
