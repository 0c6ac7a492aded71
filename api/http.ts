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

/** The version a write was based on; a request without If-Match (a script) is not checked. */
export const ifMatchOf = (request: Request): string | undefined => request.headers.get('If-Match') ?? undefined;

/** A request's JSON body; undefined when it is not JSON (the contract's check refused that already). */
export function parseJson(text: string): unknown {
  if (text === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** The field codes that say a value is already another record's (a name, a username, a code, a rule). */
const DUPLICATE_CODES = new Set(['duplicateName', 'duplicateUsername', 'duplicateEmail', 'duplicateCode', 'duplicateRule']);

/**
 * Refuses input with its field errors: 409 when every fault is a value another record already has (the
 * request conflicts with what is stored, as a unique constraint refuses it), else 422 (the input is wrong).
 */
export function inputStatus(errors: Readonly<Record<string, unknown>>): 409 | 422 {
  const codes = Object.values(errors);
  return codes.length > 0 && codes.every((code) => typeof code === 'string' && DUPLICATE_CODES.has(code)) ? 409 : 422;
}

export const inputRefusal = (errors: Record<string, string>): Response => problem(inputStatus(errors), 'Validation failed', { errors });

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
