/**
 * silent-callback.html: completes a hidden frame's `prompt=none` answer for the app that opened it
 * (oidc-client-ts posts the URL to the parent window) and does nothing else: no app, no backend, no
 * second renewal. The parent redeems the code (docs/auth.md, "Identity provider").
 */
import { UserManager } from 'oidc-client-ts';

// signinSilentCallback only reads the answer from the URL and posts it to the opener frame's window;
// the settings are required by the constructor but unused here.
new UserManager({ authority: globalThis.location.origin, client_id: 'silent-callback', redirect_uri: globalThis.location.href })
  .signinSilentCallback()
  .catch((error: unknown) => console.error('Silent sign-in callback failed', error));
