import { Alert, Anchor, Badge, Button, Divider, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
import { DemoResetButton } from '@/components/status-page';
import { getSessionActor, landingPathFor, oidcSettings, startOidcSignIn } from '@/lib/session';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../demo-accounts';
import { translateServerMessage } from '../server-messages';
import {
  selectIsEndingProviderSession,
  selectIsSigningIn,
  selectProviderSignOutError,
  selectSignOutNotice,
  useSession,
  useSessionEvents,
} from '../hooks/use-session';

export const LOGIN_ERROR_TOAST_MS = 2500;

/** The sign-in form. The session machine signs in; this view shows its answers. */
export function LoginForm({ demo }: { demo: boolean }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const search = useSearch();
  const busy = useSession(selectIsSigningIn);
  const notice = useSession(selectSignOutNotice);
  const providerSignOutError = useSession(selectProviderSignOutError);
  const leavingForProvider = useSession(selectIsEndingProviderSession);
  const form = useForm({
    mode: 'controlled',
    initialValues: { username: '', password: '' },
    validate: {
      username: (v) => (v.trim() ? null : t('auth.login.usernameRequired')),
      password: (v) => (v ? null : t('auth.login.passwordRequired')),
    },
  });

  useSessionEvents({
    signedIn: ({ defaultRoleId }) => {
      const to = new URLSearchParams(search).get('to');
      navigate(landingPathFor(to, defaultRoleId), { replace: true });
    },
    loginFailed: ({ message }) => {
      notifications.show({
        color: 'red',
        title: t('auth.login.failedTitle'),
        message: translateServerMessage(t, message),
        autoClose: LOGIN_ERROR_TOAST_MS,
      });
    },
    alreadySignedIn: () => {
      notifications.show({
        color: 'yellow',
        title: t('auth.login.alreadyTitle'),
        message: t('auth.login.already'),
      });
    },
  });

  const sso = oidcSettings();
  const signInWithProvider = () => {
    if (!sso) return;
    startOidcSignIn(sso, new URLSearchParams(search).get('to')).catch((error: unknown) => {
      notifications.show({
        color: 'red',
        title: t('auth.login.failedTitle'),
        message: error instanceof Error ? error.message : String(error),
        autoClose: LOGIN_ERROR_TOAST_MS,
      });
    });
  };

  const submit = form.onSubmit((values) => {
    getSessionActor().send({ type: 'session.login', username: values.username.trim(), password: values.password });
  });

  return (
    <Stack gap="md">
      {leavingForProvider ? (
        <Alert variant="light" role="status" icon={<IconInfoCircle aria-hidden />}>
          {t('auth.signingOutAtProvider')}
        </Alert>
      ) : providerSignOutError !== null ? (
        <Alert variant="light" color="yellow" role="status" icon={<IconAlertTriangle aria-hidden />}>
          {t('auth.providerSignOutFailed', { message: providerSignOutError })}
        </Alert>
      ) : notice ? (
        <Alert variant="light" color="teal" role="status" icon={<IconCircleCheck aria-hidden />}>
          {t(notice)}
        </Alert>
      ) : null}
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('auth.login.username')}
            autoComplete="username"
            required
            withAsterisk={false}
            autoFocus
            {...form.getInputProps('username')}
          />
          <PasswordInput
            label={t('auth.login.password')}
            autoComplete="current-password"
            required
            withAsterisk={false}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} href="/forget-password" size="sm">
              {t('auth.login.forgotPassword')}
            </Anchor>
          </Group>
          <Button type="submit" loading={busy} fullWidth>
            {t('auth.login.submit')}
          </Button>
        </Stack>
      </form>
      {sso ? (
        <>
          <Divider label={t('auth.login.or')} labelPosition="center" />
          <Button variant="default" fullWidth onClick={signInWithProvider}>
            {t('auth.login.sso')}
          </Button>
        </>
      ) : null}
      <Text size="sm" ta="center">
        {t('auth.login.noAccount')}{' '}
        <Anchor component={Link} href={search ? `/register?${search}` : '/register'}>
          {t('auth.login.createAccount')}
        </Anchor>
      </Text>
      {demo ? (
        // The body may shrink below its longest label, so a long translation wraps instead of pushing the boxes out of view.
        <Alert variant="light" icon={<IconInfoCircle aria-hidden />} title={t('auth.login.demoTitle')} styles={{ body: { minWidth: 0 } }}>
          <Text size="sm" mb="xs" id="demo-accounts-hint">
            {t('auth.login.demoHint', { password: DEMO_PASSWORD })}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            {DEMO_ACCOUNTS.map((account) => (
              // Named by what it shows, "superadmin Super admin" (WCAG 2.5.3 Label in Name); the hint describes what it does.
              <UnstyledButton
                key={account.username}
                aria-describedby="demo-accounts-hint"
                onClick={() => form.setValues({ username: account.username, password: DEMO_PASSWORD })}
                p={6}
                style={{ borderRadius: 'var(--mantine-radius-sm)', border: '1px solid var(--mantine-color-gray-3)' }}
              >
                <Text size="sm" fw={600} ff="monospace">
                  {account.username}
                </Text>{' '}
                <Badge size="xs" variant="light">
                  {t(account.roleKey)}
                </Badge>
              </UnstyledButton>
            ))}
          </SimpleGrid>
          {/* A broken or emptied demo database is the usual reason nobody can sign in: the way out is here. */}
          <Group justify="flex-end" mt="xs">
            <DemoResetButton size="xs" h="auto" mih={30} maw="100%" styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }} />
          </Group>
        </Alert>
      ) : null}
    </Stack>
  );
}
