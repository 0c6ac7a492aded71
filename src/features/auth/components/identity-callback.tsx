import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { identityCallbackMachine, type CompletedSignIn } from '@machines/session/identity.machine';
import { completeOidcSignIn, getSessionActor, landingPathFor, type OidcSettings } from '@/lib/session';
import { forgetPendingRequests } from '@/lib/session/oidc';

type Snapshot = ReturnType<ReturnType<typeof useCallbackActor>['getSnapshot']>;
const selectFailed = (s: Snapshot) => s.matches('failed');
const selectErrorName = (s: Snapshot) => s.context.errorName;

function useCallbackActor(settings: OidcSettings) {
  // The ID token's expiry is judged against the time this page opened.
  const [openedAt] = useState(() => Date.now());
  return useActorRef(
    identityCallbackMachine.provide({
      actors: {
        completeSignIn: fromPromise<CompletedSignIn, { url: string }>(({ input }) => completeOidcSignIn(settings, input.url)),
      },
      actions: {
        // The alert names the error and points here for the details.
        logError: (_, params) => console.error('Identity provider sign-in failed:', params.error),
        forgetPendingRequests: () => forgetPendingRequests(),
      },
    }),
    { input: { url: globalThis.location?.href ?? '', now: openedAt } },
  );
}

/** Completes a redirect sign-in from the identity provider and hands the session to the session machine. */
export function IdentityCallback({ settings }: { settings: OidcSettings }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const actor = useCallbackActor(settings);
  const failed = useSelector(actor, selectFailed);
  const errorName = useSelector(actor, selectErrorName);

  useEffect(() => {
    const signedIn = actor.on('signedIn', ({ session, returnTo }) => {
      getSessionActor().send({ type: 'session.provider.signedIn', session });
      navigate(landingPathFor(returnTo, session.defaultRoleId), { replace: true });
    });
    const refused = actor.on('failed', ({ errorName: name }) => getSessionActor().send({ type: 'session.provider.failed', error: name }));
    return () => {
      signedIn.unsubscribe();
      refused.unsubscribe();
    };
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
      <Alert color="red" icon={<IconAlertTriangle aria-hidden />} title={errorName} role="alert">
        <Text size="sm">{t('auth.callback.seeConsole')}</Text>
      </Alert>
      <Anchor component={Link} href="/login">
        {t('auth.callback.back')}
      </Anchor>
    </Stack>
  );
}
