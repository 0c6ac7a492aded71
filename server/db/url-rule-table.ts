import { duplicateKey, URL_RULE_LIST_VERSION, urlRuleListEntry, type UrlRuleRecord } from '../../core/url-rules';
import type { RuleAction, UrlMatchType, UrlRuleSchedule, UrlRuleScope, Weekday } from '../../machines/domain/types';
import { ensureKeyVersion, upsertStatement } from './entity-table';
import { searchText } from './list-table';
import { storable } from './records';
import { isoText, type Queryable } from './sql';

/**
 * The URL rules' table and the units each names (server/migrations/030_url_rules.sql), with the list's keys
 * as columns: how a rule is read from them and written to them. A unit's deletion takes it out of the rules
 * naming it (url_rule_units' foreign key), as the embedded backend's forgetUnit does.
 */

/** The URL rules' collection, as the store's writeBatch names it. */
export const URL_RULES = 'urlRestrictions';

/** A rule's current duplicateKey (core/url-rules.ts), from its columns and the units it names now (alias `r`). */
export const CURRENT_DUPLICATE_KEY = `r.match_type || E'\\n' || r.pattern_lower || E'\\n' || CASE WHEN r.applies_to = 'all' THEN 'all'
  ELSE coalesce((SELECT string_agg(n.unit_id, ',' ORDER BY n.unit_id COLLATE "C") FROM url_rule_units n WHERE n.rule_id = r.id), '') END`;

/** A rule, as columns (alias `r`), with the units it names in their order. */
export const URL_RULE_COLUMNS = `r.id, r.organization_id, r.pattern, r.match_type, r.action, r.enabled, r.applies_to, r.schedule,
  r.schedule_days, r.schedule_from, r.schedule_to, r.reason, ${isoText('r.created_at')} AS created_at,
  ${isoText('r.updated_at')} AS updated_at, r.updated_by, r.version,
  ARRAY(SELECT n.unit_id FROM url_rule_units n WHERE n.rule_id = r.id ORDER BY n.position) AS unit_ids`;

export interface UrlRuleColumns {
  id: string;
  organization_id: string;
  pattern: string;
  match_type: UrlMatchType;
  action: RuleAction;
  enabled: boolean;
  applies_to: 'all' | 'units';
  schedule: 'always' | 'window';
  schedule_days: (number | string)[] | null;
  schedule_from: string | null;
  schedule_to: string | null;
  reason: string;
  created_at: string;
  updated_at: string;
  updated_by: string;
  version: number | null;
  unit_ids: string[];
}

/** A rule as the domain reads it. */
export function urlRuleOf(row: UrlRuleColumns): UrlRuleRecord {
  const scope: UrlRuleScope = row.applies_to === 'all' ? { kind: 'all' } : { kind: 'units', unitIds: row.unit_ids };
  const schedule: UrlRuleSchedule =
    row.schedule === 'window'
      ? {
          kind: 'window',
          days: (row.schedule_days ?? []).map((day) => Number(day) as Weekday),
          from: row.schedule_from ?? '',
          to: row.schedule_to ?? '',
        }
      : { kind: 'always' };
  return {
    id: row.id,
    organizationId: row.organization_id,
    scope,
    pattern: row.pattern,
    matchType: row.match_type,
    action: row.action,
    enabled: row.enabled,
    schedule,
    reason: row.reason,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    updatedBy: row.updated_by,
    ...(row.version !== null ? { version: Number(row.version) } : {}),
  };
}

/** The list's keys, and core's lower-casing of the pattern: what a start computes again. */
const KEY_TYPES = {
  id: 'text',
  pattern_lower: 'text',
  id_key: 'text',
  pattern_key: 'text',
  match_type_key: 'text',
  action_key: 'text',
  updated_key: 'text',
  created_key: 'text',
  search: 'text[]',
  search_text: 'text',
};

const TYPES: Record<string, string> = {
  organization_id: 'text',
  pattern: 'text',
  match_type: 'text',
  action: 'text',
  enabled: 'boolean',
  applies_to: 'text',
  schedule: 'text',
  schedule_days: 'smallint[]',
  schedule_from: 'text',
  schedule_to: 'text',
  reason: 'text',
  created_at: 'timestamptz',
  updated_at: 'timestamptz',
  updated_by: 'text',
  version: 'integer',
  duplicate_key: 'text',
  ...KEY_TYPES,
};

const instant = (value: unknown): string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? new Date(value).toISOString() : new Date(0).toISOString();

