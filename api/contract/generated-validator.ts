/** What the generated request checks (scripts/gen-request-validators.mjs) are, seen from TypeScript. */

/** One problem Ajv found: where (a JSON pointer into the value), which keyword, and its parameters. */
export interface ValidationIssue {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
  message?: string;
}

/** A compiled schema: true when the value matches; otherwise `errors` says why. Coercing ones change the value in place. */
export interface GeneratedValidator {
  (data: unknown): boolean;
  errors?: ValidationIssue[] | null;
}

/** Who may call an operation, from its `security`. */
export type OperationSecurity = 'none' | 'optional' | 'appKey' | 'agent' | 'bearer';

/** One operation of docs/api/openapi.yaml, with the checks of its request. */
export interface ContractOperation {
  method: string;
  /** The document's template, e.g. `/api/service-units/{id}`. */
  path: string;
  operationId: string;
  security: OperationSecurity;
  /** Its JSON body's schema, when it takes one. */
  body?: GeneratedValidator;
  bodyRequired?: boolean;
  /** A body declared as another type than JSON is refused with 415 (the document lists it). */
  jsonOnly?: boolean;
  /** Its path and query parameters' schemas, when it has any. */
  params?: GeneratedValidator;
  /** Query parameters that are lists (a repeated key or a comma list). */
  arrays?: readonly string[];
}
