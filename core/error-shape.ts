/**
 * The one error body of every endpoint (docs/api/openapi.yaml, `Error`): `message`, plus `errors` for field
 * validation (422) and `code`/`reason` where a client must tell refusals apart. The embedded backend's
 * domains and transports (mirage/http.ts, unknown-routes.ts) and the server's own answers (a failed commit,
 * a body too large, an unknown static path) all build it here, so it is written once.
 */
export interface ErrorBody {
  /** What went wrong, in English; the app shows a translated text where it knows `code` or `errors`. */
  message: string;
  code?: string;
  reason?: string;
  /** Field name (dotted for nested fields) → a message code the form shows next to the field. */
  errors?: Record<string, string>;
  userCount?: number;
  unitCount?: number;
  /** 412 `changedElsewhere`: the record as it is now, for the client to show beside its own values. */
  current?: unknown;
}

export type ErrorDetails = Omit<ErrorBody, 'message'>;

/** The error body of `message` and the details given (absent or undefined ones are left out). */
export function errorBody(message: string, details: ErrorDetails = {}): ErrorBody {
  const body: ErrorBody = { message };
  if (details.code !== undefined) body.code = details.code;
  if (details.reason !== undefined) body.reason = details.reason;
  if (details.errors !== undefined) body.errors = details.errors;
  if (details.userCount !== undefined) body.userCount = details.userCount;
  if (details.unitCount !== undefined) body.unitCount = details.unitCount;
  if (details.current !== undefined) body.current = details.current;
  return body;
}

/** The error body as the JSON text an HTTP answer carries. */
export const errorJson = (message: string, details?: ErrorDetails): string => JSON.stringify(errorBody(message, details));
