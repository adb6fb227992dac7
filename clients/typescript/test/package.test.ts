/**
 * The client as a user's project receives it: `npm pack` of clients/typescript (its prepack builds
 * dist/), installed without network into an empty folder, imported by plain node, compiled by a
 * project made with `tsc --init` that renders an image on a real `imprint serve`, then run by node
 * as compiled JavaScript, as TypeScript through node's type stripping, and from CommonJS.
 */
import assert from 'node:assert/strict';
import { spawnChild } from '../../../test/helpers/child-processes.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ServerProcess } from '../../../test/helpers/server-process.ts';

/** This checkout's client (never node_modules/@imprint/client, which may link elsewhere). */
const CLIENT_DIR = fileURLToPath(new URL('..', import.meta.url));
const ROOT = path.resolve(CLIENT_DIR, '../..');
const BIN = path.join(ROOT, 'node_modules', '.bin');
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** The names the package exports at run time (types aside). */
const EXPORTS = [
  'ImprintApiError',
  'RenderFailedError',
  'WaitTimeoutError',
  'WebhookWaiter',
  'createImprintClient',
  'idempotentFetch',
  'kindOf',
  'listAll',
  'signUrl',
  'verifyWebhook',
  'waitFor',
];

/**
 * The environment of every command: node, tsc and npm's scripts on this repository's Node, and no
 * npm_* variables of an enclosing `npm test` (npm_config_local_prefix would point npm at the
 * repository instead of the temporary folder).
 */
const ENV: NodeJS.ProcessEnv = Object.fromEntries(
  Object.entries(process.env).filter(([key]) => !/^npm_/i.test(key)),
);
ENV.PATH = `${BIN}${path.delimiter}${process.env.PATH ?? ''}`;

/**
 * Runs a command to its end in `cwd` and returns its stdout; rejects with its output when it
 * fails. It runs in a process group of its own, killed whole when `signal` aborts (the test
 * failed or timed out), so no npm script or compiler outlives the test.
 */
function run(cwd: string, cmd: string, args: string[], signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawnChild(cmd, args, { cwd, env: ENV });
    let out = '';
    let err = '';
    child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr!.on('data', (d: Buffer) => (err += d.toString()));
    const kill = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    if (signal.aborted) kill();
    signal.addEventListener('abort', kill, { once: true });
    child.on('error', reject);
    child.on('close', (code) => {
      signal.removeEventListener('abort', kill);
      if (code === 0) resolve(out);
      else reject(new Error(`${cmd} ${args.join(' ')} exited ${code}:\n${out}${err}`));
    });
  });
}

/** `name` and everything it depends on, as installed in this repository's node_modules. */
function dependencyClosure(names: string[]): string[] {
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name)) return;
    seen.add(name);
    const manifest = JSON.parse(
      fs.readFileSync(path.join(ROOT, 'node_modules', name, 'package.json'), 'utf8'),
    ) as { dependencies?: Record<string, string> };
    Object.keys(manifest.dependencies ?? {}).forEach(visit);
  };
  names.forEach(visit);
  return [...seen];
}

/** Whether this node strips TypeScript types without a flag (22.18 and later, 23.6 and later). */
function stripsTypesByDefault(): boolean {
  const [major, minor] = process.versions.node.split('.').map(Number);
  return major > 23 || (major === 23 && minor >= 6) || (major === 22 && minor >= 18);
}

/** The user's program: a template, its design and an image, all through the typed client. */
function userProgram(baseUrl: string, token: string): string {
  return `import { createImprintClient, type components } from '@imprint/client';

const imprint = createImprintClient({ baseUrl: ${JSON.stringify(baseUrl)}, token: ${JSON.stringify(token)} });

const { data: template, error } = await imprint.POST('/api/rest/templates', {
  body: { title: 'Packed client', width: 320, height: 160 },
});
if (!template) throw new Error(\`could not create the template: \${JSON.stringify(error)}\`);
const design = await imprint.PUT('/api/rest/templates/{template_uuid}/design', {
  params: { path: { template_uuid: template.uuid! } },
  body: {
    width: 320,
    height: 160,
    background: '#ffffff',
    layers: [{ name: 'title', type: 'text', x: 10, y: 10, width: 300, height: 100, text: 'Hi', font_size: 40 }],
  },
});
if (!design.response.ok) throw new Error(\`could not put the design: \${JSON.stringify(design.error)}\`);

const { data: queued } = await imprint.POST('/api/rest/images', {
  body: {
    template_uuid: template.uuid!,
    layers: { title: { text: 'From tsc --init' } },
    modifications: { image_format: 'png' },
  },
});
const image: components['schemas']['Image'] = await imprint.waitFor(queued!, {
  initialDelayMs: 50,
  timeoutMs: 30_000,
});
const file = await fetch(image.image_url!);
const bytes = new Uint8Array(await file.arrayBuffer());

const missing = await imprint.POST('/api/rest/images', { body: { template_uuid: 'no-such-template' } });

console.log(JSON.stringify({
  status: image.status,
  contentType: file.headers.get('content-type'),
  signature: Array.from(bytes.subarray(1, 4), (b) => String.fromCharCode(b)).join(''),
  missingStatus: missing.response.status,
  missingMessage: typeof missing.error?.message,
}));

// Never called: if the declarations were \`any\`, this line would compile and tsc would report the
// directive as unused.
export function wrongCall() {
  // @ts-expect-error width is a number
  return imprint.POST('/api/rest/templates', { body: { title: 'x', width: 'wide', height: 10 } });
}
`;
}

/** The same client from CommonJS: TypeScript's `import = require`, node's require() of ESM. */
const COMMONJS_PROGRAM = `import imprint = require('@imprint/client');

console.log(imprint.signUrl('tpl', { title: { text: 'Hi' } }, 'secret', { width: 200 }));
`;

