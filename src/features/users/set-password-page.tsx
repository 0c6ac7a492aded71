import { useEffect } from 'react';
import { Alert, Anchor, Button, Center, Loader, Paper, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link, useSearch } from 'wouter';
import { useSetPassword, setPasswordServices, type SetPasswordServices } from './hooks/use-set-password';
import { validateNewPassword } from './schema';

function fieldErrorsOf(error: unknown): Record<string, string> {
  if (
    typeof error === 'object' &&
    error !== null &&
    'fieldErrors' in error &&
    typeof error.fieldErrors === 'object' &&
    error.fieldErrors !== null
  ) {
    return error.fieldErrors as Record<string, string>;
  }
  return {};
}

/**
 * Public page behind the one-time link an admin copies after inviting a user or resetting a password
 * (/set-password?token=…): sets the password and activates the account, then offers to sign in.
 */
export function SetPasswordScreen({ services = setPasswordServices }: { services?: SetPasswordServices }) {
  const token = new URLSearchParams(useSearch()).get('token') ?? '';
  // Another link is another page: its own check, started with the token (the check's actor starts with it).
  return <SetPasswordForm key={token} token={token} services={services} />;
}

function SetPasswordForm({ token, services }: { token: string; services: SetPasswordServices }) {
  const { t } = useTranslation();
  const { submit, account, checking, invalid, saving, saved, saveError } = useSetPassword(token, services);
  const form = useForm({ initialValues: { password: '', rePassword: '' } });

  useEffect(() => {
    const errors = fieldErrorsOf(saveError);
    const translated: Record<string, string> = {};
    for (const [field, code] of Object.entries(errors)) translated[field] = t(`users.setPassword.errors.${code}`, { defaultValue: code });
    form.setErrors(translated);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the server's answer drives this
  }, [saveError]);

  return (
    <Center mih="100vh" p="md">
      <Paper withBorder shadow="sm" p="xl" radius="md" w="100%" maw={440} component="main">
        <Stack gap="md">
          <Title order={1} size="h2">
            {t('users.setPassword.title')}
          </Title>
          {checking ? (
            <Center p="lg">
              <Loader size="sm" aria-label={t('common.loading')} />
            </Center>
          ) : invalid || !account ? (
            <Alert color="red" role="alert" title={t('users.setPassword.invalidTitle')}>
              <Stack gap="xs">
                <Text size="sm">{t('users.setPassword.invalidText')}</Text>
                <Anchor component={Link} href="/login">
                  {t('users.setPassword.toLogin')}
                </Anchor>
              </Stack>
            </Alert>
          ) : saved ? (
            <Alert color="teal" role="status" title={t('users.setPassword.doneTitle')}>
              <Stack gap="xs">
                <Text size="sm">{t('users.setPassword.doneText', { username: saved.username })}</Text>
                <Button component={Link} href={`/login?username=${encodeURIComponent(saved.username)}`}>
                  {t('users.setPassword.signIn')}
                </Button>
              </Stack>
            </Alert>
          ) : (
            <form
              noValidate
              onSubmit={form.onSubmit((values) => {
                const errors = validateNewPassword(values.password, values.rePassword);
                if (Object.keys(errors).length > 0) {
                  form.setErrors(Object.fromEntries(Object.entries(errors).map(([f, code]) => [f, t(`users.setPassword.errors.${code}`)])));
                  return;
                }
                submit.send({ type: 'job.start', input: { token, ...values } });
              })}
            >
              <Stack gap="sm">
                <Text size="sm">{t('users.setPassword.intro', { name: account.fullName, username: account.username })}</Text>
                {saveError !== null && Object.keys(fieldErrorsOf(saveError)).length === 0 && (
                  <Alert color="red" role="alert">
                    {t('users.setPassword.failed')}
                  </Alert>
                )}
                <PasswordInput
                  label={t('users.setPassword.password')}
                  description={t('users.setPassword.passwordHint')}
                  required
                  autoComplete="new-password"
                  data-autofocus
                  {...form.getInputProps('password')}
                />
                <PasswordInput
                  label={t('users.setPassword.rePassword')}
                  required
                  autoComplete="new-password"
                  {...form.getInputProps('rePassword')}
                />
                <Button type="submit" loading={saving}>
                  {t('users.setPassword.submit')}
                </Button>
              </Stack>
            </form>
          )}
        </Stack>
      </Paper>
    </Center>
  );
}

export default function SetPasswordPage() {
  return <SetPasswordScreen />;
}
