import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconMailCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { requestPasswordReset } from '../api/request-password-reset';
import { useAuthForm } from '../hooks/use-auth-form';
import { translateServerMessage } from '../server-messages';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Asks for a reset link; the answer never tells whether the account exists. */
export function ForgotPasswordForm() {
  const { t } = useTranslation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: { email: (v) => (EMAIL.test(v.trim()) ? null : t('auth.forgot.emailInvalid')) },
  });
  const { actor, busy, done } = useAuthForm((values) => requestPasswordReset(values['email'] ?? ''), {
    succeeded: () => undefined,
    failed: (message) =>
      notifications.show({ color: 'red', title: t('auth.forgot.failedTitle'), message: translateServerMessage(t, message) }),
  });

  return (
    <Stack gap="md">
      {done ? (
        <Alert color="green" icon={<IconMailCheck aria-hidden />} title={t('auth.forgot.sentTitle')} role="status">
          {t('auth.forgot.sent')}
        </Alert>
      ) : (
        <form onSubmit={form.onSubmit((values) => actor.send({ type: 'form.submit', values: { email: values.email.trim() } }))} noValidate>
          <Stack gap="sm">
            <TextInput
              label={t('auth.forgot.email')}
              type="email"
              autoComplete="email"
              required
              withAsterisk={false}
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={busy} fullWidth>
              {t('auth.forgot.submit')}
            </Button>
          </Stack>
        </form>
      )}
      <Anchor component={Link} href="/login" size="sm" ta="center">
        {t('auth.forgot.back')}
      </Anchor>
    </Stack>
  );
}
