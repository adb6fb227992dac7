/**
 * Builds the editor into dist/web for Imprint to serve at /editor. The layer registry comes in
 * at build time as the virtual module `virtual:editor-specs` (src/render/design/editor-specs.ts),
 * and the build prints the first load's gzipped size and fails over the 300 KB budget.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const outDir = path.join(root, 'dist/web');
/** Gzipped bytes of everything index.html loads before the editor can be used. */
export const BUDGET_GZIP_BYTES = 300 * 1024;

function editorSpecs(): Plugin {
  const id = 'virtual:editor-specs';
  return {
    name: 'imprint-editor-specs',
    resolveId: (source) => (source === id ? `\0${id}` : null),
    load(resolved) {
      if (resolved !== `\0${id}`) return null;
      const json = execFileSync(
        process.execPath,
        ['--import', 'tsx', path.join(root, 'scripts/print-editor-specs.ts')],
        { cwd: root, encoding: 'utf8' },
      );
      return `export default ${json};`;
    },
  };
}

function bundleBudget(): Plugin {
  return {
    name: 'imprint-bundle-budget',
    apply: 'build',
    closeBundle() {
      const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const refs = [...html.matchAll(/(?:src|href)="\/editor\/([^"]+)"/g)].map((m) => m[1]);
      let total = zlib.gzipSync(html).length;
      for (const ref of refs)
        total += zlib.gzipSync(fs.readFileSync(path.join(outDir, ref))).length;
      const kb = (total / 1024).toFixed(1);
      console.log(`editor first load: ${kb} KB gzipped (budget ${BUDGET_GZIP_BYTES / 1024} KB)`);
      if (total > BUDGET_GZIP_BYTES)
        throw new Error(`The editor's first load is ${kb} KB gzipped.`);
    },
  };
}

export default defineConfig({
  root: here,
  base: '/editor/',
  plugins: [editorSpecs(), bundleBudget()],
  build: { outDir, emptyOutDir: true, assetsDir: 'assets', sourcemap: false },
});
