import type { EditConflict } from '@machines/editor/editor.machine';
import { ApiError } from '@/lib/api-client';

/** A versioned record as the API answers it (docs/api.md, "Concurrent edits"). */
interface Versioned {
  version?: number;
  updatedBy?: string;
  updatedAt?: string;
}

/** The If-Match an edit of this record sends: its version as an ETag, or null when it has none. */
export const versionTag = (record: Versioned): string | null => (record.version === undefined ? null : `"${record.version}"`);

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The record a 412 `changedElsewhere` answers, as it is now; null for any other error. */
export function changedElsewhereRecord(error: unknown): Record<string, unknown> | null {
  if (!(error instanceof ApiError) || error.status !== 412 || !isObject(error.data) || error.data['code'] !== 'changedElsewhere')
    return null;
  const current = error.data['current'];
  return isObject(current) ? current : null;
}

/**
 * A save's error handler for every editor screen: a 412 `changedElsewhere` becomes the editor machine's
 * conflict (their record read into the form's values); any other error passes on unchanged.
 */
export function rethrowAsConflict<R extends Versioned, V>(toValues: (record: R) => V) {
  return (error: unknown): never => {
    const current = changedElsewhereRecord(error);
    if (current && error instanceof ApiError) {
      const record = current as R;
      const conflict: EditConflict<V> = {
        theirs: toValues(record),
        version: versionTag(record) ?? '*',
        changedBy: record.updatedBy ?? null,
        changedAt: record.updatedAt ?? null,
      };
      throw Object.assign(error, { conflict });
    }
    throw error;
  };
}
