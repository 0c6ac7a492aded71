import type { Action } from '../../machines/permissions/can';
import type { RuleAction, UrlMatchType, UrlRestriction, UrlRuleSchedule, UrlRuleScope, Weekday } from '../../machines/domain/types';
import { table, type MirageDb } from '../db';
import { inputRefusal, isRecord, json, jsonVersioned, parseBody, staleWriteRefusal, withAuth, type UserRow } from '../http';
import { versionOf } from '../../core/versions';
import { filterAndSort, pageOf, readListParams } from '../list';
import { normalizeUrlPattern, TIME_OF_DAY, URL_RULE_TEXT_RULES, urlPatternProblem } from '../../core/rule-patterns';
import { readText } from '../../machines/text/text-rules';
import { unitStore, unitsTable } from '../unit-store';
import type { MirageContext, MirageDomain } from '../types';
import { idempotent } from '../idempotency';
import { access, createRefusal, organizationScope } from '../access';
import {
  appliesToUnit,
  duplicateKey,
  inOrganizationScope,
  URL_RULE_LIST_SPEC,
  type UrlRuleRecord,
  type UrlRuleRepository,
} from '../../core/url-rules';
import { givenRepository } from '../given-repositories';

/**
 * URL restrictions (allow/block rules) under /api/url-restrictions (see docs/domain.md).
 * Which rule decides a URL is computed in the browser by the pure matcher
 * (machines/url-restrictions/url-matcher.ts) over GET /url-restrictions/all.
 */

export type UrlRestrictionRow = UrlRestriction;

const MATCH_TYPES: readonly UrlMatchType[] = ['domain', 'exact', 'wildcard', 'regex'];
const ACTIONS: readonly RuleAction[] = ['allow', 'block'];

const rules = (db: MirageDb) => table<UrlRestrictionRow>(db, 'urlRestrictions');
const unitRows = unitsTable;

const inScope = (scope: ReturnType<typeof organizationScope>) => (r: Readonly<UrlRuleRecord>) =>
  inOrganizationScope(scope, r.organizationId);

/** The URL rules answered from the rows in memory (the embedded backend). */
export function memoryUrlRules(db: MirageDb): UrlRuleRepository {
  const scoped = (scope: ReturnType<typeof organizationScope>) =>
    scope === 'all' ? rules(db).rows() : rules(db).rows().filter(inScope(scope));
  return {
    list(query, scope) {
      const page = pageOf(filterAndSort(scoped(scope), query, URL_RULE_LIST_SPEC), query);
      return Promise.resolve({ rows: page.items, total: page.total });
    },
    all: (scope) => Promise.resolve(scoped(scope).map((r) => ({ ...r }))),
    get: (id) => Promise.resolve(rules(db).find(id)),
    hasDuplicate: (organizationId, key, exceptId) =>
      Promise.resolve(
        rules(db)
          .rows()
          .some((r) => String(r.organizationId) === organizationId && String(r.id) !== exceptId && duplicateKey(r) === key),
      ),
    insert: (rule) => Promise.resolve(rules(db).insert(rule)),
    update: (id, patch) => Promise.resolve(rules(db).update(id, patch)),
    remove(id) {
      rules(db).remove(id);
      return Promise.resolve();
    },
    enabledForUnit: (organizationId, unitId) =>
      Promise.resolve(rules(db).where((r) => r.enabled && String(r.organizationId) === organizationId && appliesToUnit(r, unitId))),
    countEnabled: (scope) => Promise.resolve(scoped(scope).filter((r) => r.enabled).length),
    forgetUnit(unitId) {
      for (const rule of rules(db).where((r) => r.scope.kind === 'units' && r.scope.unitIds.map(String).includes(unitId))) {
        const unitIds = rule.scope.kind === 'units' ? rule.scope.unitIds.filter((u) => String(u) !== unitId) : [];
        rules(db).update(rule.id, { scope: { kind: 'units', unitIds } });
      }
      return Promise.resolve();
    },
  };
}

/** The URL rules of this backend: the server's repository, else the rows in memory. */
export const urlRuleStore = (db: MirageDb): UrlRuleRepository =>
  givenRepository<ReturnType<typeof memoryUrlRules>>(db, 'urlRules') ?? memoryUrlRules(db);

