import { beforeAll, describe, expect, it } from 'vitest';
import type { ProcessRuleRecord, ProcessRuleRepository } from '../../core/process-rule-repository';
import { createRandom } from '../../core/random';
import type { OrganizationScope } from '../../core/service-unit-list';
import { duplicateKey, type UrlRuleRecord, type UrlRuleRepository } from '../../core/url-rules';
import { table } from '../../mirage/db';
import { memoryProcessRules } from '../../mirage/domains/processes';
import { memoryUrlRules } from '../../mirage/domains/url-restrictions';
import { sqlTargets } from '../test-support/database';
import { ruleOwners } from '../test-support/fixtures/rule-owners';
import { repositoryParity } from '../test-support/repository-parity';
import { createSqlProcessRules, PROCESS_RULES } from './process-rules';
import { createPgStore } from './store';
import { createSqlUrlRules, URL_RULES } from './url-rules';

/*
 * The URL rules and the process rules in PostgreSQL answer what the embedded backend answers from memory,
 * over the same generated rules (numeric and UUID ids and units, rules for all units and for some, enabled
 * and not, patterns alike but for case): every rule in scope, one rule, the duplicate check, a unit's
 * enabled URL rules (an agent's config), the dashboard's count, a unit's process rules, and the writes (a
 * unit's deletion among them). On PGlite, and on PostgreSQL when TEST_DATABASE_URL is set. No two rules
 * are the same rule (the schema refuses it): a generated one that would be is left out.
 */

const ORGANIZATIONS = ['1', '2', '10'];
const UNITS = ['1', '2', '10', '0192f3a0-0002-7abc-8def-000000000002'];
const SCOPES: OrganizationScope[] = ['all', ['1'], ['2', '10'], [], ['a\0b']];

function generate() {
  const random = createRandom(41);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const id = (i: number) => (i % 3 === 0 ? `0192f3a1-${String(i).padStart(4, '0')}-7abc-8def-000000000000` : String(i + 1));
  const urlRules = Array.from({ length: 120 }, (_, i): UrlRuleRecord => ({
    id: id(i),
    organizationId: pick(ORGANIZATIONS),
    scope: random() < 0.5 ? { kind: 'all' } : { kind: 'units', unitIds: [...new Set([pick(UNITS), pick(UNITS)])] },
    pattern: pick(['facebook.com', 'Facebook.com', 'tiktok.com', '*.torrent*']),
    matchType: pick(['domain', 'wildcard'] as const),
    action: pick(['allow', 'block'] as const),
    enabled: random() < 0.6,
    schedule: { kind: 'always' },
    reason: `Reason ${i}`,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt: '2026-11-02T00:00:00.000Z',
    updatedBy: 'Ulysses User',
  }));
  const processRules = Array.from({ length: 90 }, (_, i): ProcessRuleRecord => ({
    id: id(i),
    serviceUnitId: pick(UNITS),
    pattern: `${pick(['steam.exe', 'Steam.exe', '*torrent*', 'code'])}${random() < 0.4 ? '' : `-${i % 7}`}`,
    action: pick(['allow', 'block'] as const),
    enabled: random() < 0.7,
    comment: `Comment ${i}`,
    createdAt: '2026-11-01T00:00:00.000Z',
  }));
  const firstOf = <T>(rows: readonly T[], key: (row: T) => string) => {
    const seen = new Set<string>();
    return rows.filter((row) => !seen.has(key(row)) && Boolean(seen.add(key(row))));
  };
  return {
    urlRules: firstOf(urlRules, (rule) => `${rule.organizationId}\n${duplicateKey(rule)}`),
    processRules: firstOf(processRules, (rule) => `${rule.serviceUnitId}\n${rule.pattern.toLowerCase()}`),
  };
}

const { urlRules, processRules } = generate();
const ids = (rows: readonly { id: string | number }[]) => rows.map((row) => String(row.id)).sort();
const byUnit = (found: ReadonlyMap<string, readonly { id: string | number }[]>) =>
  Object.fromEntries([...found].map(([unit, rows]) => [unit, ids(rows)]).sort(([a], [b]) => String(a).localeCompare(String(b))));

