import type { ContractOperation, ValidationIssue } from './generated-validator';
import { OPERATIONS } from './operations.generated';

/**
 * The contract's check of one request (docs/api/openapi.yaml, through the validators generated from it by
 * scripts/gen-request-validators.mjs), on plain parts of the request so the API app and the embedded
 * backend's remaining routes (mirage/contract/gate.ts) run the same one:
 *
 * - path and query parameters must match their schemas (400 `invalidParameter`);
 * - a body must be JSON (400 `invalidJson`, 415 when an operation takes only JSON and another type is
 *   declared) whose values are of the kinds the schema names (422 `invalidBody`, 400 for the wrong kind of
 *   body as a whole), each with `errors` naming the field and a code the forms translate (text-input.<code>).
 *
 * The rest of the schema (lengths, ranges, allowed values, required fields, patterns) is checked by the
 * endpoint's rules, which answer with more precise codes; what breaks it is returned as `valueProblems` so a
 * success despite it can be reported as a missing rule.
 */

const byRoute = new Map(OPERATIONS.map((op) => [`${op.method} ${op.path}`, op]));

/** `/api/units/:id/rules/:ruleId` (a router's route) → `/api/units/{id}/rules/{ruleId}` (the document's). */
export function templateOf(route: string): string {
  const trimmed = route.length > 1 ? route.replace(/\/+$/, '') : route;
  return trimmed.replace(/:(\w+)/g, '{$1}');
}

/** The document's operation for a method and a route template, or null. */
export function operationFor(method: string, route: string): ContractOperation | null {
  return byRoute.get(`${method.toUpperCase()} ${templateOf(route)}`) ?? null;
}

/** `/api/units/{id}` → `/api/units/:id`: the document's template as a router's route. */
export const routeOf = (template: string): string => template.replace(/\{(\w+)\}/g, ':$1');

/** Field codes for what Ajv reports, in the vocabulary the forms translate (text-input.<code>). */
const CODES: Record<string, string> = {
  required: 'required',
  type: 'invalidType',
  maxLength: 'tooLong',
  minLength: 'tooShort',
  enum: 'invalidValue',
  const: 'invalidValue',
  minimum: 'outOfRange',
  maximum: 'outOfRange',
  exclusiveMinimum: 'outOfRange',
  exclusiveMaximum: 'outOfRange',
  multipleOf: 'outOfRange',
  maxItems: 'tooMany',
  minItems: 'tooFew',
  uniqueItems: 'duplicate',
  pattern: 'invalidFormat',
  format: 'invalidFormat',
  additionalProperties: 'unknownField',
  maxProperties: 'tooMany',
};

/** `/tags/3` → `tags.3`; a missing or unknown property is named by itself. */
function fieldOf(issue: ValidationIssue): string {
  const extra = issue.params['missingProperty'] ?? issue.params['additionalProperty'];
  const pointer = typeof extra === 'string' ? `${issue.instancePath}/${extra}` : issue.instancePath;
  return pointer
    .split('/')
    .filter(Boolean)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

/**
 * The field errors of a failed check (the first problem of each field) and an English summary. A query
 * parameter is named as a whole (`status`, not `status.1` for the second value of a list).
 */
export function describeIssues(
  issues: readonly ValidationIssue[],
  { wholeParameters = false } = {},
): { errors: Record<string, string>; summary: string } {
  const errors: Record<string, string> = {};
  const sentences: string[] = [];
  for (const issue of issues) {
    // `if`/`anyOf` report their branches' problems too; those name the field already.
    if (issue.keyword === 'if' || issue.keyword === 'anyOf' || issue.keyword === 'oneOf') continue;
    const field = wholeParameters ? (fieldOf(issue).split('.')[0] ?? '') : fieldOf(issue);
    const key = field === '' ? 'body' : field;
    if (key in errors) continue;
    errors[key] = CODES[issue.keyword] ?? 'invalid';
    sentences.push(`${key} ${issue.message ?? 'is not valid'}`);
  }
  return { errors, summary: sentences.slice(0, 3).join('; ') };
}

/** What the check needs of a request. */
export interface RequestParts {
  /** The path and query (or a whole URL). */
  url: string;
  /** The path's parameters, by the document's names. */
  pathParams: Readonly<Record<string, string>>;
  /** The declared Content-Type ('' when none). */
  contentType: string;
  body: string | null;
}

/** A refusal in the one error shape's terms (core/error-shape.ts). */
export interface ContractRefusal {
  status: 400 | 415 | 422;
  code: string;
  message: string;
  errors?: Record<string, string>;
}

export interface ContractVerdict {
  refusal: ContractRefusal | null;
  /** Value rules of the schema the body breaks, which the endpoint's own rules should refuse. */
  valueProblems: string | null;
}

/** A request's path and query parameters as its schema reads them: lists split, one value otherwise. */
function parametersOf(parts: RequestParts, op: ContractOperation): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const url = new URL(parts.url, 'http://localhost');
  const lists = new Set(op.arrays ?? []);
  for (const key of new Set(url.searchParams.keys())) {
    const name = key.endsWith('[]') ? key.slice(0, -2) : key;
    const all = url.searchParams.getAll(key);
    if (lists.has(name)) {
      const items = all
        .flatMap((v) => v.split(','))
        .map((v) => v.trim())
        .filter((v) => v !== '');
      values[name] = [...((values[name] as string[] | undefined) ?? []), ...items];
    } else if (!(name in values)) {
      values[name] = all[0];
    }
  }
  for (const [name, value] of Object.entries(parts.pathParams)) values[name] = value;
  return values;
}

