import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// Lints snippets as if they sat at a given path, with the project's real eslint.config.js.
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const eslint = new ESLint({ cwd: projectRoot });

async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(projectRoot, filePath) });
  return (result?.messages ?? []).filter((m) => m.ruleId === 'project/layers').map((m) => m.message);
}

interface Case {
  name: string;
  file: string;
  code: string;
}

/** miragejs outside mirage/, in every form: a type, a value, a subpath, a dynamic import (issue 43). */
function miragejsOutsideMirage(): Case[] {
  return [
    {
      name: 'server/ importing the Server type from miragejs',
      file: 'server/x.ts',
      code: "import type { Server } from 'miragejs';\nexport type A = Server;\n",
    },
    {
      name: 'a test in tests/ importing Response from miragejs',
      file: 'tests/mirage/x.test.ts',
      code: "import { Response } from 'miragejs';\nexport const a = Response;\n",
    },
    {
      name: 'a feature test importing miragejs',
      file: 'src/features/a/a.test.tsx',
      code: "import { Response } from 'miragejs';\nexport const a = Response;\n",
    },
    {
      name: 'a script importing a miragejs subpath',
      file: 'scripts/x.ts',
      code: "import x from 'miragejs/lib/index';\nexport const a = x;\n",
    },
    { name: 'tests/ dynamic-importing miragejs', file: 'tests/x.ts', code: "export const a = () => import('miragejs');\n" },
  ];
}