interface RuleInput {
  pattern: string;
  matchType: UrlMatchType;
  action: RuleAction;
  enabled: boolean;
  scope: UrlRuleScope;
  schedule: UrlRuleSchedule;
  reason: string;
}

/** `organizationId`: the rule's; the units a rule is scoped to must be that organization's. */
async function readRuleInput(
  db: MirageDb,
  organizationId: string,
  body: unknown,
): Promise<{ value: RuleInput; errors: Record<string, string> }> {
  const b = isRecord(body) ? body : {};
  const errors: Record<string, string> = {};
  const matchType = (typeof b['matchType'] === 'string' ? b['matchType'] : '') as UrlMatchType;
  if (!MATCH_TYPES.includes(matchType)) errors['matchType'] = 'required';
  // The shared text rule first (control, bidi, invisible characters; length), then the type's syntax.
  const patternText = readText(b['pattern'], URL_RULE_TEXT_RULES.pattern);
  const rawPattern = patternText.value;
  const pattern = MATCH_TYPES.includes(matchType) ? normalizeUrlPattern(matchType, rawPattern) : rawPattern;
  if (patternText.problem) errors['pattern'] = patternText.problem;
  else if (!errors['matchType']) {
    const problem = urlPatternProblem(matchType, pattern);
    if (problem) errors['pattern'] = problem;
  }
  const action = (typeof b['action'] === 'string' ? b['action'] : '') as RuleAction;
  if (!ACTIONS.includes(action)) errors['action'] = 'required';
  const enabled = b['enabled'] !== false;

  let scope: UrlRuleScope = { kind: 'all' };
  const rawScope = isRecord(b['scope']) ? b['scope'] : { kind: 'all' };
  if (rawScope['kind'] === 'units') {
    const ids = Array.isArray(rawScope['unitIds']) ? rawScope['unitIds'].map(String) : [];
    const unique = [...new Set(ids)];
    if (unique.length === 0) errors['unitIds'] = 'required';
    else {
      const own = (await unitStore(db).getMany(unique)).filter((unit) => String(unit.organizationId) === organizationId);
      if (own.length !== unique.length) errors['unitIds'] = 'unknownUnit';
    }
    scope = { kind: 'units', unitIds: unique };
  } else if (rawScope['kind'] !== 'all') errors['scope'] = 'required';

  let schedule: UrlRuleSchedule = { kind: 'always' };
  const rawSchedule = isRecord(b['schedule']) ? b['schedule'] : { kind: 'always' };
  if (rawSchedule['kind'] === 'window') {
    const days = Array.isArray(rawSchedule['days'])
      ? [...new Set(rawSchedule['days'].filter((d): d is Weekday => Number.isInteger(d) && Number(d) >= 0 && Number(d) <= 6))].sort()
      : [];
    const from = typeof rawSchedule['from'] === 'string' ? rawSchedule['from'] : '';
    const to = typeof rawSchedule['to'] === 'string' ? rawSchedule['to'] : '';
    if (days.length === 0) errors['days'] = 'required';
    if (!TIME_OF_DAY.test(from)) errors['from'] = 'invalidTime';
    if (!TIME_OF_DAY.test(to)) errors['to'] = 'invalidTime';
    else if (from === to) errors['to'] = 'sameTime';
    schedule = { kind: 'window', days, from, to };
  } else if (rawSchedule['kind'] !== 'always') errors['schedule'] = 'required';

  const { value: reason, problem: reasonProblem } = readText(b['reason'], URL_RULE_TEXT_RULES.reason);
  if (reasonProblem) errors['reason'] = reasonProblem;
  return { value: { pattern, matchType, action, enabled, scope, schedule, reason }, errors };
}

/** The input's field errors, with `duplicateRule` when another rule of the organization is the same rule. */
async function inputErrors(db: MirageDb, organizationId: string, body: unknown, exceptId?: string) {
  const { value, errors } = await readRuleInput(db, organizationId, body);
  if (Object.keys(errors).length === 0 && (await urlRuleStore(db).hasDuplicate(organizationId, duplicateKey(value), exceptId)))
    errors['pattern'] = 'duplicateRule';
  return { value, errors, valid: Object.keys(errors).length === 0 };
}