function keysOf(rule: UrlRuleRecord): Record<keyof typeof KEY_TYPES, unknown> {
  const entry = urlRuleListEntry(rule);
  return {
    id: entry.id,
    pattern_lower: rule.pattern.toLowerCase(),
    id_key: entry.idKey,
    pattern_key: entry.keys.pattern,
    match_type_key: entry.keys.matchType,
    action_key: entry.keys.action,
    updated_key: entry.keys.updatedAt,
    created_key: entry.keys.createdAt,
    search: entry.search,
    search_text: searchText(entry.search),
  };
}

function record(rule: UrlRuleRecord): Record<string, unknown> {
  const { schedule } = rule;
  return {
    ...keysOf(rule),
    organization_id: String(rule.organizationId),
    pattern: rule.pattern,
    match_type: rule.matchType,
    action: rule.action,
    enabled: rule.enabled,
    applies_to: rule.scope.kind,
    schedule: schedule.kind,
    schedule_days: schedule.kind === 'window' ? schedule.days : null,
    schedule_from: schedule.kind === 'window' ? schedule.from : null,
    schedule_to: schedule.kind === 'window' ? schedule.to : null,
    reason: rule.reason,
    created_at: instant(rule.createdAt),
    updated_at: instant(rule.updatedAt),
    updated_by: rule.updatedBy,
    version: rule.version ?? null,
    duplicate_key: duplicateKey(rule),
  };
}

/** The units each rule names, in its order (a unit named twice: once, at its first place). */
const namedUnits = (rules: readonly UrlRuleRecord[]) =>
  rules.flatMap((rule) =>
    rule.scope.kind === 'units'
      ? [...new Set(rule.scope.unitIds.map(String))].map((unitId, position) => ({ rule_id: String(rule.id), unit_id: unitId, position }))
      : [],
  );

/** Rules per statement. */
const CHUNK = 1_000;

/**
 * Stores rules whole and the units they name, in one statement per chunk: a unit no longer named leaves, a new
 * one joins, one that stays keeps its row (so a rule naming a unit stored before the foreign key keeps it).
 */
const WRITE = `WITH rules AS (${upsertStatement('url_rules', 'id', TYPES, '$1')} RETURNING id),
  wanted AS (SELECT * FROM jsonb_to_recordset($2::jsonb) AS w(rule_id text, unit_id text, position integer)),
  gone AS (
    DELETE FROM url_rule_units n WHERE n.rule_id = ANY($3::text[])
      AND NOT EXISTS (SELECT 1 FROM wanted w WHERE w.rule_id = n.rule_id AND w.unit_id = n.unit_id)
    RETURNING 1
  ),
  named AS (
    INSERT INTO url_rule_units (rule_id, unit_id, position) SELECT rule_id, unit_id, position FROM wanted
    ON CONFLICT (rule_id, unit_id) DO UPDATE SET position = excluded.position WHERE url_rule_units.position <> excluded.position
    RETURNING 1
  )
  SELECT (SELECT count(*) FROM rules) AS rules`;

/** Stores rules whole and deletes rules (the units they name go with them), in the caller's transaction. */
export async function writeUrlRules(tx: Queryable, put: readonly UrlRuleRecord[], deleted: readonly string[]): Promise<void> {
  for (let start = 0; start < put.length; start += CHUNK) {
    const chunk = put.slice(start, start + CHUNK);
    await tx.query(WRITE, [JSON.stringify(chunk.map(record)), JSON.stringify(namedUnits(chunk)), chunk.map((rule) => String(rule.id))]);
  }
  const gone = deleted.filter(storable);
  if (gone.length > 0) await tx.query('DELETE FROM url_rules WHERE id = ANY($1::text[])', [gone]);
}

const KEYS = Object.keys(KEY_TYPES).filter((column) => column !== 'id');
const UPDATE_KEYS = `UPDATE url_rules r SET ${KEYS.map((column) => `${column} = e.${column}`).join(', ')}
  FROM jsonb_to_recordset($1::jsonb) AS e(${Object.entries(KEY_TYPES)
    .map(([column, type]) => `${column} ${type}`)
    .join(', ')})
  WHERE r.id = e.id`;

/**
 * Computes every rule's list keys again when they were made by another version of core's projection. At start.
 * Only the keys: duplicate_key stays as the rule was last saved.
 */
export async function ensureUrlRuleKeys(tx: Queryable): Promise<boolean> {
  return ensureKeyVersion(tx, 'urlRuleList', URL_RULE_LIST_VERSION, async () => {
    const rules = (await tx.query<UrlRuleColumns>(`SELECT ${URL_RULE_COLUMNS} FROM url_rules r`)).rows.map(urlRuleOf);
    for (let start = 0; start < rules.length; start += CHUNK) {
      await tx.query(UPDATE_KEYS, [JSON.stringify(rules.slice(start, start + CHUNK).map(keysOf))]);
    }
  });
}