describe.each(sqlTargets())('the URL and process rules in PostgreSQL on $name', (target) => {
  const suite = repositoryParity(target, { ...ruleOwners(ORGANIZATIONS, UNITS), [URL_RULES]: urlRules, [PROCESS_RULES]: processRules });
  const { write } = suite;
  let memoryUrl: UrlRuleRepository;
  let storedUrl: UrlRuleRepository;
  let memoryProcess: ProcessRuleRepository;
  let storedProcess: ProcessRuleRepository;
  beforeAll(() => {
    memoryUrl = memoryUrlRules(suite.mirage.db);
    memoryProcess = memoryProcessRules(suite.mirage.db);
    storedUrl = createSqlUrlRules(suite.sql);
    storedProcess = createSqlProcessRules(suite.sql);
  });

  /** Both stores hold the same URL rules: every one, and each unit's enabled ones, count and duplicates alike. */
  async function expectUrlRulesAlike() {
    for (const scope of SCOPES) {
      const label = JSON.stringify(scope);
      expect(ids(await storedUrl.all(scope)), label).toEqual(ids(await memoryUrl.all(scope)));
      expect(await storedUrl.countEnabled(scope), label).toBe(await memoryUrl.countEnabled(scope));
    }
    for (const organizationId of [...ORGANIZATIONS, 'none', 'a\0b']) {
      for (const unitId of [...UNITS, 'no-unit', 'x\0']) {
        const label = `${organizationId} / ${unitId}`;
        expect(ids(await storedUrl.enabledForUnit(organizationId, unitId)), label).toEqual(
          ids(await memoryUrl.enabledForUnit(organizationId, unitId)),
        );
      }
    }
    const all = await memoryUrl.all('all');
    for (const rule of all.slice(0, 40)) {
      const key = duplicateKey(rule);
      const org = String(rule.organizationId);
      expect(await storedUrl.hasDuplicate(org, key)).toBe(true);
      expect(await storedUrl.hasDuplicate(org, key, String(rule.id)), key).toBe(await memoryUrl.hasDuplicate(org, key, String(rule.id)));
      expect(await storedUrl.get(String(rule.id))).toEqual(rule);
    }
    expect(await storedUrl.hasDuplicate('1', 'domain\nnone.example\nall')).toBe(false);
  }

  it('answer the URL rules in scope, one rule, the duplicate check, a unit’s enabled rules and the count as memory does', async () => {
    await expectUrlRulesAlike();
    expect(await storedUrl.get('no-such-id')).toBeUndefined();
    expect(await storedUrl.get('a\0b')).toBeUndefined();
  });

  it('write URL rules as memory does: create, change, delete, and a deleted unit forgotten by the rules naming it', async () => {
    const created = await write(() =>
      storedUrl.insert({ ...(urlRules[1] as UrlRuleRecord), organizationId: '2', pattern: 'new.example', scope: { kind: 'all' } }),
    );
    table<UrlRuleRecord>(suite.mirage.db, URL_RULES).insert({ ...created });
    const changed = await write(() => storedUrl.update(String(urlRules[2]?.id), { enabled: false, reason: 'Changed' }));
    await memoryUrl.update(String(urlRules[2]?.id), { enabled: false, reason: 'Changed' });
    expect(changed).toMatchObject({ id: urlRules[2]?.id, enabled: false, reason: 'Changed', pattern: urlRules[2]?.pattern });
    await write(() => storedUrl.remove(String(urlRules[3]?.id)));
    await memoryUrl.remove(String(urlRules[3]?.id));
    const naming = (await memoryUrl.all('all')).filter((r) => r.scope.kind === 'units' && r.scope.unitIds.includes('2')).length;
    expect(naming).toBeGreaterThan(5);
    await write(() => storedUrl.forgetUnit('2'));
    await memoryUrl.forgetUnit('2');

    expect(await storedUrl.get(created.id as string)).toEqual(created);
    expect(await storedUrl.get(String(urlRules[3]?.id))).toBeUndefined();
    expect((await storedUrl.all('all')).filter((r) => r.scope.kind === 'units' && r.scope.unitIds.includes('2'))).toEqual([]);
    expect([...(await storedUrl.all('all'))].sort((a, b) => String(a.id).localeCompare(String(b.id)))).toEqual(
      [...(await memoryUrl.all('all'))].sort((a, b) => String(a.id).localeCompare(String(b.id))),
    );
    await expectUrlRulesAlike();
  });

  it('answer a unit’s process rules, several units’ and one rule as memory does, and write them alike', async () => {
    const expectAlike = async () => {
      for (const unitId of [...UNITS, 'no-unit', 'a\0b'])
        expect(ids(await storedProcess.ofUnit(unitId)), unitId).toEqual(ids(await memoryProcess.ofUnit(unitId)));
      for (const units of [UNITS, ['1'], ['2', '10', 'no-unit', 'x\0'], []])
        expect(byUnit(await storedProcess.ofUnits(units))).toEqual(byUnit(await memoryProcess.ofUnits(units)));
      for (const rule of processRules.slice(0, 20))
        expect(await storedProcess.get(String(rule.id))).toEqual(await memoryProcess.get(String(rule.id)));
    };
    await expectAlike();
    expect(Object.keys(byUnit(await storedProcess.ofUnits(UNITS)))).toHaveLength(UNITS.length);

    const created = await write(() => storedProcess.insert({ ...(processRules[0] as ProcessRuleRecord), pattern: 'new.exe' }));
    table<ProcessRuleRecord>(suite.mirage.db, PROCESS_RULES).insert({ ...created });
    await write(() => storedProcess.update(String(processRules[1]?.id), { enabled: false, comment: 'Off' }));
    await memoryProcess.update(String(processRules[1]?.id), { enabled: false, comment: 'Off' });
    await write(() => storedProcess.remove(String(processRules[2]?.id)));
    await memoryProcess.remove(String(processRules[2]?.id));
    await write(() => storedProcess.removeOfUnit('10'));
    await memoryProcess.removeOfUnit('10');

    expect(await storedProcess.ofUnit('10')).toEqual([]);
    expect(await storedProcess.get(String(created.id))).toEqual(created);
    expect(await storedProcess.get(String(processRules[1]?.id))).toMatchObject({ enabled: false, comment: 'Off' });
    await expectAlike();
  });
  it('keep a rule the same rule only once, as the schema says: a duplicate is refused even where the rules would not look', async () => {
    const store = createPgStore(suite.sql);
    const put = (collection: string, row: object) =>
      store.writing((tx) => store.writeBatch(tx, [{ collection, put: [{ ...row, id: `dup-${collection}` }], deleted: [] }]));
    // The same type, pattern in other case and units in another order: the same rule of its organization. (Rules
    // a unit was taken from are left out: their key is the one they were last saved with.)
    const stored = await storedUrl.all('all');
    const forAll = stored.find((r) => r.scope.kind === 'all') as UrlRuleRecord;
    const untouched = new Set(urlRules.filter((r) => r.scope.kind === 'units' && !r.scope.unitIds.includes('2')).map((r) => r.id));
    const forUnits = stored.find((r) => r.scope.kind === 'units' && r.scope.unitIds.length > 1 && untouched.has(r.id));
    if (forUnits?.scope.kind !== 'units') throw new Error('No rule for some units');
    const url = forUnits;
    for (const same of [
      { ...forAll, pattern: forAll.pattern.toUpperCase(), reason: 'Again' },
      { ...forUnits, scope: { kind: 'units' as const, unitIds: [...forUnits.scope.unitIds].reverse() }, enabled: !forUnits.enabled },
    ]) {
      await expect(put(URL_RULES, same)).rejects.toMatchObject({ code: '23505', constraint: 'url_rules_duplicate_unique' });
    }
    const rule = (await storedProcess.ofUnit(UNITS[0] as string))[0] as ProcessRuleRecord;
    await expect(put(PROCESS_RULES, { ...rule, pattern: rule.pattern.toUpperCase() })).rejects.toMatchObject({
      code: '23505',
      constraint: 'process_rules_pattern_unique',
    });
    // A rule's organization and the units it names exist.
    await expect(put(URL_RULES, { ...url, pattern: 'elsewhere.example', organizationId: 'no-such-organization' })).rejects.toMatchObject({
      code: '23503',
    });
    await expect(
      put(URL_RULES, { ...url, pattern: 'nowhere.example', scope: { kind: 'units', unitIds: ['no-such-unit'] } }),
    ).rejects.toMatchObject({
      code: '23503',
    });
    await expect(put(PROCESS_RULES, { ...rule, pattern: 'nowhere.exe', serviceUnitId: 'no-such-unit' })).rejects.toMatchObject({
      code: '23503',
    });
    expect(await storedUrl.get('dup-urlRestrictions')).toBeUndefined();
  });

  it('lose a deleted unit by the schema alone: its process rules go, and the URL rules naming it keep their other units', async () => {
    const unitId = UNITS[3] as string;
    const naming = (await memoryUrl.all('all')).filter((r) => r.scope.kind === 'units' && r.scope.unitIds.includes(unitId));
    expect(naming.length).toBeGreaterThan(3);
    expect((await storedProcess.ofUnit(unitId)).length).toBeGreaterThan(3);
    const store = createPgStore(suite.sql);
    // Only the unit's row goes: no repository is asked to forget it.
    await store.writing((tx) => store.writeBatch(tx, [{ collection: 'serviceUnits', put: [], deleted: [unitId] }]));
    await memoryProcess.removeOfUnit(unitId);
    await memoryUrl.forgetUnit(unitId);

    expect(await storedProcess.ofUnit(unitId)).toEqual([]);
    for (const rule of naming) expect(await storedUrl.get(String(rule.id))).toEqual(await memoryUrl.get(String(rule.id)));
    await expectUrlRulesAlike();
  });

  it('lose an organization’s URL rules with it', async () => {
    const organizationId = ORGANIZATIONS[2] as string;
    expect((await storedUrl.all([organizationId])).length).toBeGreaterThan(3);
    const store = createPgStore(suite.sql);
    // Its units first: a unit belongs to an organization that exists.
    const units = (await suite.sql.query<{ id: string }>('SELECT id FROM service_units WHERE organization_id = $1', [organizationId])).rows;
    await store.writing((tx) =>
      store.writeBatch(tx, [
        { collection: 'serviceUnits', put: [], deleted: units.map((unit) => unit.id) },
        { collection: 'organizations', put: [], deleted: [organizationId] },
      ]),
    );
    expect(await storedUrl.all([organizationId])).toEqual([]);
    expect(await storedUrl.countEnabled([organizationId])).toBe(0);
  });
});
