import { parseListQuery } from '../../core/list-query';
import { USER_LIST_SPEC } from '../../core/user-list';
import { ifMatchOf, json, problem, versioned } from '../http';
import { answerChange } from '../results';
import {
  deleteUser,
  inviteUser,
  mayListUsers,
  readUser,
  resetUserPassword,
  revokeUserSessions,
  setUserStatus,
  updateUser,
  userScope,
  userViews,
} from '../services/users';
import type { SignedInRoutes } from './types';

/** /api/users (docs/api/openapi.yaml): HTTP in, the users service's rules, HTTP out. */

/** Rows of the export at most; `total` counts them all. */
const EXPORT_LIMIT = 20_000;

const listQuery = (request: Request) => parseListQuery(new URL(request.url).searchParams, USER_LIST_SPEC);

/** A service's answer: its refusal as it is, else the value as JSON with `status`. */
const answer = <T>(done: T | Response, status = 200): Response => (done instanceof Response ? done : json(status, done));

export const userRoutes: SignedInRoutes = {
  getUsers: async ({ env, caller, request }) => {
    if (!mayListUsers(caller)) return problem(403, 'Forbidden');
    const query = listQuery(request);
    const { rows, total } = await env.userList.list(query, userScope(caller));
    return json(200, { items: await userViews(env, rows), total, page: query.page, pageSize: query.pageSize });
  },
  // CSV export data: every account matching the list's filters, search and sort, as JSON; the browser makes the CSV.
  exportUsers: async ({ env, caller, request }) => {
    if (!mayListUsers(caller)) return problem(403, 'Forbidden');
    const { rows, total } = await env.userList.list({ ...listQuery(request), page: 1, pageSize: EXPORT_LIMIT }, userScope(caller));
    return json(200, { items: await userViews(env, rows), total });
  },
  getUser: async ({ env, caller, params }) => {
    const user = await readUser(env, caller, params['id'] ?? '');
    return user instanceof Response ? user : versioned(200, user, user.version);
  },
  inviteUser: async ({ env, caller, body }) => answer(await inviteUser(env, caller, body), 201),
  updateUser: async ({ env, caller, body, request, params }) =>
    answerChange(await updateUser(env, caller, params['id'] ?? '', body, ifMatchOf(request))),
  deleteUser: async ({ env, caller, request, params }) =>
    answerChange(await deleteUser(env, caller, params['id'] ?? '', ifMatchOf(request))),
  disableUser: async ({ env, caller, params }) => answer(await setUserStatus(env, caller, params['id'] ?? '', 'disable')),
  enableUser: async ({ env, caller, params }) => answer(await setUserStatus(env, caller, params['id'] ?? '', 'enable')),
  resetUserPassword: async ({ env, caller, params }) => answer(await resetUserPassword(env, caller, params['id'] ?? '')),
  revokeUserSessions: async ({ env, caller, params }) => answer(await revokeUserSessions(env, caller, params['id'] ?? '')),
};
