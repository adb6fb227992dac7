/**
 * Production runs compiled JavaScript: the build (tsconfig.build.json) compiles src/ to dist/,
 * bin/imprint.mjs runs dist/ when it is current and the TypeScript sources otherwise, render
 * threads load compiled modules, and `imprint --version` prints the package version. The build
 * goes to a temporary copy of the layout, so the checkout's own dist/ is left alone.
 */
import assert from 'node:assert/strict';
import { runSync } from '../helpers/child-processes.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const VERSION = (
  JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
    version: string;
  }
).version;

function run(args: string[], env: Record<string, string> = {}, cwd = ROOT) {
  return runSync(process.execPath, args, {
    cwd,
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
}

describe('imprint --version', () => {
  it('prints the package version', () => {
    const res = run(['bin/imprint.mjs', '--version']);
    assert.equal(res.status, 0, res.stderr);
    assert.equal(res.stdout.trim(), VERSION);
  });

  it('prints it from the TypeScript sources too', () => {
    const res = run(['bin/imprint.mjs', '--version'], { IMPRINT_USE_TSX: '1' });
    assert.equal(res.status, 0, res.stderr);
    assert.equal(res.stdout.trim(), VERSION);
  });
});

/** Newest modification time (ms) of the files under `dir`. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const e of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) newest = Math.max(newest, fs.statSync(path.join(e.parentPath, e.name)).mtimeMs);
  }
  return newest;
}

/** Whether the checkout's dist/ was built after every source changed (as bin/imprint.mjs asks). */
function checkoutBuildIsCurrent(): boolean {
  const cli = path.join(ROOT, 'dist/cli/index.js');
  if (!fs.existsSync(cli)) return false;
  const sources = ['src', 'tsconfig.build.json', 'tsconfig.json'].map((p) => path.join(ROOT, p));
  const newest = Math.max(
    ...sources.map((p) => (fs.statSync(p).isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs)),
  );
  return fs.statSync(cli).mtimeMs > newest;
}

describe('the compiled build', () => {
  // A copy of the layout: bin/, the compiled dist/, package.json, and links to assets and
  // node_modules (what the container image holds).
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-build-'));
  const dataDir = path.join(dir, 'data');
  before(() => {
    if (checkoutBuildIsCurrent()) {
      // `npm run build` (which CI and setup.sh run before the tests) compiled these sources with
      // the same tsconfig: a copy of it tests the same build without a minute of tsc.
      fs.cpSync(path.join(ROOT, 'dist'), path.join(dir, 'dist'), { recursive: true });
    } else {
      const tsc = run([
        path.join(ROOT, 'node_modules/typescript/bin/tsc'),
        '-p',
        'tsconfig.build.json',
        '--outDir',
        path.join(dir, 'dist'),
      ]);
      assert.equal(tsc.status, 0, tsc.stdout + tsc.stderr);
    }
    fs.mkdirSync(path.join(dir, 'bin'));
    fs.copyFileSync(path.join(ROOT, 'bin/imprint.mjs'), path.join(dir, 'bin/imprint.mjs'));
    fs.copyFileSync(path.join(ROOT, 'package.json'), path.join(dir, 'package.json'));
    fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'));
    fs.symlinkSync(path.join(ROOT, 'assets'), path.join(dir, 'assets'));
  });
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('holds JavaScript only, with .js imports', () => {
    const main = fs.readFileSync(path.join(dir, 'dist/main.js'), 'utf8');
    assert.match(main, /from ["']\.\/config\.js["']/);
    // Static and dynamic imports alike were rewritten to .js.
    assert.match(main, /import\(["']\.\/worker\/render-pool\.js["']\)/);
    assert.doesNotMatch(main, /\.ts["']/);
    assert.ok(fs.existsSync(path.join(dir, 'dist/worker/render-thread.js')));
  });

  it('runs CLI commands from dist/ without tsx, and without a note on stderr', () => {
    const version = run(['bin/imprint.mjs', '--version'], {}, dir);
    assert.equal(version.status, 0, version.stderr);
    assert.equal(version.stdout.trim(), VERSION);
    assert.equal(version.stderr, '');
    const env = { IMPRINT_DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };
    const created = run(['bin/imprint.mjs', 'project', 'create', 'Built', '--json'], env, dir);
    assert.equal(created.status, 0, created.stderr);
    const list = run(['bin/imprint.mjs', 'project', 'list', '--json'], env, dir);
    assert.equal(list.status, 0, list.stderr);
    assert.deepEqual(
      (JSON.parse(list.stdout) as Array<{ title: string }>).map((p) => p.title),
      ['Built'],
    );
  });

  it('checks a font in the compiled font-checker child process', () => {
    const env = { IMPRINT_DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '' };
    const font = path.join(ROOT, 'test/fixtures/fonts/dejavu-sans-latin.woff2');
    const created = run(['bin/imprint.mjs', 'project', 'create', 'Fonts', '--json'], env, dir);
    assert.equal(created.status, 0, created.stderr);
    const account = (JSON.parse(created.stdout) as { id: string }).id;
    const args = ['bin/imprint.mjs', 'font', 'import', font, '--account', account, '--json'];
    const res = run(args, env, dir);
    assert.equal(res.status, 0, res.stdout + res.stderr);
    assert.equal(
      (JSON.parse(res.stdout) as { filename: string }).filename,
      'dejavu-sans-latin.woff2',
    );
  });

  it('renders in a worker thread that loads the compiled engine', () => {
    const script = `
      const { RenderPool } = await import(${JSON.stringify(path.join(dir, 'dist/worker/render-pool.js'))});
      const pool = new RenderPool(1);
      const file = await pool.renderImage({
        design: { width: 40, height: 20, background: '#ff0000', layers: [] },
        assets: { files: new Map(), fonts: [] },
        options: { format: 'png' },
      });
      await pool.close();
      console.log(JSON.stringify({ ext: file.ext, width: file.width, bytes: file.bytes.length }));
    `;
    // A file, not --eval: worker threads inherit the process's --input-type flag.
    fs.writeFileSync(path.join(dir, 'render-once.mjs'), script);
    const res = run(['render-once.mjs'], {}, dir);
    assert.equal(res.status, 0, res.stderr);
    const out = JSON.parse(res.stdout) as { ext: string; width: number; bytes: number };
    assert.equal(out.ext, 'png');
    assert.equal(out.width, 40);
    assert.ok(out.bytes > 0);
  });

  it('falls back to the TypeScript sources, with a note, when a source is newer than dist/', () => {
    fs.cpSync(path.join(ROOT, 'src'), path.join(dir, 'src'), { recursive: true });
    const future = new Date(Date.now() + 3600_000);
    fs.utimesSync(path.join(dir, 'src/config.ts'), future, future);
    const res = run(['bin/imprint.mjs', '--version'], {}, dir);
    assert.equal(res.status, 0, res.stderr);
    assert.equal(res.stdout.trim(), VERSION);
    assert.match(res.stderr, /dist\/ is older than src\/.*npm run build/);
  });
});
