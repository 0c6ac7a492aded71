/**
 * The session, as the rest of the app sees it: the signed-in user, commands for the user menu, and the
 * session actor for the auth screens. Backed by the session machine (machines/session). Modules outside
 * this folder import this index, or `./light` (the same without the actor and its machine) when they are
 * on the first screen; an ESLint rule refuses any other file of the folder.
 */
export * from './light';
export { getSessionActor, installSessionActor, restartSession } from './service';
