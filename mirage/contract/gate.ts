import { Response, type Request, type Server } from 'miragejs';
import type { ContractOperation } from '../../api/contract/generated-validator';
import { checkRequest, describeIssues, operationFor } from '../../api/contract/check';
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
 * The API app (api/app.ts) runs the same check after authentication for the operations it serves; a route a
 * domain registers in Mirage is checked here before its handler. The rules still apply their own checks
 * (text rules, hostnames, free usernames…) on what passes.
 */

const operationOf = new WeakMap<object, ContractOperation>();

export { describeIssues };

/**
 * What the contract refuses about this request (api/contract/check.ts), or null when it passes (or is no
 * operation's). Called by the gate; each request is checked once.
 */
export function contractRefusal(request: Request): Response | null {
  const op = operationOf.get(request);
  if (!op) return null;
  operationOf.delete(request);
  const { refusal, valueProblems: problems } = checkRequest(op, {
    url: request.url,
    pathParams: request.params,
    contentType: request.requestHeaders['Content-Type'] ?? request.requestHeaders['content-type'] ?? '',
    body: typeof request.requestBody === 'string' ? request.requestBody : null,
  });
  if (problems !== null) valueProblems.set(request, problems);
  if (!refusal) return null;
  const { status, code, message, errors } = refusal;
  return new Response(status, { 'Content-Type': 'application/json' }, errorBody(message, errors ? { code, errors } : { code }));
}

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
 * that operation.
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
