import { Response, type Request, type Server } from 'miragejs';
import type { ContractOperation, ValidationIssue } from './generated-validator';
import { OPERATIONS } from './operations.generated';
import { errorBody } from '../../core/error-shape';

/**
 * The contract in front of the domains (docs/api/openapi.yaml, through the checks generated from it by
 * scripts/gen-request-validators.mjs). Both backends run it, since both run these routes:
 *
 * - a route exists only as an operation of the document: registering any other stops the start, and what
 *   no operation names is refused with 404/405 (mirage/unknown-routes.ts, from `OPERATIONS`);
 * - a request's path and query parameters must match their schemas (400 `invalidParameter`), and its body
 *   must be JSON (400 `invalidJson`) that matches the body's schema (422 `invalidBody`), each with `errors`
 *   naming the field and a code the forms translate (text-input.<code>).
 *
 * The check runs after authentication (an anonymous caller learns nothing of a body's shape, and gets 401
 * as before): `withAuth` and `withAgent` call `contractRefusal` once they know the caller; operations open
 * to anyone (refresh, sign-out, enrolment) are checked here before their handler, and those that need the
 * application key (sign-in, registration) once it was checked. The domains still
 * apply their own rules (text rules, hostnames, free usernames…) on what passes.
 */

const byRoute = new Map(OPERATIONS.map((op) => [`${op.method} ${op.path}`, op]));
const operationOf = new WeakMap<object, ContractOperation>();

/** `/api/units/:id/rules/:ruleId` (a Mirage route) → `/api/units/{id}/rules/{ruleId}` (the document's). */
export function templateOf(route: string): string {
  const trimmed = route.length > 1 ? route.replace(/\/+$/, '') : route;
  return trimmed.replace(/:(\w+)/g, '{$1}');
}

/** The document's operation for a method and a route template, or null. */
export function operationFor(method: string, route: string): ContractOperation | null {
  return byRoute.get(`${method.toUpperCase()} ${templateOf(route)}`) ?? null;
}

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

/** A request's path and query parameters as its schema reads them: lists split, one value otherwise. */
function parametersOf(request: Request, op: ContractOperation): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const url = new URL(request.url, 'http://localhost');
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
  for (const [name, value] of Object.entries(request.params)) values[name] = value;
  return values;
}

const declaresJson = (request: Request): boolean => {
  const type = request.requestHeaders['Content-Type'] ?? request.requestHeaders['content-type'] ?? '';
  return /^application\/json\s*(;|$)/i.test(type.trim());
};

/** The one error shape (core/error-shape.ts). */
const problem = (status: number, code: string, message: string, errors?: Record<string, string>) =>
  new Response(status, { 'Content-Type': 'application/json' }, errorBody(message, errors ? { code, errors } : { code }));

/**
 * What the contract refuses about this request, or null when it passes (or is no operation's). Called by
 * the gate, `withAuth` and `withAgent`; each request is checked once.
 */
export function contractRefusal(request: Request): Response | null {
  const op = operationOf.get(request);
  if (!op) return null;
  operationOf.delete(request);

  if (op.params && !op.params(parametersOf(request, op))) {
    const { errors, summary } = describeIssues(op.params.errors ?? [], { wholeParameters: true });
    return problem(400, 'invalidParameter', `Invalid parameter: ${summary}`, errors);
  }
  if (!op.body) return null;
  const raw = request.requestBody;
  // No body at all: the endpoint's own rules name every field it needs.
  if (typeof raw !== 'string' || raw.trim() === '') return null;
  if (op.jsonOnly && !declaresJson(request)) {
    return problem(415, 'unsupportedMediaType', 'Send the body as application/json');
  }
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    return problem(400, 'invalidJson', 'The body is not valid JSON');
  }
  if (op.body(body)) return null;
  const issues = op.body.errors ?? [];
  const shape = issues.filter((issue) => SHAPE_KEYWORDS.has(issue.keyword));
  if (shape.length === 0) {
    // Only values break the schema: the endpoint's rules refuse them with their own, more precise codes
    // (photoTooLarge, passwordTooShort, tooBroad…). Should it accept one, the gate says so (see below).
    // Text lengths count after normalising (NFC, trimmed: machines/text/text-rules.ts), so a raw length over
    // the limit may be a name at the limit: no problem for the check after the handler.
    const strict = issues.filter((issue) => issue.keyword !== 'maxLength' && issue.keyword !== 'minLength');
    if (strict.length > 0) valueProblems.set(request, describeIssues(strict).summary);
    return null;
  }
  const { errors, summary } = describeIssues(shape);
  // Not the kind of value the operation reads at all (an array for an object): the request is malformed.
  const wrongKind = shape.some((issue) => issue.instancePath === '');
  return problem(wrongKind ? 400 : 422, 'invalidBody', `The body does not match the API contract: ${summary}`, errors);
}