/**
 * What the gate refuses itself in a body: a value of the wrong kind (text for a number, an object for a
 * list, anywhere in the body). The rest of the schema is the endpoint's rules' (see above).
 */
const SHAPE_KEYWORDS = new Set(['type']);

const PASS: ContractVerdict = { refusal: null, valueProblems: null };
const refuse = (refusal: ContractRefusal): ContractVerdict => ({ refusal, valueProblems: null });

/** The contract's verdict on one request of an operation. */
export function checkRequest(op: ContractOperation, parts: RequestParts): ContractVerdict {
  if (op.params && !op.params(parametersOf(parts, op))) {
    const { errors, summary } = describeIssues(op.params.errors ?? [], { wholeParameters: true });
    return refuse({ status: 400, code: 'invalidParameter', message: `Invalid parameter: ${summary}`, errors });
  }
  if (!op.body) return PASS;
  const raw = parts.body;
  // No body at all: the endpoint's own rules name every field it needs.
  if (raw === null || raw.trim() === '') return PASS;
  if (op.jsonOnly && !/^application\/json\s*(;|$)/i.test(parts.contentType.trim())) {
    return refuse({ status: 415, code: 'unsupportedMediaType', message: 'Send the body as application/json' });
  }
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return refuse({ status: 400, code: 'invalidJson', message: 'The body is not valid JSON' });
  }
  if (op.body(body)) return PASS;
  const issues = op.body.errors ?? [];
  const shape = issues.filter((issue) => SHAPE_KEYWORDS.has(issue.keyword));
  if (shape.length === 0) {
    // Only values break the schema: the endpoint's rules refuse them with their own, more precise codes.
    // Text lengths count after normalising (NFC, trimmed: machines/text/text-rules.ts), so a raw length over
    // the limit may be a name at the limit: no problem for the check after the handler.
    const strict = issues.filter((issue) => issue.keyword !== 'maxLength' && issue.keyword !== 'minLength');
    return { refusal: null, valueProblems: strict.length > 0 ? describeIssues(strict).summary : null };
  }
  const { errors, summary } = describeIssues(shape);
  // Not the kind of value the operation reads at all (an array for an object): the request is malformed.
  const wrongKind = shape.some((issue) => issue.instancePath === '');
  return refuse({
    status: wrongKind ? 400 : 422,
    code: 'invalidBody',
    message: `The body does not match the API contract: ${summary}`,
    errors,
  });
}

/** The methods the document has at a concrete path (`/api/service-units/7`), upper-case. */
export function documentedMethods(path: string): string[] {
  return OPERATIONS.filter((op) => patternOf(op.path).test(path)).map((op) => op.method);
}

const patterns = new Map<string, RegExp>();
function patternOf(template: string): RegExp {
  let pattern = patterns.get(template);
  if (!pattern) {
    const source = template
      .split('/')
      .map((segment) => (/^\{\w+\}$/.test(segment) ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    pattern = new RegExp(`^${source}$`);
    patterns.set(template, pattern);
  }
  return pattern;
}
