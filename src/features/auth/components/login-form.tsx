import { Alert, Anchor, Button, Divider, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearch } from 'wouter';
// The session's light parts only: its actor and machine load after the first screen (src/lib/session/current.ts).
import { oidcSettings, startOidcSignIn, useLandingPath, useSessionSelector, withSession } from '@/lib/session/light';
import { signInWaitOf } from '@machines/session/session.errors';
import { translateServerMessage, tryAgainAt } from '../server-messages';
import { DemoAccountsBox } from './demo-accounts-box';
import {
  selectIsEndingProviderSession,
  selectIsSigningIn,
  selectProviderSignOutError,
  selectSignInRetryAt,
  selectSignOutNotice,
  useSessionEvents,
} from '../hooks/use-session';

export const LOGIN_ERROR_TOAST_MS = 2500;

/** The sign-in form. The session machine signs in; this view shows its answers. */
export function LoginForm({ demo }: { demo: boolean }) {
  const { t, i18n } = useTranslation();
  const [, navigate] = useLocation();
  const landingPath = useLandingPath();
  const search = useSearch();
  // Until the session's actor has started: a signed-out visitor with nothing to be told.
  const busy = useSessionSelector(selectIsSigningIn, false);
  const notice = useSessionSelector(selectSignOutNotice, null);
  const providerSignOutError = useSessionSelector(selectProviderSignOutError, null);
  const leavingForProvider = useSessionSelector(selectIsEndingProviderSession, false);
  // Too many failed sign-ins (429): when the server checks a password again. Shown until then or the next
  // submission; the countdown is the session machine's (`signedOut.throttled`).
  const retryAt = useSessionSelector(selectSignInRetryAt, null);
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
      navigate(landingPath(to, defaultRoleId), { replace: true });
    },
    loginFailed: ({ message }) => {
      // A throttled sign-in is the alert above the form, not a toast.
      if (signInWaitOf(message) !== null) return;
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
    withSession((session) => session.send({ type: 'session.login', username: values.username.trim(), password: values.password }));
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
          {retryAt !== null ? (
            <Alert
              variant="light"
              color="red"
              role="alert"
              title={t('auth.login.tooManyAttemptsTitle')}
              icon={<IconAlertTriangle aria-hidden />}
            >
              {tryAgainAt(t, i18n.language, retryAt)}
            </Alert>
          ) : null}
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
      {/* Demo mode only: a remote build compiles this out (import.meta.env is a constant), with its Badge and grid. */}
      {import.meta.env.VITE_API_MODE !== 'remote' && demo ? <DemoAccountsBox onPick={(account) => form.setValues(account)} /> : null}
    </Stack>
  );
}
