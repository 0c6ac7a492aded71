import { Anchor, Avatar, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Redirect, useLocation } from 'wouter';
import { initialsOf } from '@/components/avatar-initials';
import { dashboardFor, isRoleId } from '@/lib/roles';
import {
  accessBeforeStart,
  isInternalPath,
  selectIsActive,
  selectIsSignedOut,
  sessionCommands,
  takeLockedFrom,
  useSessionSelector,
  withSession,
  type SessionActor,
} from '@/lib/session';
import { selectIsUnlocking, useSessionEvents } from '../hooks/use-session';

const LOCK_SCREEN_PATH = '/pages/lock-screen';

type Snapshot = ReturnType<SessionActor['getSnapshot']>;
const selectUser = (s: Snapshot) => s.context.user;
const selectRole = (s: Snapshot) => s.context.defaultRoleId;

/** The locked session: who it belongs to, the password to continue, and a way out for someone else. */
export function LockScreen() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  // A locked session is restored before the first render (src/main.tsx, or this page's loader in
  // src/app/routes.ts); without a stored one, the visitor is signed out from the start.
  const user = useSessionSelector(selectUser, null);
  const role = useSessionSelector(selectRole, null);
  const signedOut = useSessionSelector(selectIsSignedOut, accessBeforeStart().status === 'signedOut');
  const unlocking = useSessionSelector(selectIsUnlocking, false);
  const active = useSessionSelector(selectIsActive, false);
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '' },
    validate: { password: (v) => (v ? null : t('auth.lock.passwordRequired')) },
  });

  // Not (or no longer) locked — unlocked here or in another tab, or opened directly: back to the page
  // this tab was on when it locked, else the dashboard.
  // (A lock stored by another tab reaches this tab's machine through its `tabs` actor.)
  useEffect(() => {
    if (!active) return;
    const from = takeLockedFrom();
    const back = isInternalPath(from) && !from.startsWith(LOCK_SCREEN_PATH) ? from : null;
    navigate(back ?? (role !== null && isRoleId(role) ? dashboardFor(role) : '/login'), { replace: true });
  }, [active, navigate, role]);

  useSessionEvents({
    unlockFailed: (event) => {
      form.setFieldError('password', event.message);
      notifications.show({ color: 'red', title: t('auth.lock.failedTitle'), message: event.message });
    },
  });

  if (signedOut) return <Redirect to="/login" replace />;
  const name = user?.displayName ?? '';

  return (
    <Stack gap="md" align="stretch">
      <Stack gap={4} align="center">
        <Avatar src={user?.photoURL || null} size={80} radius="xl" color="indigo" alt={t('auth.lock.avatar', { name })}>
          {initialsOf(name)}
        </Avatar>
        <Text fw={600} size="lg">
          {name}
        </Text>
        {user?.email ? (
          <Text size="sm" c="dimmed">
            {user.email}
          </Text>
        ) : null}
      </Stack>
      <form
        onSubmit={form.onSubmit((values) => withSession((session) => session.send({ type: 'session.unlock', password: values.password })))}
        noValidate
      >
        <Stack gap="sm">
          <PasswordInput
            label={t('auth.lock.password')}
            autoComplete="current-password"
            autoFocus
            required
            withAsterisk={false}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.showPassword') }}
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={unlocking} fullWidth>
            {t('auth.lock.submit')}
          </Button>
        </Stack>
      </form>
      <Anchor component="button" type="button" size="sm" ta="center" onClick={() => sessionCommands.logout()}>
        {t('auth.lock.notYou')}
      </Anchor>
    </Stack>
  );
}
