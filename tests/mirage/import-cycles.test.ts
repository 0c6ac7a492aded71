/**
 * mirage/ imports form a tree: no file reaches itself through its imports (type imports included).
 * A cycle made auth ↔ users ↔ oidc/provider-auth depend on their load order; this keeps it from coming
 * back without a dependency (madge would add dozens of packages for one check).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(process.cwd(), 'mirage');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

// `import … from './x'`, `export … from './x'`, `import './x'`, `import('./x')`: relative specifiers only.
const SPECIFIER = /(?:\bfrom\s*|\bimport\s*\(?\s*)['"](\.{1,2}\/[^'"]+)['"]/g;

/** Each file's relative imports that resolve to a file under mirage/, as paths relative to mirage/. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(ROOT)) {
    const targets = new Set<string>();
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(SPECIFIER)) {
      const base = resolve(dirname(file), specifier);
      const target = [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), base].find(
        (p) => p.startsWith(ROOT) && existsSync(p) && /\.tsx?$/.test(p),
      );
      if (target) targets.add(relative(ROOT, target));
    }
    graph.set(relative(ROOT, file), [...targets]);
  }
  return graph;
}

/** Every cycle found by a depth-first walk, each as the path `a → b → … → a`. */
function findCycles(graph: Map<string, string[]>): string[] {
  const cycles: string[] = [];
  const done = new Set<string>();
  const stack: string[] = [];
  const visit = (node: string) => {
    const at = stack.indexOf(node);
    if (at >= 0) {
      cycles.push([...stack.slice(at), node].join(' → '));
      return;
    }
    if (done.has(node)) return;
    stack.push(node);
    for (const next of graph.get(node) ?? []) visit(next);
    stack.pop();
    done.add(node);
  };
  for (const node of graph.keys()) visit(node);
  return cycles;
}

describe('mirage/ imports', () => {
  it('reads the imports of the backend files', () => {
    const graph = importGraph();
    expect(graph.get('server.ts')).toEqual(expect.arrayContaining(['db.ts', 'http.ts', 'domains/index.ts']));
    expect(graph.get('domains/auth.ts')).toEqual(expect.arrayContaining(['domains/accounts.ts']));
    expect(graph.get('server.ts')).toEqual(expect.arrayContaining(['oidc/provider-auth.ts']));
  });

  it('finds a cycle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
    ]);
    expect(findCycles(graph)).toEqual(['a.ts → b.ts → c.ts → a.ts']);
  });

  it('form no cycle', () => {
    expect(findCycles(importGraph())).toEqual([]);
  });
});
