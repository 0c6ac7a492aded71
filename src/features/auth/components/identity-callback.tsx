import { Alert, Anchor, Center, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useSelector } from '@xstate/react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import { fromPromise } from 'xstate';
import { callbackFor, type CompletedSignIn } from '@machines/session/identity-callback.machine';
import { completeOidcSignIn, forgetPendingRequests, getSessionActor, useLandingPath, type OidcSettings } from '@/lib/session';
import { useScreenActor } from '@/lib/inspection/use-screen-actor';

type Snapshot = ReturnType<ReturnType<typeof useCallbackActor>['getSnapshot']>;
const selectFailed = (s: Snapshot) => s.matches('failed');
const selectErrorName = (s: Snapshot) => s.context.errorName;

/**
 * The callback machine with the app's pieces: the provider's answer redeemed by oidc-client-ts, the app's
 * session actor to hand it to, the console and the router. The machine decides everything else.
 */
/** What the callback asks of the identity provider's client (oidc-client-ts by default). */
export interface CallbackClient {
  completeSignIn: (settings: OidcSettings, url: string) => Promise<CompletedSignIn>;
  forgetPendingRequests: () => unknown;
}
const OIDC_CLIENT: CallbackClient = { completeSignIn: completeOidcSignIn, forgetPendingRequests };

function useCallbackActor(settings: OidcSettings, client: CallbackClient) {
  const [, navigate] = useLocation();
  const landingPath = useLandingPath();
  // The ID token's expiry is judged against the time this page opened.
  const [openedAt] = useState(() => Date.now());
  return useScreenActor(
    callbackFor(getSessionActor()).provide({
      actors: {
        completeSignIn: fromPromise<CompletedSignIn, { url: string }>(({ input }) => client.completeSignIn(settings, input.url)),
      },
      actions: {
        // The alert names the error and points here for the details.
        logError: (_, params) => console.error('Identity provider sign-in failed:', params.error),
        forgetPendingRequests: () => void client.forgetPendingRequests(),
        leave: (_, { returnTo, defaultRoleId }) => navigate(landingPath(returnTo, defaultRoleId), { replace: true }),
      },
    }),
    { input: { url: globalThis.location?.href ?? '', now: openedAt } },
  );
}

/** Completes a redirect sign-in from the identity provider: a loader, or the alert of a failed callback. */
export function IdentityCallback({ settings, client = OIDC_CLIENT }: { settings: OidcSettings; client?: CallbackClient }) {
  const { t } = useTranslation();
  const actor = useCallbackActor(settings, client);
  const failed = useSelector(actor, selectFailed);
  const errorName = useSelector(actor, selectErrorName);

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
