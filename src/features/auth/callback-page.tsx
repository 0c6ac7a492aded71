import { Alert, Anchor, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { AuthShell } from './components/auth-shell';

/**
 * The identity-provider callback. No OpenID provider is configured in this build, so a visit here
 * cannot complete a sign-in: say so and lead back to the login form.
 */
export default function CallbackPage() {
  const { t } = useTranslation();
  return (
    <AuthShell title={t('auth.callback.title')}>
      <Stack gap="md">
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} role="alert">
          {t('auth.callback.failed')}
        </Alert>
        <Anchor component={Link} href="/login">
          {t('auth.callback.back')}
        </Anchor>
      </Stack>
    </AuthShell>
  );
}
