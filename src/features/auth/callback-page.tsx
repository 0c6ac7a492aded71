import { Alert, Anchor, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { oidcSettings } from '@/lib/session';
import { AuthShell } from './components/auth-shell';
import { IdentityCallback } from './components/identity-callback';

/** The identity-provider callback. Without a configured provider a visit here cannot complete a sign-in. */
export default function CallbackPage() {
  const { t } = useTranslation();
  const settings = oidcSettings();
  return (
    <AuthShell title={t('auth.callback.title')}>
      {settings ? (
        <IdentityCallback settings={settings} />
      ) : (
        <Stack gap="md">
          <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} role="alert">
            {t('auth.callback.failed')}
          </Alert>
          <Anchor component={Link} href="/login">
            {t('auth.callback.back')}
          </Anchor>
        </Stack>
      )}
    </AuthShell>
  );
}
