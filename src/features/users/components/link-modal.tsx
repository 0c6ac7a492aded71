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
  const { t, i18n } = useTranslation();
  const url = shown ? new URL(shown.link.path, window.location.origin).toString() : '';
  return (
    <Modal
      opened={shown !== null}
      onClose={onClose}
      title={shown ? t(`users.link.${shown.kind}Title`, { name: shown.name }) : ''}
      centered
      size="lg"
    >
      {shown && (
        <Stack gap="sm">
          {/* The date in the app's language (the browser's own locale wrote 11/30/2026 in German and Portuguese). */}
          <Text size="sm">
            {t('users.link.text', { date: new Date(shown.link.expiresAt).toLocaleDateString(i18n.language, { dateStyle: 'long' }) })}
          </Text>
          {/* The demo's backend lives in this browser's storage: the link works nowhere else. */}
          {import.meta.env.VITE_API_MODE !== 'remote' && (
            <Text size="sm" c="dimmed">
              {t('users.link.demoNote')}
            </Text>
          )}
          <TextInput label={t('users.link.label')} value={url} readOnly onFocus={(e) => e.currentTarget.select()} />
          <Group justify="flex-end">
            <CopyButton value={url}>
              {({ copied, copy }) => (
                <Button
                  variant="light"
                  leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
                  onClick={copy}
                >
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