const forbidden: Case[] = [
  {
    name: 'machines/ importing react',
    file: 'machines/x/x.machine.ts',
    code: "import { useState } from 'react';\nexport const a = useState;\n",
  },
  {
    name: 'machines/ importing @/lib',
    file: 'machines/x/x.machine.ts',
    code: "import { apiClient } from '@/lib/api-client';\nexport const a = apiClient;\n",
  },
  {
    name: 'machines/ importing src/ by relative path',
    file: 'machines/x/x.machine.ts',
    code: "import { ROLE } from '../../src/lib/roles';\nexport const a = ROLE;\n",
  },
  {
    name: 'machines/ importing ofetch',
    file: 'machines/x/x.machine.ts',
    code: "import { ofetch } from 'ofetch';\nexport const a = ofetch;\n",
  },
  {
    name: 'machines/ importing re2js (the URL matcher gets its regex engine injected)',
    file: 'machines/x/x.ts',
    code: "import { RE2JS } from 're2js';\nexport const a = RE2JS;\n",
  },
  {
    name: 'machines/ importing mirage/',
    file: 'machines/x/x.machine.ts',
    code: "import { makeServer } from '@mirage/server';\nexport const a = makeServer;\n",
  },
  {
    name: 'a rules module of machines/ importing xstate (the backend imports it)',
    file: 'machines/x/x-rules.ts',
    code: "import { setup } from 'xstate';\nexport const a = setup;\n",
  },
  {
    name: 'a rules module of machines/ importing a machine',
    file: 'machines/x/x-rules.ts',
    code: "import { listMachine } from '../list/list.machine';\nexport const a = listMachine;\n",
  },
  {
    name: 'mirage/ (not a test) importing fake-indexeddb',
    file: 'mirage/store/x.ts',
    code: "import { IDBFactory } from 'fake-indexeddb';\nexport const a = IDBFactory;\n",
  },
  { name: 'mirage/ importing react', file: 'mirage/domains/x.ts', code: "import { useState } from 'react';\nexport const a = useState;\n" },
  {
    name: 'mirage/ importing a value from machines/',
    file: 'mirage/domains/x.ts',
    code: "import { someMachine } from '@machines/x/x.machine';\nexport const a = someMachine;\n",
  },
  {
    name: 'mirage/ importing a value from machines/ other than machines/permissions/',
    file: 'mirage/domains/x.ts',
    code: "import { createListMachine } from '@machines/list/list.machine';\nexport const a = createListMachine;\n",
  },
  { name: 'mirage/ importing src/', file: 'mirage/domains/x.ts', code: "import { ROLE } from '@/lib/roles';\nexport const a = ROLE;\n" },
  {
    name: 'a feature importing another feature',
    file: 'src/features/a/a-page.tsx',
    code: "import B from '@/features/b/b-page';\nexport const a = B;\n",
  },
  {
    name: 'a feature importing another feature by relative path',
    file: 'src/features/a/a-page.tsx',
    code: "import B from '../b/b-page';\nexport const a = B;\n",
  },
  {
    name: 'a feature re-exporting another feature',
    file: 'src/features/a/index.ts',
    code: "export { default } from '@/features/b/b-page';\n",
  },
  { name: 'src/lib importing a feature', file: 'src/lib/x.ts', code: "import A from '@/features/a/a-page';\nexport const a = A;\n" },
  {
    name: 'src/components importing src/app',
    file: 'src/components/x/x.tsx',
    code: "import { routes } from '@/app/routes';\nexport const a = routes;\n",
  },
  {
    name: 'a feature importing src/app',
    file: 'src/features/a/a-page.tsx',
    code: "import { routes } from '@/app/routes';\nexport const a = routes;\n",
  },
  {
    name: 'src/ static-importing mirage/',
    file: 'src/app/x.ts',
    code: "import { makeServer } from '@mirage/server';\nexport const a = makeServer;\n",
  },
  { name: 'a feature dynamic-importing mirage/', file: 'src/features/a/a.ts', code: "export const a = () => import('@mirage/server');\n" },
  { name: 'core/ importing miragejs', file: 'core/x.ts', code: "import { Response } from 'miragejs';\nexport const a = Response;\n" },
  ...miragejsOutsideMirage(),
  // The API app runs in both backends: nothing of Mirage, the Node server or the browser app.
  {
    name: 'api/ importing mirage/',
    file: 'api/routes/x.ts',
    code: "import { userStore } from '../../mirage/user-store';\nexport const a = userStore;\n",
  },
  { name: 'api/ importing miragejs', file: 'api/x.ts', code: "import { Response } from 'miragejs';\nexport const a = Response;\n" },
  {
    name: 'api/ importing server/',
    file: 'api/x.ts',
    code: "import { createBackend } from '../server/backend';\nexport const a = createBackend;\n",
  },
  {
    name: 'api/ importing a machine',
    file: 'api/x.ts',
    code: "import { authMachine } from '../machines/auth/auth.machine';\nexport const a = authMachine;\n",
  },
  { name: 'core/ importing src/', file: 'core/x.ts', code: "import { ROLE } from '@/lib/roles';\nexport const a = ROLE;\n" },
  {
    name: 'core/ importing src/ by relative path',
    file: 'core/x.ts',
    code: "import { ROLE } from '../src/lib/roles';\nexport const a = ROLE;\n",
  },
  { name: 'core/ importing node:fs', file: 'core/x.ts', code: "import { readFileSync } from 'node:fs';\nexport const a = readFileSync;\n" },
  { name: 'core/ importing mirage/', file: 'core/x.ts', code: "import { db } from '../mirage/db';\nexport const a = db;\n" },
  { name: 'core/ importing server/', file: 'core/x.ts', code: "import { config } from '../server/config';\nexport const a = config;\n" },
  {
    name: 'core/ importing a value from machines/',
    file: 'core/x.ts',
    code: "import { can } from '@machines/permissions/can';\nexport const a = can;\n",
  },
  {
    name: 'machines/ importing core/ (core may use packages machines/ may not)',
    file: 'machines/x/x.ts',
    code: "import { compileSafeRegex } from '../../core/safe-regex';\nexport const a = compileSafeRegex;\n",
  },
  { name: 'agent/ importing src/', file: 'agent/x.ts', code: "import { ROLE } from '@/lib/roles';\nexport const a = ROLE;\n" },
  { name: 'agent/ importing core/', file: 'agent/x.ts', code: "import { x } from '../core/x';\nexport const a = x;\n" },
  {
    name: 'agent/ importing mirage/',
    file: 'agent/x.ts',
    code: "import { makeServer } from '@mirage/server';\nexport const a = makeServer;\n",
  },
  {
    name: 'agent/ importing machines/',
    file: 'agent/x.ts',
    code: "import { can } from '@machines/permissions/can';\nexport const a = can;\n",
  },
  {
    name: 'agent/ (not a test) importing server/',
    file: 'agent/x.ts',
    code: "import { config } from '../server/config';\nexport const a = config;\n",
  },
  { name: 'agent/ importing another package', file: 'agent/x.ts', code: "import { ofetch } from 'ofetch';\nexport const a = ofetch;\n" },
  {
    name: 'agent/ importing mirage/domains/processes (it has the backend behind it; the rule is in core/process-rules)',
    file: 'agent/x.ts',
    code: "import { enforceRules } from '../mirage/domains/processes';\nexport const a = enforceRules;\n",
  },
  {
    name: 'an agent test importing mirage/domains/processes (the agent and the backend share core/process-rules instead)',
    file: 'agent/x.test.ts',
    code: "import { runningOf } from '../mirage/domains/processes';\nexport const a = runningOf;\n",
  },
  {
    name: 'agent/ importing mirage/glob (gone: the glob is core/process-rules)',
    file: 'agent/x.ts',
    code: "import { globMatches } from '../mirage/glob';\nexport const a = globMatches;\n",
  },
  {
    name: 'agent/ importing another core/ module than process-rules',
    file: 'agent/x.ts',
    code: "import { readUnitInput } from '../core/unit-input';\nexport const a = readUnitInput;\n",
  },
  {
    name: 'an agent test importing another mirage/ file',
    file: 'agent/x.test.ts',
    code: "import { emitEvent } from '../mirage/events';\nexport const a = emitEvent;\n",
  },
  {
    name: 'agent/ importing the contract types as a value (types only: nothing of the app runs in the agent)',
    file: 'agent/x.ts',
    code: "import { components } from '../src/lib/api/schema';\nexport const a = components;\n",
  },
];

