import type { ConfirmedUser, RefreshedToken, SessionContext } from './session.types';
import type { SessionData } from './stored-session';

/** The context of a tab with no session. */
export const EMPTY_SESSION = {
  accessToken: null,
  sessionKey: null,
  tokenExpiry: null,
  idTokenExpiry: null,
  user: null,
  defaultRoleId: null,
  roles: [],
} satisfies Partial<SessionContext>;

/** The server's record of the user: confirmed. */
export const fromConfirmed = (confirmed: ConfirmedUser) => ({
  user: confirmed.user,
  defaultRoleId: confirmed.defaultRoleId,
  roles: confirmed.roles,
  confirmed: true,
});

export const fromSession = (session: SessionData) => ({
  accessToken: session.accessToken,
  sessionKey: session.sessionKey,
  tokenExpiry: session.tokenExpiry,
  idTokenExpiry: session.idTokenExpiry ?? null,
  user: session.user,
  defaultRoleId: session.defaultRoleId,
  roles: session.roles,
});

export const fromToken = (context: SessionContext, token: RefreshedToken) => ({
  accessToken: token.accessToken,
  tokenExpiry: token.tokenExpiry,
  idTokenExpiry: token.idTokenExpiry ?? context.idTokenExpiry,
});

/** The session as the app stores it, rebuilt from the machine's context. */
export function sessionOf(context: SessionContext): SessionData | null {
  const { accessToken, sessionKey, tokenExpiry, idTokenExpiry, user, defaultRoleId, roles } = context;
  if (!accessToken || !sessionKey || tokenExpiry === null || !user || defaultRoleId === null) return null;
  return { accessToken, sessionKey, tokenExpiry, user, defaultRoleId, roles, ...(idTokenExpiry === null ? {} : { idTokenExpiry }) };
}
