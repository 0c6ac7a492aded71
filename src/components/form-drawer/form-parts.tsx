import { useEffect, type ReactNode } from 'react';
import { Alert, Button, Drawer, Group, Stack, Table, Text, type MantineSpacing } from '@mantine/core';
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

/** A record's change made elsewhere, as useEditorForm gives it. */
export interface FormConflictInfo {
  changedBy: string | null;
  changedAt: string | null;
  fields: { key: string; label: string; theirs: unknown; mine: unknown }[];
  takeTheirs: () => void;
  keepMine: () => void;
  cancel: () => void;
}

function ConflictValue({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (typeof value === 'boolean') return <>{value ? t('data-list.conflict.yes') : t('data-list.conflict.no')}</>;
  const text = Array.isArray(value)
    ? value.map(String).join(', ')
    : value === null || value === undefined
      ? ''
      : typeof value === 'object'
        ? Object.entries(value)
            .map(([key, part]) => `${key}: ${String(part)}`)
            .join(', ')
        : String(value);
  return text === '' ? (
    <Text span c="dimmed">
      {t('data-list.conflict.empty')}
    </Text>
  ) : (
    <>{text}</>
  );
}

/**
 * The record changed elsewhere while the form was open: who and when, their values beside the form's, field
 * by field, and the choice. The form keeps what was typed whatever is chosen but "take theirs".
 */
export function FormConflict({ conflict }: { conflict: FormConflictInfo }) {
  const { t, i18n } = useTranslation();
  const at = conflict.changedAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(conflict.changedAt))
    : null;
  const title =
    conflict.changedBy && at ? t('data-list.conflict.title', { name: conflict.changedBy, time: at }) : t('data-list.conflict.titleUnknown');
  return (
    <Alert color="orange" variant="light" icon={<IconAlertTriangle aria-hidden />} title={title} role="alert">
      <Stack gap="xs">
        <Text size="sm">{t('data-list.conflict.text')}</Text>
        {conflict.fields.length > 0 ? (
          <Table withTableBorder fz="sm" aria-label={t('data-list.conflict.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('data-list.conflict.field')}</Table.Th>
                <Table.Th scope="col">{t('data-list.conflict.theirs')}</Table.Th>
                <Table.Th scope="col">{t('data-list.conflict.mine')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {conflict.fields.map((row) => (
                <Table.Tr key={row.key}>
                  <Table.Th scope="row">{row.label}</Table.Th>
                  <Table.Td>
                    <ConflictValue value={row.theirs} />
                  </Table.Td>
                  <Table.Td>
                    <ConflictValue value={row.mine} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm">{t('data-list.conflict.sameValues')}</Text>
        )}
        <Group gap="xs" wrap="wrap">
          <Button size="xs" onClick={conflict.keepMine}>
            {t('data-list.conflict.keepMine')}
          </Button>
          <Button size="xs" variant="default" onClick={conflict.takeTheirs}>
            {t('data-list.conflict.takeTheirs')}
          </Button>
          <Button size="xs" variant="subtle" onClick={conflict.cancel}>
            {t('data-list.conflict.cancel')}
          </Button>
        </Group>
      </Stack>
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
