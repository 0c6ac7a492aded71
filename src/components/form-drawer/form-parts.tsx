import { useEffect, type ReactNode } from 'react';
import { Alert, Button, Drawer, Group, type MantineSpacing } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '@/components/data-list';

/** The "could not be saved" alert at the top of an editor form; the text says why. */
export function FormSaveError({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle aria-hidden />} title={t('data-list.saveFailed')} role="alert">
      {children}
    </Alert>
  );
}

/**
 * Cancel and submit at the foot of an editor form. The bar sticks to the bottom of the drawer or modal
 * while the form scrolls, so Save stays in reach on a short screen (1280×800, phones).
 */
export function FormActions({
  onCancel,
  busy,
  submitLabel,
  cancelDisabled = false,
  mt,
}: {
  onCancel: () => void;
  busy: boolean;
  submitLabel: string;
  cancelDisabled?: boolean;
  mt?: MantineSpacing;
}) {
  const { t } = useTranslation();
  return (
    <Group
      justify="flex-end"
      mt={mt}
      pos="sticky"
      bottom={0}
      py="sm"
      bg="var(--mantine-color-body)"
      data-sticky-actions
      style={{ zIndex: 2, borderTop: '1px solid var(--mantine-color-default-border)' }}
    >
      <Button variant="default" onClick={onCancel} disabled={cancelDisabled}>
        {t('common.cancel')}
      </Button>
      <Button type="submit" loading={busy}>
        {submitLabel}
      </Button>
    </Group>
  );
}

/** Asks before unsaved changes are thrown away (the editor machine's confirmingDiscard). */
export function DiscardChangesModal({ opened, onConfirm, onCancel }: { opened: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmModal
      opened={opened}
      title={t('data-list.discardTitle')}
      confirmLabel={t('data-list.discard')}
      cancelLabel={t('data-list.keepEditing')}
      onConfirm={onConfirm}
      onCancel={onCancel}
      danger
    >
      {t('data-list.discardText')}
    </ConfirmModal>
  );
}

/** Leaving the page with unsaved changes asks the browser's own question. */
export function useWarnBeforeUnload(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return undefined;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/**
 * The right-hand drawer an editor form lives in, with the discard question and the unload warning.
 * Focus stays trappable by the question while it is asked.
 */
export function FormDrawer({
  opened,
  title,
  dirty,
  confirmingDiscard,
  onClose,
  onDiscardConfirm,
  onDiscardCancel,
  children,
}: {
  opened: boolean;
  title: string;
  dirty: boolean;
  confirmingDiscard: boolean;
  onClose: () => void;
  onDiscardConfirm: () => void;
  onDiscardCancel: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  useWarnBeforeUnload(dirty);
  return (
    <>
      <Drawer
        opened={opened}
        onClose={onClose}
        title={title}
        position="right"
        size="md"
        closeButtonProps={{ 'aria-label': t('common.close') }}
        trapFocus={!confirmingDiscard}
      >
        {children}
      </Drawer>
      <DiscardChangesModal opened={confirmingDiscard} onConfirm={onDiscardConfirm} onCancel={onDiscardCancel} />
    </>
  );
}