const NOT_FOUND = 'URL rule not found';
const ruleAccess = async (db: MirageDb, user: UserRow, action: Action, id: string | undefined) =>
  access(user, action, 'urlRule', id ? await urlRuleStore(db).get(id) : undefined, (r) => r.organizationId, NOT_FOUND);

function routes(server: Parameters<MirageDomain['routes']>[0], ctx: MirageContext): void {
  const ruleScope = (user: UserRow) => organizationScope(user, 'urlRule');

  server.get(
    '/url-restrictions/all',
    withAuth(server, async ({ db, user }) => {
      const items = await urlRuleStore(db).all(ruleScope(user));
      return json(200, { items, total: items.length });
    }),
  );

  server.get(
    '/url-restrictions',
    withAuth(server, async ({ db, request, user }) => {
      const query = readListParams(request, URL_RULE_LIST_SPEC);
      const { rows, total } = await urlRuleStore(db).list(query, ruleScope(user));
      return json(200, { items: rows, total, page: query.page, pageSize: query.pageSize });
    }),
  );

  server.get(
    '/url-restrictions/:id',
    withAuth(server, async ({ db, request, user }) => {
      const found = await ruleAccess(db, user, 'read', request.params['id']);
      return found.ok ? jsonVersioned(200, found.row, versionOf(found.row)) : found.response;
    }),
  );

  server.post(
    '/url-restrictions',
    withAuth(
      server,
      ({ db, request, user }) =>
        createRefusal(user, 'urlRule') ??
        idempotent(db, request, user.id, ctx.now(), async () => {
          const org = String(user.organizationId);
          const { value, errors, valid } = await inputErrors(db, org, parseBody(request));
          if (!valid) return inputRefusal(errors);
          const now = new Date(ctx.now()).toISOString();
          const row = await urlRuleStore(db).insert({
            ...value,
            organizationId: org,
            createdAt: now,
            updatedAt: now,
            updatedBy: user.displayName,
          });
          return json(201, row);
        }),
    ),
  );

  server.put(
    '/url-restrictions/:id',
    withAuth(server, async ({ db, request, user }) => {
      const id = String(request.params['id']);
      const found = await ruleAccess(db, user, 'update', id);
      if (!found.ok) return found.response;
      const stale = staleWriteRefusal(request, versionOf(found.row), found.row);
      if (stale) return stale;
      const { value, errors, valid } = await inputErrors(db, String(found.row.organizationId), parseBody(request), id);
      if (!valid) return inputRefusal(errors);
      const row = await urlRuleStore(db).update(id, {
        ...value,
        updatedAt: new Date(ctx.now()).toISOString(),
        updatedBy: user.displayName,
        version: versionOf(found.row) + 1,
      });
      return jsonVersioned(200, row, versionOf(row));
    }),
  );

  server.delete(
    '/url-restrictions/:id',
    withAuth(server, async ({ db, request, user }) => {
      const id = String(request.params['id']);
      const found = await ruleAccess(db, user, 'delete', id);
      if (!found.ok) return found.response;
      const stale = staleWriteRefusal(request, versionOf(found.row), found.row);
      if (stale) return stale;
      await urlRuleStore(db).remove(id);
      return json(204);
    }),
  );
}

// --- seed -------------------------------------------------------------------------------------

interface SeedRule {
  pattern: string;
  matchType: UrlMatchType;
  action: RuleAction;
  reason: string;
  enabled?: boolean;
  schedule?: UrlRuleSchedule;
  /** Scope to the first n units whose name contains this text. */
  scopeTo?: { nameIncludes: string; count: number };
}

