/**
 * Validates HTTP requests and responses against the API contract, docs/api/openapi.yaml.
 * Used by the contract tests (tests/contract/) and the browser suite's recorder
 * (tests/e2e/support/contract-recorder.ts). Node only: reads the file, compiles with Ajv (JSON Schema 2020-12).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { parse } from 'yaml';

/** From the project root, where Vitest and Playwright run (jsdom's import.meta.url is not a file URL). */
export const CONTRACT_FILE = resolve(process.cwd(), 'docs/api/openapi.yaml');

export const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
export type Method = (typeof METHODS)[number];

interface MediaType {
  schema?: unknown;
}
interface ResponseObject {
  $ref?: string;
  content?: Record<string, MediaType>;
}
interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
  requestBody?: { content?: Record<string, MediaType> };
  responses: Record<string, ResponseObject>;
}
export interface ContractDocument {
  paths: Record<string, Partial<Record<Method, Operation>>>;
  security?: Record<string, string[]>[];
  components: { responses: Record<string, ResponseObject> };
}

export interface Operationref {
  method: Method;
  /** The document's path template, e.g. `/api/service-units/{id}`. */
  path: string;
  operation: Operation;
}

export interface Problem {
  /** `GET /api/me 200` style key of what was checked. */
  what: string;
  message: string;
}

const escapePointer = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

export class ContractValidator {
  readonly doc: ContractDocument;
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction>();
  private readonly matchers: { method: Method; path: string; regex: RegExp; params: number }[];

  constructor(text: string = readFileSync(CONTRACT_FILE, 'utf8')) {
    this.doc = parse(text) as ContractDocument;
    // strict: false: the document holds OpenAPI keywords (paths, responses…) next to the schemas.
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateFormats: true });
    const addFormats = addFormatsModule as unknown as (ajv: Ajv2020) => void;
    addFormats(this.ajv);
    this.ajv.addSchema(this.doc as object, 'contract');
    this.matchers = this.operations()
      .map(({ method, path }) => ({
        method,
        path,
        params: (path.match(/\{/g) ?? []).length,
        regex: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+')}$`),
      }))
      // A literal segment wins over a parameter: /api/service-units/tags before /api/service-units/{id}.
      .sort((a, b) => a.params - b.params);
  }

  /** Every operation of the document. */
  operations(): Operationref[] {
    const out: Operationref[] = [];
    for (const [path, item] of Object.entries(this.doc.paths)) {
      for (const method of METHODS) {
        const operation = item[method];
        if (operation) out.push({ method, path, operation });
      }
    }
    return out;
  }

  /** Every documented `METHOD path status`. */
  documentedStatuses(): string[] {
    return this.operations().flatMap(({ method, path, operation }) =>
      Object.keys(operation.responses).map((status) => `${method.toUpperCase()} ${path} ${status}`),
    );
  }

  /** The operation a concrete request path (no query, trailing slash ignored) falls under. */
  match(method: string, urlPath: string): Operationref | null {
    const m = method.toLowerCase() as Method;
    const path = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
    const found = this.matchers.find((x) => x.method === m && x.regex.test(path));
    if (!found) return null;
    const operation = this.doc.paths[found.path]?.[m];
    return operation ? { method: m, path: found.path, operation } : null;
  }

  /** Whether the operation requires a bearer token (the document's security, global by default). */
  auth(op: Operationref): 'bearer' | 'optionalBearer' | 'appKey' | 'agent' | 'none' {
    const security = op.operation.security ?? this.doc.security ?? [];
    if (security.length === 0) return 'none';
    if (security.some((s) => Object.keys(s).length === 0)) return 'optionalBearer';
    if (security.some((s) => 'appKey' in s)) return 'appKey';
    // A unit credential (the agent API): never a user's session, so never 423.
    if (security.some((s) => 'agentAuth' in s)) return 'agent';
    return 'bearer';
  }

  private validator(pointer: string): ValidateFunction {
    let fn = this.compiled.get(pointer);
    if (!fn) {
      fn = this.ajv.compile({ $ref: `contract#${pointer}` });
      this.compiled.set(pointer, fn);
    }
    return fn;
  }

  private static describe(errors: ErrorObject[] | null | undefined): string {
    return (errors ?? [])
      .slice(0, 5)
      .map((e) => `${e.instancePath || '(body)'} ${e.message ?? ''}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`)
      .join('; ');
  }

  /** Problems of a value against the schema at a JSON pointer of the document (e.g. an example against its media type's schema). */
  checkAt(pointer: string, value: unknown, what: string): Problem[] {
    const validate = this.validator(pointer);
    return validate(value) ? [] : [{ what, message: ContractValidator.describe(validate.errors) }];
  }

  /** Problems with a request body the client sent (none when the operation takes no body). */
  checkRequest(method: string, urlPath: string, body: unknown): Problem[] {
    const op = this.match(method, urlPath);
    const what = `${method.toUpperCase()} ${op?.path ?? urlPath} request`;
    if (!op) return [{ what, message: 'the contract has no such operation' }];
    const content = op.operation.requestBody?.content?.['application/json'];
    if (!content?.schema) return [];
    const pointer = `/paths/${escapePointer(op.path)}/${op.method}/requestBody/content/application~1json/schema`;
    const validate = this.validator(pointer);
    return validate(body) ? [] : [{ what, message: ContractValidator.describe(validate.errors) }];
  }

  /**
   * Problems with a response: the status must be documented for the operation, and the body
   * (parsed JSON, or undefined when empty) must match its schema, or be empty when it has none.
   */
  checkResponse(method: string, urlPath: string, status: number, body: unknown): Problem[] {
    const op = this.match(method, urlPath);
    const what = `${method.toUpperCase()} ${op?.path ?? urlPath} ${status}`;
    if (!op) return [{ what, message: 'the contract has no such operation' }];
    let response = op.operation.responses[String(status)];
    let pointer = `/paths/${escapePointer(op.path)}/${op.method}/responses/${status}`;
    if (!response)
      return [{ what, message: `status ${status} is not documented (documented: ${Object.keys(op.operation.responses).join(', ')})` }];
    if (response.$ref) {
      const name = response.$ref.replace('#/components/responses/', '');
      response = this.doc.components.responses[name] ?? {};
      pointer = `/components/responses/${escapePointer(name)}`;
    }
    const media = response.content?.['application/json'];
    // A documented body of another type (text/event-stream): any text.
    if (!media && response.content && Object.keys(response.content).length > 0) {
      return typeof body === 'string' ? [] : [{ what, message: `expected a ${Object.keys(response.content).join('/')} body` }];
    }
    if (!media?.schema) {
      const empty = body === undefined || body === null || body === '';
      return empty ? [] : [{ what, message: `the contract documents no body, got ${JSON.stringify(body).slice(0, 200)}` }];
    }
    const validate = this.validator(`${pointer}/content/application~1json/schema`);
    return validate(body) ? [] : [{ what, message: ContractValidator.describe(validate.errors) }];
  }
}

let shared: ContractValidator | null = null;
/** One validator per process (compiling the schemas once). */
export function contractValidator(): ContractValidator {
  shared ??= new ContractValidator();
  return shared;
}
