/**
 * src/lib/api/schema.ts is generated from docs/api/openapi.yaml (npm run api:types). This fails when
 * the contract changed and the types were not regenerated, so src/ never compiles against a stale contract.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, it } from 'vitest';
import { generateApiTypes } from '../../scripts/gen-api-types.mjs';

it('the generated API types match the contract', async () => {
  const fresh = await generateApiTypes();
  const current = readFileSync(resolve(process.cwd(), 'src/lib/api/schema.ts'), 'utf8');
  // Not toBe: a stale file would print two 5,000-line texts.
  expect(current === fresh, 'src/lib/api/schema.ts is stale: run npm run api:types').toBe(true);
});