const WORK_HOURS: UrlRuleSchedule = { kind: 'window', days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00' };
const NIGHTS: UrlRuleSchedule = { kind: 'window', days: [0, 1, 2, 3, 4, 5, 6], from: '22:00', to: '06:00' };

const COMMON: SeedRule[] = [
  { pattern: 'facebook.com', matchType: 'domain', action: 'block', reason: 'Social media during working hours', schedule: WORK_HOURS },
  { pattern: 'tiktok.com', matchType: 'domain', action: 'block', reason: 'Social media' },
  { pattern: 'youtube.com', matchType: 'domain', action: 'block', reason: 'Video streaming uses the shared uplink', schedule: WORK_HOURS },
  { pattern: 'https://www.youtube.com/@acme-training', matchType: 'exact', action: 'allow', reason: 'Safety training channel' },
  { pattern: 'netflix.com', matchType: 'domain', action: 'block', reason: 'Video streaming' },
  { pattern: 'teams.microsoft.com', matchType: 'domain', action: 'allow', reason: 'Collaboration' },
  { pattern: 'microsoft.com', matchType: 'domain', action: 'allow', reason: 'Updates and Office' },
  { pattern: '*.torrent*', matchType: 'wildcard', action: 'block', reason: 'File sharing' },
  { pattern: '*/downloads/*.exe', matchType: 'wildcard', action: 'block', reason: 'No executables from the web' },
  { pattern: '^https?://([a-z0-9-]+\\.)*(casino|bet)[a-z0-9-]*\\.', matchType: 'regex', action: 'block', reason: 'Gambling' },
  { pattern: 'reddit.com', matchType: 'domain', action: 'block', reason: 'Trial block, paused', enabled: false },
  { pattern: 'weather.com', matchType: 'domain', action: 'allow', reason: 'Shift planning' },
  {
    pattern: 'store.steampowered.com',
    matchType: 'domain',
    action: 'block',
    reason: 'Games at night on unattended units',
    schedule: NIGHTS,
  },
];

const PER_ORG: Record<string, SeedRule[]> = {
  '1': [
    { pattern: 'acme.example', matchType: 'domain', action: 'allow', reason: 'Company sites' },
    {
      pattern: '*',
      matchType: 'wildcard',
      action: 'block',
      reason: 'Kiosks reach only allowed sites',
      scopeTo: { nameIncludes: 'Kiosk', count: 4 },
    },
    {
      pattern: 'maps.google.com',
      matchType: 'domain',
      action: 'allow',
      reason: 'Route planning at dispatch',
      scopeTo: { nameIncludes: 'Dispatch', count: 3 },
    },
  ],
  '2': [
    { pattern: 'globex.example', matchType: 'domain', action: 'allow', reason: 'Company sites' },
    {
      pattern: '*',
      matchType: 'wildcard',
      action: 'block',
      reason: 'Price checkers are locked down',
      scopeTo: { nameIncludes: 'Price Checker', count: 5 },
    },
    {
      pattern: 'https://pay.globex.example/terminal',
      matchType: 'exact',
      action: 'allow',
      reason: 'Payment terminal page',
      scopeTo: { nameIncludes: 'POS', count: 4 },
    },
  ],
};

function seed(db: MirageDb, ctx: MirageContext): void {
  const orgs = table<{ id: string }>(db, 'organizations').all();
  const now = ctx.now();
  const day = 86_400_000;
  const rows: Omit<UrlRestrictionRow, 'id'>[] = [];
  for (const org of orgs) {
    const orgId = String(org.id);
    const units = unitRows(db).where((u) => String(u.organizationId) === orgId);
    const list = [...COMMON, ...(PER_ORG[orgId] ?? [])];
    list.forEach((r, i) => {
      let scope: UrlRuleScope = { kind: 'all' };
      const scopeTo = r.scopeTo;
      if (scopeTo) {
        const ids = units
          .filter((u) => u.name.includes(scopeTo.nameIncludes))
          .slice(0, scopeTo.count)
          .map((u) => String(u.id));
        if (ids.length === 0) return;
        scope = { kind: 'units', unitIds: ids };
      }
      const created = new Date(now - (60 - i * 3) * day).toISOString();
      rows.push({
        organizationId: orgId,
        scope,
        pattern: r.pattern,
        matchType: r.matchType,
        action: r.action,
        enabled: r.enabled ?? true,
        schedule: r.schedule ?? { kind: 'always' },
        reason: r.reason,
        createdAt: created,
        updatedAt: new Date(Date.parse(created) + (i % 4) * day).toISOString(),
        updatedBy: orgId === '1' ? 'Ulysses User' : 'Greta Globex',
      });
    });
  }
  rules(db).insertMany(rows);
}

export const urlRestrictionsDomain: MirageDomain = {
  name: 'url-restrictions',
  seed,
  routes,
};
