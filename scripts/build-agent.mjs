// npm run agent:build: the agent as one file for Node (dist-agent/sua-agent.mjs), its packages inside, so a unit
// needs Node and this file, not a checkout with node_modules and tsx (docs/agent.md, "Install"). Beside it,
// sua-agent.mjs.LICENSES.txt: the licence of every package the bundle holds, which their licences ask to ship.
// `node scripts/build-agent.mjs OUTFILE` builds elsewhere (agent/build.test.ts).
import { chmod, copyFile, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { build } from 'esbuild';

const outfile = process.argv[2] ?? 'dist-agent/sua-agent.mjs';
const root = new URL('..', import.meta.url).pathname;
const { version, engines } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8'));
const node = /(\d+\.\d+)/.exec(engines.node)?.[1] ?? '20.19';

const result = await build({
  entryPoints: [join(root, 'agent/main.ts')],
  outfile,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: `node${node}`,
  // systeminformation and screenshot-desktop are CommonJS and require() Node's modules: an ES module has no require
  // (nor __dirname, where screenshot-desktop finds its Windows helper) of its own, so the bundle makes them.
  banner: {
    js: [
      '#!/usr/bin/env node',
      `// Service Unit Admin agent ${version} (docs/agent.md), bundled by esbuild; its packages' licences: ${basename(outfile)}.LICENSES.txt`,
      "import { createRequire as __suaCreateRequire } from 'node:module';",
      'const require = __suaCreateRequire(import.meta.url);',
      'const __dirname = import.meta.dirname;',
    ].join('\n'),
  },
  define: { SUA_AGENT_VERSION: JSON.stringify(version) },
  logLevel: 'warning',
  metafile: true,
});
await chmod(outfile, 0o755);
// screenshot-desktop's Windows capture runs a helper it reads from beside its code: beside the bundle, then.
for (const helper of ['screenCapture_1.3.2.bat', 'app.manifest']) {
  await copyFile(join(root, 'node_modules/screenshot-desktop/lib/win32', helper), join(dirname(outfile), helper));
}

const packages = [
  ...new Set(
    Object.keys(result.metafile.inputs)
      .map((input) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(input)?.[1])
      .filter((name) => name !== undefined),
  ),
].sort();
const notices = [];
for (const name of packages) {
  const folder = join(root, 'node_modules', name);
  const manifest = JSON.parse(await readFile(join(folder, 'package.json'), 'utf8'));
  const file = (await readdir(folder)).find((entry) => /^(licen[cs]e|copying)/i.test(entry));
  const text = file ? await readFile(join(folder, file), 'utf8') : `(no licence file; package.json says ${manifest.license})`;
  notices.push(`${name}@${manifest.version} (${manifest.license})\n\n${text.trim()}\n`);
}
await writeFile(`${outfile}.LICENSES.txt`, notices.join(`\n${'-'.repeat(72)}\n\n`));

const bytes = Object.values(result.metafile.outputs).reduce((sum, output) => sum + output.bytes, 0);
console.info(`${outfile}: ${(bytes / 1024).toFixed(0)} KiB with ${packages.length} packages, agent ${version}, Node ${node} or newer`);
