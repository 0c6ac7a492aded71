import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A confirmation driven by a machine state (opened = the machine is in its confirming state). */
export function ConfirmModal({
  opened,
  title,
  children,
  confirmLabel,
  cancelLabel,
  onConfirm,
  onCancel,
  danger,
  busy,
}: {
  opened: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  danger?: boolean;
  busy?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered closeButtonProps={{ 'aria-label': t('common.close') }}>
      <Stack>
        {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button color={danger ? 'red' : undefined} onClick={onConfirm} loading={busy} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The editor machine's delete confirmation: open while a candidate (its label) awaits confirmation. */
export function DeleteConfirmModal({
  candidateLabel,
  onConfirm,
  onCancel,
}: {
  candidateLabel: string | null;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      opened={candidateLabel !== null}
      title={t('data-list.confirmDeleteTitle', { label: candidateLabel ?? '' })}
      confirmLabel={t('common.delete')}
      onConfirm={onConfirm}
      onCancel={onCancel}
      danger
    >
      {t('data-list.confirmDeleteText')}
    </ConfirmModal>
  );
}