describe('@imprint/client packed and used from a tsc --init project', () => {
  let tmp: string;
  let server: ServerProcess | undefined;
  let app: string;
  let tarballs: string[];

  before(
    async () => {
      const signal = AbortSignal.timeout(110_000);
      tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-client-pack-'));
      server = await ServerProcess.create({
        prefix: 'imprint-client-pack-',
        env: { IMPRINT_RENDER_THREADS: '1', LOG_LEVEL: 'warn' },
        readyMs: 60_000,
      });
      const serving = server.start();
      // Packing runs the package's prepack (a fresh build into its dist/). A copy of the client
      // is packed so that build does not replace the dist/ of this checkout under other tests'
      // running `imprint` processes; tsconfig.build.json extends the root tsconfig, and tsc and
      // the type packages come through a node_modules link beside it.
      const repo = path.join(tmp, 'repo');
      fs.cpSync(CLIENT_DIR, path.join(repo, 'clients', 'typescript'), {
        recursive: true,
        filter: (src) => !/[\\/](dist|node_modules)$/.test(src),
      });
      fs.copyFileSync(path.join(ROOT, 'tsconfig.json'), path.join(repo, 'tsconfig.json'));
      fs.symlinkSync(path.join(ROOT, 'node_modules'), path.join(repo, 'node_modules'), 'dir');
      const packs = path.join(tmp, 'tarballs');
      fs.mkdirSync(packs);
      const npm = [
        '--offline',
        '--cache',
        path.join(tmp, 'npm-cache'),
        '--pack-destination',
        packs,
      ];
      await run(tmp, 'npm', ['pack', path.join(repo, 'clients', 'typescript'), ...npm], signal);
      // The registry's part, offline: the client's dependencies as this repository installed
      // them, packed without their own scripts.
      const manifest = JSON.parse(
        fs.readFileSync(path.join(CLIENT_DIR, 'package.json'), 'utf8'),
      ) as { dependencies?: Record<string, string> };
      const deps = dependencyClosure(Object.keys(manifest.dependencies ?? {}));
      const depDirs = deps.map((d) => path.join(ROOT, 'node_modules', d));
      await run(tmp, 'npm', ['pack', ...depDirs, ...npm, '--ignore-scripts'], signal);
      tarballs = fs.readdirSync(packs).map((f) => path.join(packs, f));
      assert.equal(tarballs.length, deps.length + 1, fs.readdirSync(packs).join(', '));
      await serving;
    },
    { timeout: 120_000 },
  );

  after(async () => {
    await server?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  });

  // Each step sets its own limit: compiling against the full API types takes seconds, more on a
  // busy machine.
  const limit = { timeout: 90_000 };

  it(
    'installs into an empty folder without network, and plain node imports it',
    limit,
    async (t) => {
      app = path.join(tmp, 'app');
      fs.mkdirSync(app);
      await run(
        app,
        'npm',
        [
          'install',
          '--offline',
          '--no-audit',
          '--no-fund',
          '--cache',
          path.join(tmp, 'npm-cache'),
        ].concat(tarballs),
        t.signal,
      );
      const installed = path.join(app, 'node_modules', '@imprint', 'client');
      // What the package ships: its build and declarations, not its sources or tests.
      assert.deepEqual(fs.readdirSync(installed).sort(), ['README.md', 'dist', 'package.json']);
      for (const file of ['index.js', 'index.d.ts', 'schema.d.ts', 'client.d.ts'])
        assert.ok(fs.existsSync(path.join(installed, 'dist', file)), `dist/${file} is missing`);
      const esm = await run(
        app,
        process.execPath,
        [
          '--input-type=module',
          '-e',
          "const m = await import('@imprint/client'); console.log(JSON.stringify(Object.keys(m).sort()))",
        ],
        t.signal,
      );
      assert.deepEqual(JSON.parse(esm), EXPORTS);
    },
  );

  it(
    'compiles a tsc --init project and runs it with node against a real server',
    limit,
    async (t) => {
      await run(app, process.execPath, [TSC, '--init'], t.signal);
      // `tsc --init` asks for verbatimModuleSyntax, so `import` statements need an ES module.
      const pkg = JSON.parse(fs.readFileSync(path.join(app, 'package.json'), 'utf8')) as object;
      fs.writeFileSync(path.join(app, 'package.json'), JSON.stringify({ ...pkg, type: 'module' }));
      const { token } = server!.createProject('Packed client');
      fs.writeFileSync(path.join(app, 'index.ts'), userProgram(`${server!.base}/`, token));
      fs.writeFileSync(path.join(app, 'require.cts'), COMMONJS_PROGRAM);
      await run(app, process.execPath, [TSC], t.signal);
      const out = await run(app, process.execPath, ['index.js'], t.signal);
      assert.deepEqual(JSON.parse(out), {
        status: 'finished',
        contentType: 'image/png',
        signature: 'PNG',
        missingStatus: 404,
        missingMessage: 'string',
      });
    },
  );

  it("runs the same TypeScript file with node's type stripping", limit, async (t) => {
    // What the client's README promises: no flag from Node 22.18 (and on 24), the flag before.
    const flags = stripsTypesByDefault() ? [] : ['--experimental-strip-types'];
    const out = await run(app, process.execPath, [...flags, 'index.ts'], t.signal);
    assert.equal(JSON.parse(out).status, 'finished');
  });

  it('loads with require() from CommonJS', limit, async (t) => {
    const out = await run(app, process.execPath, ['require.cjs'], t.signal);
    assert.match(out.trim(), /^\/u\/tpl\?title%5Btext%5D=Hi&width=200&s=[0-9a-f]{64}$/);
  });
});
