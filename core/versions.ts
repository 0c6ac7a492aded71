/**
 * Optimistic concurrency for the CRUD resources (docs/api.md, "Concurrent edits"): every record carries a
 * version that each change through the API raises; GET answers it as a strong ETag, and PUT, PATCH and
 * DELETE with `If-Match` are refused with 412 `changedElsewhere` when the record moved on meanwhile.
 * A request without `If-Match` (a script) still writes, as before.
 */
export const CHANGED_ELSEWHERE = 'changedElsewhere';

/** A record stored before versions existed is at version 1. */
export const versionOf = (record: { version?: number | undefined }): number => record.version ?? 1;

/** The ETag of a version: `"3"`. */
export const etagOf = (version: number): string => `"${version}"`;

/**
 * Whether an `If-Match` header lets a write to a record at `version` go on: absent, `*`, or one of its
 * entity tags is the version's (a weak `W/"3"` counts: the version names the record's content).
 */
export function ifMatchHolds(header: string | null | undefined, version: number): boolean {
  if (header === null || header === undefined || header.trim() === '') return true;
  const wanted = etagOf(version);
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === wanted;
  });
}

/**
 * The versions a bulk request says its rows had when the list showed them (`versions: { id: version }`),
 * or an empty map: a request without them (a script) changes every row it may.
 */
export function bulkVersionsOf(body: unknown): Map<string, number> {
  const raw = typeof body === 'object' && body !== null ? (body as { versions?: unknown }).versions : undefined;
  const versions = new Map<string, number>();
  if (typeof raw !== 'object' || raw === null) return versions;
  for (const [id, version] of Object.entries(raw)) if (typeof version === 'number') versions.set(id, version);
  return versions;
}

/** Whether a bulk request's row moved on since the list showed it (it named a version, and not this one). */
export function changedSince(versions: ReadonlyMap<string, number>, id: string, record: { version?: number | undefined }): boolean {
  const shown = versions.get(id);
  return shown !== undefined && shown !== versionOf(record);
}
