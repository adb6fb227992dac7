#!/usr/bin/env node
// Entry point of the `imprint` command. Production runs the compiled JavaScript in dist/ (built
// by `npm run build`, which setup.sh runs). When dist/ is missing, or older than a source file
// (development, tests), the TypeScript sources in src/ are loaded through tsx instead, with a
// note on stderr when a stale build is bypassed.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const compiled = `${root}dist/cli/index.js`;

/** Newest modification time (ms) of the files under `dir`; 0 when it does not exist. */
function newestMtime(dir) {
  let newest = 0;
  let entries;
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return 0;
  }
  for (const e of entries) {
    const p = `${dir}/${e.name}`;
    const t = e.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs;
    if (t > newest) newest = t;
  }
  return newest;
}

/** The compiled CLI when it exists and no source file is newer than it, else null. */
function compiledCli() {
  if (process.env.IMPRINT_USE_TSX === '1') return null;
  let built;
  try {
    built = fs.statSync(compiled).mtimeMs;
  } catch {
    return null;
  }
  // The client workspace is compiled by the same `npm run build`; `imprint batch` runs it.
  if (Math.max(newestMtime(`${root}src`), newestMtime(`${root}clients/typescript/src`)) > built) {
    process.stderr.write(
      'imprint: dist/ is older than src/, running the TypeScript sources (npm run build updates it)\n',
    );
    return null;
  }
  return compiled;
}

const entry = compiledCli();
if (!entry) {
  const { register } = await import('tsx/esm/api');
  register();
}
const { runCli } = await import(entry ?? '../src/cli/index.ts');
await runCli(process.argv);
