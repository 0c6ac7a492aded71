import { versionOf } from '../core/versions';
import { changedElsewhere, inputRefusal, json, noContent, problem, versioned } from './http';

/**
 * What a service's change answers (the record, or why not), turned into HTTP once for every route: 201 for a
 * new record, 200 with its ETag, 412 with the record as it is now, 409/422 (or the status given) with the
 * fields at fault, the access refusal as it is, 204.
 */
export type Change<T> =
  | { kind: 'saved'; record: T; created?: boolean }
  | { kind: 'invalid'; errors?: Record<string, string>; status?: 400 | 422; message?: string }
  | { kind: 'stale'; current: T }
  | { kind: 'refused'; response: Response }
  | { kind: 'done' };

/** `show`: the record as the operation answers it, when that is more than the record. */
export function answerChange<T extends { version?: number | undefined }>(
  result: Change<T>,
  show: (record: T) => unknown = (record) => record,
): Response {
  switch (result.kind) {
    case 'saved':
      return result.created ? json(201, show(result.record)) : versioned(200, show(result.record), versionOf(result.record));
    case 'stale':
      return changedElsewhere(result.current, versionOf(result.current));
    case 'invalid':
      return result.status
        ? problem(result.status, result.message ?? 'Validation failed', result.errors ? { errors: result.errors } : {})
        : inputRefusal(result.errors ?? {});
    case 'refused':
      return result.response;
    case 'done':
      return noContent();
  }
}
