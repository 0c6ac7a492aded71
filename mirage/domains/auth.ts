import type { Request } from 'miragejs';
import { hashPassword, randomToken, verifyPassword } from '../crypto';
import { table, type MirageDb, type Row } from '../db';
import { errorResponse, isRecord, json, parseBody, type SessionRow, type UserRow } from '../http';
import type { MirageContext, MirageDomain } from '../types';

export interface OrganizationRow extends Row {
  name: string;
  domain: string;
  createdAt: string;
}

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS = [
  { username: 'superadmin', displayName: 'Sophie Admin', roleId: 1 },
  { username: 'admin', displayName: 'Adam Manager', roleId: 2 },
  { username: 'operator', displayName: 'Olivia Operator', roleId: 3 },
  { username: 'user', displayName: 'Ulysses User', roleId: 4 },
] as const;

async function seed(db: MirageDb): Promise<void> {
  const orgs = table<OrganizationRow>(db, 'organizations');
  const org1 = orgs.insert({ name: 'Acme Logistics', domain: 'acme.example', createdAt: '2025-01-10T09:00:00.000Z' });
  const org2 = orgs.insert({ name: 'Globex Retail', domain: 'globex.example', createdAt: '2025-03-02T09:00:00.000Z' });
  const users = table<UserRow>(db, 'users');
  const accounts = [
    ...DEMO_ACCOUNTS.map((a) => ({ ...a, organizationId: org1.id })),
    { username: 'globex', displayName: 'Greta Globex', roleId: 4 as const, organizationId: org2.id },
  ];
  for (const account of accounts) {
    const salt = randomToken(8);
    users.insert({
      username: account.username,
      email: `${account.username}@${account.organizationId === org1.id ? 'acme' : 'globex'}.example`,
      displayName: account.displayName,
      fullName: account.displayName,
      phoneNumber: '+1 555 0100',
      roleId: account.roleId,
      organizationId: account.organizationId,
      salt,
      passwordHash: await hashPassword(DEMO_PASSWORD, salt),
      about: '',
      photoURL: '',
      status: 'online',
      providerId: 'mirage',
      createdAt: '2025-01-10T09:00:00.000Z',
    });
  }
}

export function issueSession(db: MirageDb, user: UserRow, ctx: MirageContext): SessionRow {
  return table<SessionRow>(db, 'sessions').insert({
    accessToken: randomToken(),
    sessionKey: randomToken(16),
    userId: user.id,
    expiresAt: ctx.now() + ctx.tokenLifetimeS * 1000,
    revoked: false,
  });
}

export function userRecord(user: UserRow) {
  return {
    uid: String(user.id),
    displayName: user.displayName,
    about: user.about,
    photoURL: user.photoURL,
    status: user.status,
    userRole: user.roleId === 4 ? 'user' : 'admin',
    email: user.email,
    providerId: user.providerId,
  };
}

async function login(db: MirageDb, request: Request, ctx: MirageContext) {
  const body = parseBody(request);
  const params = isRecord(body) && isRecord(body['params']) ? body['params'] : undefined;
  const username = typeof params?.['username'] === 'string' ? params['username'].trim() : '';
  const password = typeof params?.['password'] === 'string' ? params['password'] : '';
  const user = table<UserRow>(db, 'users').where(
    (u) => u.username.toLowerCase() === username.toLowerCase() || u.email.toLowerCase() === username.toLowerCase(),
  )[0];
  if (!user || !(await verifyPassword(password, user.salt, user.passwordHash))) {
    return errorResponse(401, 'Email Or Password Invalid');
  }
  const session = issueSession(db, user, ctx);
  return json(200, {
    accessToken: session.accessToken,
    sessionKey: session.sessionKey,
    expiresAt: new Date(session.expiresAt).toISOString(),
    expiresIn: ctx.tokenLifetimeS,
    user: userRecord(user),
    defaultRoleId: user.roleId,
    roles: [user.roleId],
  });
}

export const authDomain: MirageDomain = {
  name: 'auth',
  seed: (db) => seed(db),
  routes(server, ctx) {
    server.post('/UserLogin', (_schema, request) => login(server.db, request, ctx));
  },
};
