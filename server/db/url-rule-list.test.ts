import { createRandom } from '../../core/random';
import type { OrganizationScope } from '../../core/service-unit-list';
import { duplicateKey, URL_RULE_TEXT_SORTS, type UrlRuleRecord } from '../../core/url-rules';
import type { RuleAction, UrlMatchType, UrlRuleScope } from '../../machines/domain/types';
import { memoryUrlRules } from '../../mirage/domains/url-restrictions';
import { describeListParity, listQuery, type ListCase } from '../test-support/list-parity';
import { ruleOwners } from '../test-support/fixtures/rule-owners';
import { createSqlUrlRules, ensureUrlRuleKeys, URL_RULES } from './url-rules';

/*
 * The URL rules' list as SQL returns exactly what the embedded backend returns from memory: the same ids
 * in the same order and the same total, for every sort column both ways, each filter (the unit filter
 * counting every "all units" rule), searches, pages and scopes, over generated rules made to find
 * differences (accents, ß, digits, case, equal keys, LIKE's characters, numeric and UUID ids). On PGlite,
 * and on PostgreSQL when TEST_DATABASE_URL is set. No two rules of an organization are the same rule (the
 * schema refuses it): a generated one that would be is left out.
 */

const COUNT = 400;
const PATTERNS = [
  'facebook.com',
  'Facebook.com',
  'café.example',
  'cafe.example',
  'straße.de',
  'STRASSE.de',
  '*.torrent*',
  '*/downloads/*.exe',
  'unit-9.example',
  'unit-10.example',
  '^https?://(casino|bet)\\.',
  '100%_done.example',
  'back\\slash.example',
  '日本.example',
];
const REASONS = ['Social media', 'Kiosks reach only allowed sites', 'Zoë’s team', 'Müller', 'Video 10', 'Video 9', '', 'e_1 %'];
const PEOPLE = ['Ulysses User', 'Greta Globex', 'ana', 'Ana', 'Élodie'];
const ORGANIZATIONS = ['1', '2', '3', '10'];
const UNITS = ['1', '2', '7', '0192f3a0-0002-7abc-8def-000000000002'];
const MATCH_TYPES: UrlMatchType[] = ['domain', 'exact', 'wildcard', 'regex'];
const ACTIONS: RuleAction[] = ['allow', 'block'];
const TIMES = ['2026-10-01T08:00:00.000Z', '2026-10-01T08:00:00.000Z', '2026-11-20T23:59:59.999Z', '2026-11-26T12:00:00.000Z'];

