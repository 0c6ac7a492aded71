import { readFileSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import type { Plugin } from 'vite';

/**
 * The boot overlay's script and styles (public/boot.js, public/boot.css: they run before the app, from files
 * because the Content-Security-Policy allows no inline script, docs/security.md) as hashed files under
 * /assets/, like the bundles: cached for good (docs/deploy.md), so a second visit renders without asking the
 * server for them again. The build rewrites index.html to the hashed names; public/ still holds the unhashed
 * files, which `npm run dev` serves.
 */
const FILES = [
  { url: '/boot.js', name: 'boot-overlay.js', path: '../public/boot.js' },
  { url: '/boot.css', name: 'boot-overlay.css', path: '../public/boot.css' },
] as const;

interface EmittedAsset {
  type: string;
  fileName: string;
  name?: string;
  names?: readonly string[];
}

export function hashedBootFiles(): Plugin {
  return {
    name: 'hashed-boot-files',
    apply: 'build',
    buildStart() {
      for (const file of FILES) {
        this.emitFile({ type: 'asset', name: file.name, source: readFileSync(fileURLToPath(new URL(file.path, import.meta.url))) });
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        let out = html;
        for (const file of FILES) {
          const asset = Object.values(ctx.bundle as Record<string, EmittedAsset>).find(
            (a) => a.type === 'asset' && (a.names?.includes(file.name) || a.name === file.name),
          );
          if (!asset) throw new Error(`hashed-boot-files: ${file.name} was not emitted`);
          // The attribute's exact value only: `src="/boot.js"`, `href="/boot.css"`.
          out = out.replace(`"${file.url}"`, `"/${asset.fileName}"`);
        }
        return bootScriptLast(out);
      },
    },
  };
}

/**
 * The boot script goes last in <head>, after the app's module script and its modulepreloads: a parser-blocking
 * script ahead of them held their downloads back until it had run (a cold /login fetched its bundles ~70 ms
 * later). Still in <head>, it runs before the body is parsed, so a dark page never paints white first.
 */
function bootScriptLast(html: string): string {
  const tag = /[ \t]*<script src="\/assets\/boot-overlay-[^"]+\.js"><\/script>\n?/.exec(html);
  // Pages without the boot overlay (the silent-renewal page) stay as they are.
  if (!tag) return html;
  const rest = html.replace(tag[0], '');
  return rest.replace('</head>', `  ${tag[0].trim()}\n  </head>`);
}
