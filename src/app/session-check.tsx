import { Alert, Button, Center, Group, Loader, Stack, VisuallyHidden } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { retryConfirmation, sessionCommands } from '@/lib/session/light';
import { useHideLoadingOverlay } from './loading-overlay';

/**
 * Shown instead of any role-gated page while the server confirms a restored session's user and role
 * (a neutral spinner: no menu, no page), or when it could not be asked (retry or sign out).
 */
export function SessionCheck({ reason }: { reason: 'pending' | 'unconfirmed' }) {
  return reason === 'pending' ? <SessionChecking /> : <SessionCheckFailed />;
}

function SessionChecking() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" role="status" aria-label={t('auth.confirm.checking')}>
      <Loader aria-hidden />
      <VisuallyHidden>{t('auth.confirm.checking')}</VisuallyHidden>
    </Center>
  );
}

function SessionCheckFailed() {
  const { t } = useTranslation();
  useHideLoadingOverlay('session-check-failed');
  return (
    <Center mih="100vh" p="md">
      <Stack maw={480} w="100%">
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle size={20} aria-hidden />}
          title={t('auth.confirm.failedTitle')}
          role="alert"
        >
          {t('auth.confirm.failed')}
        </Alert>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => sessionCommands.logout()}>
            {t('auth.confirm.signOut')}
          </Button>
          <Button onClick={retryConfirmation}>{t('auth.confirm.retry')}</Button>
        </Group>
      </Stack>
    </Center>
  );
}
