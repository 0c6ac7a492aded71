/**
 * The document's examples are what a contract server (Stoplight Prism, tests/e2e/remote.spec.ts) answers with, and
 * what the reference page shows: every one must match its schema, and the remote build's user-area walk needs a
 * `user` example (a role-4 account) wherever the answer depends on who is signed in.
 */
import { describe, expect, it } from 'vitest';
import { contractValidator, METHODS } from './support/openapi-validator';

interface Media {
  schema?: unknown;
  examples?: Record<string, { value?: unknown }>;
}
type Contents = Record<string, Media> | undefined;

const validator = contractValidator();
const doc = validator.doc as unknown as {
  paths: Record<string, Record<string, { requestBody?: { content?: Contents }; responses: Record<string, { content?: Contents }> }>>;
  components: { responses: Record<string, { content?: Contents }> };
};
const escape = (part: string) => part.replace(/~/g, '~0').replace(/\//g, '~1');

/** Every example with the pointer of the schema it must match. */
function examples(): { what: string; pointer: string; value: unknown }[] {
  const found: { what: string; pointer: string; value: unknown }[] = [];
  const collect = (content: Contents, base: string, what: string) => {
    for (const [type, media] of Object.entries(content ?? {})) {
      for (const [name, example] of Object.entries(media.examples ?? {})) {
        if (media.schema !== undefined)
          found.push({ what: `${what} (${name})`, pointer: `${base}/content/${escape(type)}/schema`, value: example.value });
      }
    }
  };
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const base = `/paths/${escape(path)}/${method}`;
      collect(op.requestBody?.content, `${base}/requestBody`, `${method.toUpperCase()} ${path} request`);
      for (const [status, response] of Object.entries(op.responses))
        collect(response.content, `${base}/responses/${status}`, `${method.toUpperCase()} ${path} ${status}`);
    }
  }
  for (const [name, response] of Object.entries(doc.components.responses))
    collect(response.content, `/components/responses/${escape(name)}`, `response ${name}`);
  return found;
}

const examplesOf = (path: string, method: string): Record<string, { value?: unknown }> =>
  doc.paths[path]?.[method]?.responses['200']?.content?.['application/json']?.examples ?? {};

describe('the contract’s examples', () => {
  it('each one matches its schema', () => {
    const all = examples();
    expect(all.length).toBeGreaterThan(100);
    const problems = all.flatMap(({ what, pointer, value }) => validator.checkAt(pointer, value, what));
    expect(problems.map((p) => `${p.what}: ${p.message}`)).toEqual([]);
  });

  it('name an administrator and a plain user wherever the answer depends on who signs in', () => {
    const operations = [
      ['/api/UserLogin', 'post'],
      ['/api/me', 'get'],
      ['/api/auth/unlock', 'post'],
      ['/api/me/profile', 'get'],
      ['/api/me/profile', 'put'],
    ] as const;
    for (const [path, method] of operations) {
      const named = examplesOf(path, method);
      // The first example is what Prism answers by default: the administrator.
      expect(Object.keys(named), `${method} ${path}`).toEqual(['admin', 'user']);
      const roleOf = (value: unknown) => {
        const record = value as { defaultRoleId?: number; roleId?: number };
        return record.defaultRoleId ?? record.roleId;
      };
      expect(roleOf(named['admin']?.value)).toBe(1);
      expect(roleOf(named['user']?.value)).toBe(4);
    }
  });
});
