#!/usr/bin/env node
// Generates the backend's request checks from the API contract docs/api/openapi.yaml:
//   api/contract/request-bodies.generated.js   one validator per operation's JSON body (Ajv standalone)
//   api/contract/request-params.generated.js   one validator per operation's path and query parameters
//   api/contract/operations.generated.ts       every operation: method, path, security, its validators
// The validators are plain code compiled ahead of time, so the embedded backend runs them under the app's
// strict CSP (no `new Function`), and the Node server runs the very same file.
// `node scripts/gen-request-validators.mjs` writes the files; `--check` exits 1 when one is stale.
// tests/contract/request-validators-fresh.test.ts runs the same check in the test suite.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { parse } from 'yaml';

export const CONTRACT_PATH = resolve(process.cwd(), 'docs/api/openapi.yaml');
const OUT_DIR = resolve(process.cwd(), 'api/contract');
export const OUTPUTS = {
  bodies: resolve(OUT_DIR, 'request-bodies.generated.js'),
  bodiesTypes: resolve(OUT_DIR, 'request-bodies.generated.d.ts'),
  params: resolve(OUT_DIR, 'request-params.generated.js'),
  paramsTypes: resolve(OUT_DIR, 'request-params.generated.d.ts'),
  operations: resolve(OUT_DIR, 'operations.generated.ts'),
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];
const HEADER = (what) =>
  `/* Generated from docs/api/openapi.yaml by scripts/gen-request-validators.mjs (npm run api:validators): ${what}.\n` +
  ` * Do not edit: change the contract and regenerate. tests/contract/request-validators-fresh.test.ts fails when it is stale. */\n`;

/** Ajv's runtime helpers, inlined so the generated code imports nothing. */
const RUNTIME = {
  'ajv/dist/runtime/ucs2length': 'function (s) { let n = 0; for (const _ of s) n += 1; return n; }',
  'ajv/dist/runtime/equal':
    'function equal(a, b) { if (a === b) return true; if (a && b && typeof a == "object" && typeof b == "object") { if (Array.isArray(a) !== Array.isArray(b)) return false; const ka = Object.keys(a); if (ka.length !== Object.keys(b).length) return false; return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && equal(a[k], b[k])); } return a !== a && b !== b; }',
};

function inlineRuntime(code) {
  const out = code.replace(/require\("([^"]+)"\)\.default/g, (whole, module) => {
    const inline = RUNTIME[module];
    if (!inline) throw new Error(`The generated validators need ${module}: add it to RUNTIME`);
    return `(${inline})`;
  });
  // The sourceURL comments name JSON pointers; they only add bytes.
  return out.replace(/\/\*# sourceURL="[^"]*" \*\//g, '');
}

