#!/usr/bin/env node
// Generates src/lib/api/schema.ts (TypeScript types) from the API contract docs/api/openapi.yaml.
// `node scripts/gen-api-types.mjs` writes the file; `--check` exits 1 when it is stale.
// tests/contract/api-types-fresh.test.ts runs the same check in the test suite.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';

// Paths from the project root (npm scripts and Vitest run there; a jsdom test has no file: import.meta.url).
export const CONTRACT_PATH = resolve(process.cwd(), 'docs/api/openapi.yaml');
export const TYPES_PATH = resolve(process.cwd(), 'src/lib/api/schema.ts');

const HEADER = `/**
 * Generated from docs/api/openapi.yaml by scripts/gen-api-types.mjs (npm run api:types). Do not edit:
 * change the contract and regenerate. tests/contract/api-types-fresh.test.ts fails when this file is stale.
 */
`;

/** The generated file's text for the contract as it is now. */
export async function generateApiTypes() {
  // The document's text (every $ref is internal), so no URL class has to match openapi-typescript's.
  const ast = await openapiTS(readFileSync(CONTRACT_PATH, 'utf8'), {
    alphabetize: false,
    immutable: false,
    rootTypes: true,
    rootTypesNoSchemaPrefix: false,
    defaultNonNullable: true,
    exportType: true,
  });
  return HEADER + astToString(ast);
}

const isMain = /gen-api-types\.mjs$/.test(process.argv[1] ?? '');
if (isMain) {
  const text = await generateApiTypes();
  if (process.argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(TYPES_PATH, 'utf8');
    } catch {
      // missing: stale
    }
    if (current !== text) {
      console.error('src/lib/api/schema.ts is stale: run npm run api:types');
      process.exit(1);
    }
    console.log('src/lib/api/schema.ts is up to date');
  } else {
    writeFileSync(TYPES_PATH, text);
    console.log(`wrote ${TYPES_PATH}`);
  }
}
