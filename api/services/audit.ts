import { auditListQuery, type AuditEntry, type AuditScope } from '../../core/audit-list';
import { parseListQuery, queryValues, type ListSpec } from '../../core/list-query';
import type { Page } from '../../machines/domain/types';
import { can, readScope } from '../../machines/permissions/can';
import { subjectOf } from '../access';
import type { Account, ApiEnv } from '../env';
import { problem } from '../http';
import { mayReadUser } from './users';

/**
 * The audit log's reads (docs/users.md, docs/organizations.md): the whole log, an organization's trail and a
 * user's, newest first. Super admins read every organization's entries, admins their own's; others get 403.
 */

const AUDIT_SPEC: ListSpec<AuditEntry> = {
  sortBy: { at: (entry) => entry.at },
  defaultSort: 'at',
  defaultOrder: 'desc',
  filters: {},
  maxPageSize: 100,
  defaultPageSize: 25,
};

type AuditAnswer = { ok: true; page: Page<Readonly<AuditEntry>> } | { ok: false; response: Response };

const mayReadLog = (caller: Account) =>
  can(subjectOf(caller), 'read', 'auditLog', { organizationId: String(caller.organizationId) }).allowed;

/** One page of the entries the request's filters ask for; `scope` fixes what the caller may read. */
async function auditPage(env: ApiEnv, query: URLSearchParams, scope: AuditScope): Promise<Page<Readonly<AuditEntry>>> {
  const params = parseListQuery(query, AUDIT_SPEC);
  const { rows, total } = await env.audit.list(auditListQuery((name) => queryValues(query, name), params, scope));
  return { items: rows, total, page: params.page, pageSize: params.pageSize };
}

export async function auditLog(env: ApiEnv, caller: Account, query: URLSearchParams): Promise<AuditAnswer> {
  if (!mayReadLog(caller)) return { ok: false, response: problem(403, 'Forbidden') };
  // Whoever reads only their own organization's trail is narrowed to it whatever they ask for.
  const scope = readScope(subjectOf(caller), 'auditLog').kind === 'all' ? {} : { organizationId: String(caller.organizationId) };
  return { ok: true, page: await auditPage(env, query, scope) };
}

export async function organizationAudit(env: ApiEnv, caller: Account, id: string, query: URLSearchParams): Promise<AuditAnswer> {
  const missing: AuditAnswer = { ok: false, response: problem(404, 'Organization not found') };
  if (!(await env.organizations.get(id))) return missing;
  const decision = can(subjectOf(caller), 'read', 'auditLog', { organizationId: id });
  // Another organization's trail does not exist for whoever reads only their own.
  if (!decision.allowed) return decision.reason === 'otherOrganization' ? missing : { ok: false, response: problem(403, 'Forbidden') };
  return { ok: true, page: await auditPage(env, query, { organizationId: id, resource: 'organization', recordId: id }) };
}

export async function userAudit(env: ApiEnv, caller: Account, id: string, query: URLSearchParams): Promise<AuditAnswer> {
  if (!mayReadLog(caller)) return { ok: false, response: problem(403, 'Forbidden') };
  const target = await env.users.get(id);
  if (!target || !mayReadUser(caller, target)) return { ok: false, response: problem(404, 'User not found') };
  return { ok: true, page: await auditPage(env, query, { resource: 'user', recordId: String(target.id) }) };
}
