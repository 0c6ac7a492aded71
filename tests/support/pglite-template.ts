import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite, type PGliteOptions } from '../../node_modules/@electric-sql/pglite/dist/index.js';

/**
 * @electric-sql/pglite as the unit tests import it (vite.config.ts aliases it here). A new PGlite runs initdb, a
 * second WebAssembly instance that writes an empty cluster: most of the seconds a server test file spends opening
 * its database, and the server's suites open dozens. Here the first new database of a worker is made as before and
 * copied (its data folder as a tarball, with the compiled module); every later one starts from that copy, which is
 * what initdb would write again. A database opened on a folder that already holds one is opened as before.
 */
export * from '../../node_modules/@electric-sql/pglite/dist/index.js';

type Create = (dataDirOrOptions?: string | PGliteOptions, options?: PGliteOptions) => Promise<PGlite>;

const DIST = join(import.meta.dirname, '../../node_modules/@electric-sql/pglite/dist');
// PGlite's own create, also when a file with isolation loads this module again over the same PGlite.
const ORIGINAL = Symbol.for('sua.pglite.create');
const holder = PGlite as unknown as { create: Create; [ORIGINAL]?: Create };
const create = (holder[ORIGINAL] ??= PGlite.create.bind(PGlite) as Create);

interface Template {
  loadDataDir: Blob | File;
  pgliteWasmModule: WebAssembly.Module;
  fsBundle: Blob;
}
let template: Promise<Template> | null = null;

function templateOf(options: PGliteOptions): Promise<Template> {
  template ??= (async () => {
    const [pgliteWasmModule, fsBundle] = await Promise.all([
      readFile(join(DIST, 'pglite.wasm')).then((bytes) => WebAssembly.compile(bytes)),
      readFile(join(DIST, 'pglite.data')).then((bytes) => new Blob([bytes])),
    ]);
    const empty = await create({ ...options, pgliteWasmModule, fsBundle });
    try {
      return { loadDataDir: await empty.dumpDataDir('none'), pgliteWasmModule, fsBundle };
    } finally {
      await empty.close();
    }
  })();
  return template;
}

holder.create = async (dataDirOrOptions, maybeOptions) => {
  const dataDir = typeof dataDirOrOptions === 'string' ? dataDirOrOptions : undefined;
  const options = (typeof dataDirOrOptions === 'string' ? maybeOptions : dataDirOrOptions) ?? {};
  const fresh =
    dataDir === undefined ? !options.dataDir || options.dataDir.startsWith('memory://') : !existsSync(join(dataDir, 'PG_VERSION'));
  // noInitDb: PGlite's own instance for running initdb (it calls create itself).
  if (!fresh || options.loadDataDir || (options as { noInitDb?: boolean }).noInitDb) return create(dataDirOrOptions, maybeOptions);
  const copy = await templateOf(options);
  return dataDir === undefined ? create({ ...options, ...copy }) : create(dataDir, { ...options, ...copy });
};
