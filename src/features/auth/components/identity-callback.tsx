import { Alert, Anchor, Button, Center, Group, Loader, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { identityCallbackMachine, type CompletedSignIn } from '@machines/session/identity.machine';
import { completeOidcSignIn, getSessionActor, landingPathFor, type OidcSettings } from '@/lib/session';

type Snapshot = ReturnType<ReturnType<typeof useCallbackActor>['getSnapshot']>;
const selectFailed = (s: Snapshot) => s.matches('failed');
const selectError = (s: Snapshot) => s.context.error;

function useCallbackActor(settings: OidcSettings) {
  return useActorRef(
    identityCallbackMachine.provide({
      actors: {
        completeSignIn: fromPromise<CompletedSignIn, { url: string }>(({ input }) => completeOidcSignIn(settings, input.url)),
      },
    }),
    { input: { url: globalThis.location?.href ?? '' } },
  );
}

/** Completes a redirect sign-in from the identity provider and hands the session to the session machine. */
export function IdentityCallback({ settings }: { settings: OidcSettings }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const actor = useCallbackActor(settings);
  const failed = useSelector(actor, selectFailed);
  const error = useSelector(actor, selectError);

  useEffect(() => {
    const sub = actor.on('signedIn', ({ session, returnTo }) => {
      getSessionActor().send({ type: 'session.adopt', session });
      navigate(landingPathFor(returnTo, session.defaultRoleId), { replace: true });
    });
    return () => sub.unsubscribe();
  }, [actor, navigate]);

  if (!failed) {
    return (
      <Center mih={120}>
        <Loader aria-label={t('auth.callback.processing')} />
      </Center>
    );
  }
  return (
    <Stack gap="md">
      <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title={t('auth.callback.failed')} role="alert">
        {error}
      </Alert>
      <Group justify="space-between">
        <Anchor component={Link} href="/login">
          {t('auth.callback.back')}
        </Anchor>
        <Button variant="light" onClick={() => actor.send({ type: 'callback.retry' })}>
          {t('auth.callback.retry')}
        </Button>
      </Group>
    </Stack>
  );
}