/**
 * What the gate refuses itself in a body: a value of the wrong kind (text for a number, an object for a
 * list, anywhere in the body). The rest of the schema (lengths, ranges, allowed values, required fields,
 * patterns) is checked by the endpoint's rules, which answer 422 with codes the forms know; the contract
 * suite proves that each operation refuses what breaks its schema (tests/contract/support/contract-suite.ts).
 */
const SHAPE_KEYWORDS = new Set(['type']);

/** Requests whose body broke value rules of the schema, for the check after their handler. */
const valueProblems = new WeakMap<object, string>();

/** A success answered for a body the contract refuses: a missing rule in the endpoint, reported loudly. */
function reportAccepted(op: ContractOperation, request: Request, answer: unknown): void {
  const problems = valueProblems.get(request);
  if (problems === undefined) return;
  valueProblems.delete(request);
  // Mirage's Response keeps its status as `code` (its typings leave it out).
  const status = answer instanceof Response ? (answer as Response & { code: number }).code : 200;
  if (status < 300) console.error(`${op.method} ${op.path} accepted a body the contract refuses: ${problems}`);
}

type Register = (path: string, ...args: unknown[]) => unknown;
type Handler = (this: unknown, schema: unknown, request: Request) => unknown;
const VERBS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/**
 * Every route registered after this call (until the returned function ends it) must be an operation of the
 * document, else the start fails, so no route outlives its contract; and its requests are checked against
 * that operation: here for the operations anyone may call, in `withAuth`/`withAgent` once the caller is
 * known for the others.
 */
export function guardRoutesWithContract(server: Server): () => void {
  const verbs = server as unknown as Record<(typeof VERBS)[number] | 'del', Register>;
  const originals = { ...verbs };
  for (const verb of VERBS) {
    const register = verbs[verb];
    verbs[verb] = (path, ...args) => {
      const route = `/${[server.namespace, path]
        .map((part) => part.replace(/^\/+|\/+$/g, ''))
        .filter(Boolean)
        .join('/')}`;
      const op = operationFor(verb, route);
      if (!op) throw new Error(`${verb.toUpperCase()} ${route} is no operation of docs/api/openapi.yaml: add it to the contract first`);
      const guarded = args.map((arg) => {
        if (typeof arg !== 'function') return arg;
        const handler = arg as Handler;
        return function (this: unknown, schema: unknown, request: Request) {
          operationOf.set(request, op);
          // appKey operations check after the key (mirage/domains/auth.ts), as the others after the caller.
          const open = op.security === 'none' || op.security === 'optional';
          const refused = open ? contractRefusal(request) : null;
          if (refused) return refused;
          const answer = handler.call(this, schema, request);
          void Promise.resolve(answer).then(
            (settled) => reportAccepted(op, request, settled),
            () => undefined,
          );
          return answer;
        };
      });
      return register(path, ...guarded);
    };
  }
  verbs.del = verbs.delete;
  // Ends the guard: routes registered afterwards (a test's probe endpoints) are no part of the product.
  return () => {
    for (const verb of [...VERBS, 'del'] as const) verbs[verb] = originals[verb];
  };
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
