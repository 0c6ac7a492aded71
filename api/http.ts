import { errorBody, type ErrorDetails } from '../core/error-shape';
import { CHANGED_ELSEWHERE, etagOf } from '../core/versions';

/** Answers of the API app: JSON in the one error shape (core/error-shape.ts), versioned records with an ETag. */

const JSON_TYPE = { 'Content-Type': 'application/json' };

export const json = (status: number, body: unknown, headers: Record<string, string> = {}): Response =>
  new Response(JSON.stringify(body), { status, headers: { ...JSON_TYPE, ...headers } });

export const noContent = (): Response => new Response(null, { status: 204 });

/** A record with its version as the ETag (core/versions.ts). */
export const versioned = (status: number, body: unknown, version: number): Response => json(status, body, { ETag: etagOf(version) });

export const problem = (status: number, message: string, details: ErrorDetails = {}): Response => json(status, errorBody(message, details));

/** 412 `changedElsewhere` with the record as it is now: the caller's If-Match names an older version. */
export const changedElsewhere = (current: unknown, version: number): Response =>
  json(412, errorBody('The record was changed by someone else while you were editing it.', { code: CHANGED_ELSEWHERE, current }), {
    ETag: etagOf(version),
  });

/** A request's JSON body; undefined when it is not JSON (the contract's check refused that already). */
export function parseJson(text: string): unknown {
  if (text === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A fetch answer's headers as a record with the names as the contract writes them (`Content-Type`, `ETag`,
 * `Idempotent-Replayed`): fetch lowers them, and the adapters' callers (Mirage, which adds its own
 * `Content-Type` beside a `content-type`; the server's tests) read them by name.
 */
export function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name === 'etag' ? 'ETag' : name.replace(/(^|-)[a-z]/g, (start) => start.toUpperCase())] = value;
  });
  return record;
}
