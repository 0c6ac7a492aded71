import { Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SetPasswordLink } from '../api/types';

export interface ShownLink {
  name: string;
  link: SetPasswordLink;
  kind: 'invite' | 'reset';
}

/** The one-time set-password link after an invitation or a reset, for the admin to copy and pass on. */
export function LinkModal({ shown, onClose }: { shown: ShownLink | null; onClose: () => void }) {
  const { t } = useTranslation();
  const url = shown ? new URL(shown.link.path, window.location.origin).toString() : '';
  return (
    <Modal opened={shown !== null} onClose={onClose} title={shown ? t(`users.link.${shown.kind}Title`, { name: shown.name }) : ''} centered size="lg">
      {shown && (
        <Stack gap="sm">
          <Text size="sm">{t('users.link.text', { date: new Date(shown.link.expiresAt).toLocaleDateString() })}</Text>
          <TextInput label={t('users.link.label')} value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
          <Group justify="flex-end">
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button variant="light" leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />} onClick={copy}>
                  {copied ? t('users.link.copied') : t('users.link.copy')}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>{t('users.link.done')}</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