const allowed: Case[] = [
  {
    name: 'machines/ importing xstate',
    file: 'machines/x/x.machine.ts',
    code: "import { setup } from 'xstate';\nexport const a = setup;\n",
  },
  {
    name: 'machines/ importing xstate/graph',
    file: 'machines/x/x.machine.ts',
    code: "import { createTestModel } from 'xstate/graph';\nexport const a = createTestModel;\n",
  },
  {
    name: 'machines/ importing machines/',
    file: 'machines/x/x.machine.ts',
    code: "import type { ServiceUnit } from '../domain/types';\nexport type A = ServiceUnit;\n",
  },
  { name: 'a machine test importing vitest', file: 'machines/x/x.test.ts', code: "import { it } from 'vitest';\nexport const a = it;\n" },
  {
    name: 'api/ importing hono, core/, a rules module and types from machines/',
    file: 'api/services/x.ts',
    code: "import { Hono } from 'hono';\nimport { versionOf } from '../../core/versions';\nimport { readText } from '../../machines/text/text-rules';\nimport type { ServiceUnit } from '../../machines/domain/types';\nexport const a = [Hono, versionOf, readText];\nexport type A = ServiceUnit;\n",
  },
  {
    name: 'mirage/ and server/ importing the API app',
    file: 'mirage/x.ts',
    code: "import { createApp } from '../api/app';\nexport const a = createApp;\n",
  },
  {
    name: 'mirage/ importing miragejs and idb-keyval',
    file: 'mirage/domains/x.ts',
    code: "import { Response } from 'miragejs';\nimport { get } from 'idb-keyval';\nexport const a = [Response, get];\n",
  },
  {
    name: 'mirage/test-support.ts importing miragejs (what tests outside mirage/ take of it)',
    file: 'mirage/test-support.ts',
    code: "import { Response, type Server } from 'miragejs';\nexport const a = Response;\nexport type A = Server;\n",
  },
  {
    name: 'tests/ and server/ taking Mirage through mirage/ (Response, the Server type)',
    file: 'tests/mirage/x.test.ts',
    code: "import { Response } from '@mirage/test-support';\nimport type { Server } from '../../mirage/server';\nexport const a = Response;\nexport type A = Server;\n",
  },
  {
    name: 'mirage/ importing idb and zod (the row store and its row schemas)',
    file: 'mirage/store/x.ts',
    code: "import { openDB } from 'idb';\nimport { z } from 'zod';\nexport const a = [openDB, z];\n",
  },
  {
    name: 'a mirage test importing fake-indexeddb',
    file: 'mirage/store/x.test.ts',
    code: "import { IDBFactory } from 'fake-indexeddb';\nexport const a = IDBFactory;\n",
  },
  {
    name: 'mirage/ importing re2js (linear-time regular expressions for URL rules)',
    file: 'mirage/domains/x.ts',
    code: "import { RE2JS } from 're2js';\nexport const a = RE2JS;\n",
  },
  {
    name: "mirage/ importing jose (verifies the identity provider's access tokens)",
    file: 'mirage/oidc/x.ts',
    code: "import { jwtVerify } from 'jose';\nexport const a = jwtVerify;\n",
  },
  {
    name: 'mirage/ importing a type from machines/',
    file: 'mirage/domains/x.ts',
    code: "import type { ServiceUnit } from '@machines/domain/types';\nexport type A = ServiceUnit;\n",
  },
  {
    name: 'mirage/ importing the permission function from machines/permissions/',
    file: 'mirage/http.ts',
    code: "import { can } from '../machines/permissions/can';\nexport const a = can;\n",
  },
  {
    name: 'mirage/ importing the online-status rule from machines/service-units/unit-status',
    file: 'mirage/domains/x.ts',
    code: "import { unitStatus } from '@machines/service-units/unit-status';\nexport const a = unitStatus;\n",
  },
  {
    name: 'mirage/ importing a rules module of machines/ (a task’s limits), which imports only rules and types',
    file: 'mirage/domains/x.ts',
    code: "import { TASK_TEXT_RULES } from '../../machines/todo/task-rules';\nexport const a = TASK_TEXT_RULES;\n",
  },
  {
    name: 'a rules module of machines/ importing another rules module and a type',
    file: 'machines/x/x-rules.ts',
    code: "import { readText, type TextRule } from '../text/text-rules';\nexport const a = readText;\nexport type A = TextRule;\n",
  },
  {
    name: 'mirage/ importing the text rule from machines/text/text-rules',
    file: 'mirage/domains/x.ts',
    code: "import { readText } from '../../machines/text/text-rules';\nexport const a = readText;\n",
  },
  {
    name: 'mirage/ importing core/',
    file: 'mirage/domains/x.ts',
    code: "import { compileSafeRegex } from '../../core/safe-regex';\nexport const a = compileSafeRegex;\n",
  },
  {
    name: 'src/ importing core/',
    file: 'src/features/a/schema.ts',
    code: "import { compileSafeRegex } from '../../../core/safe-regex';\nexport const a = compileSafeRegex;\n",
  },
  {
    name: 'server/ importing core/',
    file: 'server/x.ts',
    code: "import { compileSafeRegex } from '../core/safe-regex';\nexport const a = compileSafeRegex;\n",
  },
  {
    name: 'core/ importing re2js, zod, core/, the text rule and types from machines/',
    file: 'core/x.ts',
    code: "import { RE2JS } from 're2js';\nimport { z } from 'zod';\nimport { compileSafeRegex } from './safe-regex';\nimport { readText } from '../machines/text/text-rules';\nimport type { RegexEngine } from '@machines/url-restrictions/url-matcher';\nexport const a = [RE2JS, z, compileSafeRegex, readText];\nexport type A = RegexEngine;\n",
  },
  { name: 'a core test importing vitest', file: 'core/x.test.ts', code: "import { it } from 'vitest';\nexport const a = it;\n" },
  {
    name: 'mirage/ importing types with inline type specifiers',
    file: 'mirage/domains/x.ts',
    code: "import { type ServiceUnit } from '@machines/domain/types';\nexport type A = ServiceUnit;\n",
  },
  {
    name: 'a feature importing machines/, src/lib and src/components',
    file: 'src/features/a/a-page.tsx',
    code: "import { ServiceUnit } from '@machines/domain/types';\nimport { apiClient } from '@/lib/api-client';\nimport { StatusPage } from '@/components/status-page';\nexport const a = [apiClient, StatusPage];\nexport type A = ServiceUnit;\n",
  },
  {
    name: 'a feature importing its own files',
    file: 'src/features/a/a-page.tsx',
    code: "import { x } from './api/get-x';\nimport { y } from '@/features/a/hooks/use-y';\nexport const a = [x, y];\n",
  },
  { name: 'src/app importing a feature', file: 'src/app/x.ts', code: "export const a = () => import('@/features/a/a-page');\n" },
  { name: 'src/app dynamic-importing mirage/', file: 'src/app/backend.ts', code: "export const a = () => import('@mirage/browser');\n" },
  {
    name: 'agent/ importing agent/, node:*, systeminformation and screenshot-desktop',
    file: 'agent/x.ts',
    code: "import { readFile } from 'node:fs/promises';\nimport si from 'systeminformation';\nimport shot from 'screenshot-desktop';\nimport { y } from './y';\nexport const a = [readFile, si, shot, y];\n",
  },
  {
    name: 'agent/ importing the contract types (import type from src/lib/api/schema: the agent speaks the contract)',
    file: 'agent/x.ts',
    code: "import type { components } from '../src/lib/api/schema';\nexport type A = components['schemas']['AgentCommand'];\n",
  },
  {
    name: 'agent/ importing core/process-rules (the one process-rule decision: not a copy)',
    file: 'agent/x.ts',
    code: "import { blockingRule } from '../core/process-rules';\nimport { globMatches } from '../core/process-rules.ts';\nexport const a = [blockingRule, globMatches];\n",
  },
  {
    name: 'an agent test importing vitest and server/ (a real server to run against)',
    file: 'agent/x.test.ts',
    code: "import { it } from 'vitest';\nimport { start } from '../server/test-support/http';\nexport const a = [it, start];\n",
  },
  {
    name: 'shared code importing shared code',
    file: 'src/components/x/x.tsx',
    code: "import { ROLE } from '@/lib/roles';\nexport const a = ROLE;\n",
  },
];

describe('project/layers lint rule', () => {
  it.each(forbidden)('reports $name', async ({ file, code }) => {
    expect(await layerErrors(file, code)).toHaveLength(1);
  });

  it.each(allowed)('allows $name', async ({ file, code }) => {
    expect(await layerErrors(file, code)).toEqual([]);
  });

  it('says where Mirage is to be taken from when a file outside mirage/ imports miragejs', async () => {
    expect(await layerErrors('server/x.ts', "import type { Server } from 'miragejs';\nexport type A = Server;\n")).toEqual([
      "'miragejs': miragejs is imported only inside mirage/; take what you need from mirage/'s own exports (the Server type from mirage/server, Response from mirage/test-support).",
    ]);
  });
});
