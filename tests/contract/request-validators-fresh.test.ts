/**
 * mirage/contract/*.generated.* (the request checks both backends run) are generated from
 * docs/api/openapi.yaml (npm run api:validators). This fails when the contract changed and they were not
 * regenerated, so no backend checks requests against an old contract.
 */
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { OUTPUTS, generateRequestValidators } from '../../scripts/gen-request-validators.mjs';

it('the generated request checks match the contract', () => {
  const fresh = generateRequestValidators();
  for (const [key, path] of Object.entries(OUTPUTS)) {
    const current = readFileSync(path, 'utf8');
    expect(current === fresh[key as keyof typeof OUTPUTS], `${path} is stale: run npm run api:validators`).toBe(true);
  }
});
