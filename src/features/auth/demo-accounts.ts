/** The demo accounts the embedded backend seeds (mirage/domains/auth.ts); shown on the login page in demo mode. */
export const DEMO_ACCOUNTS = [
  { username: 'superadmin', roleKey: 'auth.roles.superAdmin' },
  { username: 'admin', roleKey: 'auth.roles.admin' },
  { username: 'operator', roleKey: 'auth.roles.operator' },
  { username: 'user', roleKey: 'auth.roles.user' },
  { username: 'globex', roleKey: 'auth.roles.userOtherOrg' },
] as const;

export const DEMO_PASSWORD = 'demo1234';

export const isDemoMode = (env: ImportMetaEnv = import.meta.env) => (env.VITE_API_MODE ?? 'mirage') !== 'remote';
