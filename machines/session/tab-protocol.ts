import type { SessionContext, RefreshedToken, SessionEvent } from './session.types';
import type { SessionData } from './stored-session';

/** Messages between the tabs of this browser (BroadcastChannel, with storage events as a backstop). */
export type TabMessage =
  | { type: 'signedIn'; session: SessionData }
  | { type: 'signedOut' }
  | { type: 'tokenRefreshed'; token: RefreshedToken }
  | { type: 'locked' }
  | { type: 'unlocked' };

/** What the machine tells its `tabs` actor (`tabSync`): post this to the other tabs (null: nothing to post). */
export interface TabPost {
  type: 'tabs.post';
  message: TabMessage | null;
}

/** Another tab's message as the machine's event (what the app's `tabSync` actor sends back). */
export function eventOfTabMessage(message: TabMessage): SessionEvent {
  switch (message.type) {
    case 'signedIn':
      return { type: 'session.remote.signedIn', session: message.session };
    case 'signedOut':
      return { type: 'session.remote.signedOut' };
    case 'tokenRefreshed':
      return { type: 'session.remote.tokenRefreshed', token: message.token };
    case 'locked':
      return { type: 'session.remote.locked' };
    case 'unlocked':
      return { type: 'session.remote.unlocked' };
  }
}

/** This tab's current token as a message to the other tabs (null: no token to share). */
export function tokenMessageOf(context: SessionContext): TabMessage | null {
  if (!context.accessToken || context.tokenExpiry === null) return null;
  const token: RefreshedToken = {
    accessToken: context.accessToken,
    tokenExpiry: context.tokenExpiry,
    ...(context.idTokenExpiry === null ? {} : { idTokenExpiry: context.idTokenExpiry }),
  };
  return { type: 'tokenRefreshed', token };
}