function generateRules(): UrlRuleRecord[] {
  const random = createRandom(31);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const rules = Array.from({ length: COUNT }, (_, i): UrlRuleRecord => {
    const scope: UrlRuleScope =
      random() < 0.5
        ? { kind: 'all' }
        : { kind: 'units', unitIds: UNITS.filter(() => random() < 0.4).concat(random() < 0.2 ? [] : [pick(UNITS)]) };
    return {
      id: i % 4 === 0 ? `0192f3a1-${String(i).padStart(4, '0')}-7abc-8def-000000000000` : String(i + 1),
      organizationId: pick(ORGANIZATIONS),
      scope: scope.kind === 'units' ? { kind: 'units', unitIds: [...new Set(scope.unitIds)] } : scope,
      pattern: pick(PATTERNS),
      matchType: pick(MATCH_TYPES),
      action: pick(ACTIONS),
      enabled: random() < 0.7,
      schedule: random() < 0.5 ? { kind: 'always' } : { kind: 'window', days: [1, 2, 3, 4, 5], from: '08:00', to: '18:00' },
      reason: pick(REASONS),
      createdAt: pick(TIMES),
      updatedAt: pick(TIMES),
      updatedBy: pick(PEOPLE),
    };
  });
  const seen = new Set<string>();
  return rules.filter((rule) => {
    const key = `${rule.organizationId}\n${duplicateKey(rule)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const RULES = generateRules();

const query = listQuery({ sort: 'updatedAt' });

/** The queries compared: every sort both ways in several scopes, each filter, searches and pages. */
function queries(): ListCase[] {
  const out: ListCase[] = [];
  const scopes: OrganizationScope[] = ['all', ['1'], ['2', '10'], []];
  for (const sort of [...URL_RULE_TEXT_SORTS, 'enabled']) {
    for (const order of ['asc', 'desc'] as const) {
      for (const scope of scopes) out.push({ query: query({ sort, order, pageSize: 500 }), scope });
      out.push({ query: query({ sort, order, page: 3, pageSize: 7 }), scope: 'all' });
    }
  }
  for (const action of [...ACTIONS, 'other']) out.push({ query: query({ filters: { action: [action] }, pageSize: 500 }), scope: 'all' });
  for (const matchType of MATCH_TYPES)
    out.push({ query: query({ filters: { matchType: [matchType, 'exact'] }, pageSize: 500 }), scope: ['1'] });
  for (const enabled of [['true'], ['false'], ['true', 'false'], ['yes']])
    out.push({ query: query({ filters: { enabled }, sort: 'pattern', pageSize: 500 }), scope: 'all' });
  for (const unit of [['1'], ['7', '2'], ['0192f3a0-0002-7abc-8def-000000000002'], ['no-unit']])
    out.push({ query: query({ filters: { unit }, pageSize: 500 }), scope: 'all' });
  out.push({ query: query({ filters: { unit: ['1'], action: ['block'], enabled: ['true'] }, sort: 'createdAt' }), scope: ['2', '3'] });
  // A value PostgreSQL cannot hold matches nothing; the others of its filter still do.
  out.push({ query: query({ filters: { unit: ['1', 'x\0'] }, pageSize: 500 }), scope: 'all' });
  out.push({ query: query({ filters: { action: ['\0'] } }), scope: 'all' });
  // A unit no rule can name still has every rule for all units.
  out.push({ query: query({ filters: { unit: ['\0'] }, pageSize: 500 }), scope: 'all' });
  for (const search of [
    'face',
    'straße',
    'ss',
    'é',
    'cafe',
    '10',
    'video 9',
    'ana',
    'müller',
    '日',
    '%',
    '_',
    'e_1',
    '\\',
    'zz-none',
    'a\0b',
    'media\nkiosk',
    'e\n',
  ]) {
    out.push({ query: query({ search, pageSize: 500 }), scope: 'all' });
    out.push({ query: query({ search, sort: 'pattern', order: 'desc', pageSize: 5, page: 2 }), scope: ['1', '3'] });
  }
  for (const page of [1, 2, 17, 80]) out.push({ query: query({ page, pageSize: 5 }), scope: 'all' });
  return out;
}

describeListParity({
  what: 'URL rules',
  table: {
    collection: URL_RULES,
    metaKey: 'urlRuleList',
    // The records stay (they are the table's); their keys are lost.
    forget: async (sql) => {
      await sql.query(
        `UPDATE url_rules SET id_key = '', pattern_key = '', match_type_key = '', action_key = '', updated_key = '', created_key = '', search = '{}', search_text = ''`,
      );
    },
    ensure: ensureUrlRuleKeys,
  },
  records: RULES,
  // The organizations and units the rules name (they must exist).
  related: ruleOwners(ORGANIZATIONS, UNITS),
  cases: queries(),
  memory: (db) => (c) => memoryUrlRules(db).list(c.query, c.scope),
  sql: (sql) => (c) => createSqlUrlRules(sql).list(c.query, c.scope),
  change: {
    apply: (rule) => ({ ...rule, reason: 'Changed in place', enabled: false }),
    finds: { query: query({ search: 'changed in place' }), scope: 'all' },
    includes: { query: query({ filters: { enabled: ['false'] }, pageSize: RULES.length }), scope: 'all' },
  },
});
