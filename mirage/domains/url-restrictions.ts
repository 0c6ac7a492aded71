import type { RuleAction, UrlMatchType, UrlRestriction, UrlRuleSchedule, UrlRuleScope } from '../../machines/domain/types';
import { insertSeedRows, table, type MirageDb } from '../db';
import { filterAndSort, pageOf } from '../list';
import { unitsTable } from '../unit-store';
import type { MirageContext, MirageDomain } from '../types';
import type { organizationScope } from '../../api/access';
import {
  appliesToUnit,
  duplicateKey,
  inOrganizationScope,
  URL_RULE_LIST_SPEC,
  type UrlRuleRecord,
  type UrlRuleRepository,
} from '../../core/url-rules';

/**
 * URL restrictions (allow/block rules) under /api/url-restrictions (see docs/domain.md).
 * Which rule decides a URL is computed in the browser by the pure matcher
 * (machines/url-restrictions/url-matcher.ts) over GET /url-restrictions/all.
 */

export type UrlRestrictionRow = UrlRestriction;

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

/** The URL rules in memory (the embedded backend's). */
export const urlRuleStore = (db: MirageDb): UrlRuleRepository => memoryUrlRules(db);

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
  // The two organizations of the demo accounts (auth's seed): the organizations domain's others get no rules,
  // whether they are seeded after this (every seed at once) or before (a first visit's later seeds).
  const orgs = table<{ id: string }>(db, 'organizations').rows().slice(0, 2);
  const now = ctx.now();
  const day = 86_400_000;
  const rows: Omit<UrlRestrictionRow, 'id'>[] = [];
  for (const org of orgs) {
    const orgId = String(org.id);
    const units = unitRows(db)
      .rows()
      .filter((u) => String(u.organizationId) === orgId);
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
  insertSeedRows<UrlRestrictionRow>(db, 'urlRestrictions', rows);
}

/** Its seed; its endpoints are the API app's (api/routes/url-rules.ts). */
export const urlRestrictionsDomain: MirageDomain = {
  name: 'url-restrictions',
  seedLater: seed,
  routes: () => undefined,
};