const escapePointer = (part) => part.replace(/~/g, '~0').replace(/\//g, '~1');

/** What calls an operation: its document's security, by scheme (the global one when it names none). */
function securityOf(doc, operation) {
  const security = operation.security ?? doc.security ?? [];
  if (security.length === 0) return 'none';
  if (security.some((s) => Object.keys(s).length === 0)) return 'optional';
  if (security.some((s) => 'appKey' in s)) return 'appKey';
  if (security.some((s) => 'agentAuth' in s)) return 'agent';
  return 'bearer';
}

function resolveParameter(doc, parameter) {
  if (!parameter.$ref) return parameter;
  const name = parameter.$ref.replace('#/components/parameters/', '');
  const found = doc.components.parameters?.[name];
  if (!found) throw new Error(`Unknown parameter ${parameter.$ref}`);
  return found;
}

/** The files' texts for the contract as it is now. */
export function generateRequestValidators() {
  const text = readFileSync(CONTRACT_PATH, 'utf8');
  const doc = parse(text);
  // Bodies are JSON as sent; parameters arrive as text, so theirs coerce ("2" is the integer 2).
  const common = { strict: false, allErrors: true, validateFormats: false, code: { source: true, esm: true, optimize: true } };
  const bodies = new Ajv2020(common);
  const params = new Ajv2020({ ...common, coerceTypes: 'array' });
  bodies.addSchema(doc, 'contract');
  params.addSchema({ components: doc.components }, 'urn:sua:contract');

  const operations = [];
  const bodyExports = {};
  const paramExports = {};
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const index = operations.length;
      const entry = { method: method.toUpperCase(), path, operationId: operation.operationId, security: securityOf(doc, operation) };

      const media = operation.requestBody?.content?.['application/json'];
      if (media?.schema) {
        const name = `body${index}`;
        bodyExports[name] = `contract#/paths/${escapePointer(path)}/${method}/requestBody/content/application~1json/schema`;
        entry.body = name;
        entry.bodyRequired = operation.requestBody.required === true;
        // Where the document says a body of another type is refused (415), the check says so first.
        entry.jsonOnly = '415' in operation.responses;
      }

      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])]
        .map((p) => resolveParameter(doc, p))
        .filter((p) => p.in === 'query' || p.in === 'path');
      if (parameters.length > 0) {
        const name = `params${index}`;
        const schema = {
          $id: `urn:sua:params:${index}`,
          type: 'object',
          properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema ?? {}])),
          required: parameters.filter((p) => p.required).map((p) => p.name),
        };
        params.addSchema(rewriteRefs(schema), schema.$id);
        paramExports[name] = schema.$id;
        entry.params = name;
        entry.arrays = parameters.filter((p) => p.schema?.type === 'array').map((p) => p.name);
      }
      operations.push(entry);
    }
  }

  const bodyCode = HEADER('request bodies') + inlineRuntime(standaloneCode.default(bodies, bodyExports));
  const paramCode = HEADER('path and query parameters') + inlineRuntime(standaloneCode.default(params, paramExports));
  const declarations = (names) =>
    `import type { GeneratedValidator } from './generated-validator';\n` +
    names.map((name) => `export declare const ${name}: GeneratedValidator;\n`).join('');

  const rows = operations
    .map((op) => {
      const fields = [
        `method: '${op.method}'`,
        `path: '${op.path}'`,
        `operationId: '${op.operationId}'`,
        `security: '${op.security}'`,
        ...(op.body ? [`body: bodies.${op.body}`, `bodyRequired: ${op.bodyRequired}`, `jsonOnly: ${op.jsonOnly}`] : []),
        ...(op.params ? [`params: params.${op.params}`] : []),
        ...(op.arrays?.length ? [`arrays: [${op.arrays.map((a) => `'${a}'`).join(', ')}]`] : []),
      ];
      return `  { ${fields.join(', ')} },\n`;
    })
    .join('');
  const operationsCode =
    HEADER('every operation').replace(/^\/\*/, '/**') +
    `import type { ContractOperation } from './generated-validator';\n` +
    `import * as bodies from './request-bodies.generated.js';\n` +
    `import * as params from './request-params.generated.js';\n\n` +
    `export const OPERATIONS: readonly ContractOperation[] = [\n${rows}];\n`;

  return {
    bodies: bodyCode,
    bodiesTypes: HEADER('types').replace(/^\/\*/, '/**') + declarations(Object.keys(bodyExports)),
    params: paramCode,
    paramsTypes: HEADER('types').replace(/^\/\*/, '/**') + declarations(Object.keys(paramExports)),
    operations: operationsCode,
  };
}

/** A parameter's `#/components/…` refs point into the document's components, added as `urn:sua:contract`. */
function rewriteRefs(value) {
  if (Array.isArray(value)) return value.map(rewriteRefs);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, v]) => [
        key,
        key === '$ref' && typeof v === 'string' && v.startsWith('#/') ? `urn:sua:contract${v}` : rewriteRefs(v),
      ]),
    );
  }
  return value;
}

const isMain = /gen-request-validators\.mjs$/.test(process.argv[1] ?? '');
if (isMain) {
  const files = generateRequestValidators();
  if (process.argv.includes('--check')) {
    const stale = Object.entries(OUTPUTS).filter(([key, path]) => {
      try {
        return readFileSync(path, 'utf8') !== files[key];
      } catch {
        return true;
      }
    });
    if (stale.length > 0) {
      console.error(`Stale: ${stale.map(([, path]) => path).join(', ')}. Run npm run api:validators.`);
      process.exit(1);
    }
  } else {
    for (const [key, path] of Object.entries(OUTPUTS)) writeFileSync(path, files[key]);
    console.log(`Wrote ${Object.values(OUTPUTS).length} files to api/contract/`);
  }
}
