import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIRST_NAMESPACES } from '../i18n';

/** The namespaces in a module's `import.meta.glob('…/en/{a,b}.json')` (a glob must be a literal, so it restates the list). */
function globbed(file: string): string[] {
  const source = readFileSync(new URL(file, import.meta.url), 'utf8');
  const braces = /locales\/en\/\{([^}]+)\}\.json/.exec(source);
  if (!braces?.[1]) throw new Error(`no namespace glob in ${file}`);
  return braces[1].split(',').sort();
}

describe('the entry’s English namespaces', () => {
  it('first.ts globs exactly FIRST_NAMESPACES', () => {
    expect(globbed('./first.ts')).toEqual([...FIRST_NAMESPACES].sort());
  });

  it('en-rest.ts leaves out exactly FIRST_NAMESPACES', () => {
    expect(globbed('./en-rest.ts')).toEqual([...FIRST_NAMESPACES].sort());
  });
});
