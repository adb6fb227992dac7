/**
 * Imprint runs on a supported Node.js (24, and 22): npm scripts put the `node` dev dependency's
 * Node 24 first on the PATH, scripts/with-supported-node.sh gives `npm install` a Node 24 where the
 * system's is older, and the container image and `engines` say the same.
 */
import assert from 'node:assert/strict';
import { runSync } from '../helpers/child-processes.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const pkg = (file: string) =>
  JSON.parse(fs.readFileSync(path.join(ROOT, file), 'utf8')) as {
    engines?: { node?: string };
    devDependencies?: Record<string, string>;
  };
const major = (version: string) => Number(version.replace(/^v/, '').split('.')[0]);

describe('the Node.js Imprint runs on', () => {
  it('runs the test suite on the Node 24 of the `node` dev dependency', () => {
    const wanted = pkg('package.json').devDependencies?.node;
    assert.match(wanted ?? '', /^\^24\./);
    assert.equal(major(process.versions.node), 24, `npm test ran on ${process.version}`);
    const installed = path.join(ROOT, 'node_modules', '.bin', 'node');
    const version = runSync(installed, ['--version'], { encoding: 'utf8' }).stdout.trim();
    assert.equal(version, process.version, 'the suite runs on node_modules/.bin/node');
  });

  it('declares Node 22 or newer for the service and the client', () => {
    assert.equal(pkg('package.json').engines?.node, '>=22');
    assert.equal(pkg('clients/typescript/package.json').engines?.node, '>=22');
  });

  it('builds the container image on node:24', () => {
    const froms = fs
      .readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8')
      .split('\n')
      .filter((line) => /^FROM\s/i.test(line));
    assert.ok(froms.length >= 2);
    for (const line of froms) assert.match(line, /^FROM node:24-bookworm-slim\b/);
  });
});

describe('scripts/with-supported-node.sh', () => {
  const script = path.join(ROOT, 'scripts', 'with-supported-node.sh');
  const shims = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-node-shim-'));
  after(() => fs.rmSync(shims, { recursive: true, force: true }));

  /** A `node` on the PATH that claims `claimed` as its major version and runs the real one. */
  function pathWithNodeClaiming(claimed: number): string {
    const dir = fs.mkdtempSync(path.join(shims, 'bin-'));
    fs.writeFileSync(
      path.join(dir, 'node'),
      `#!/bin/sh\ncase "$*" in *process.versions.node*) echo ${claimed}; exit 0;; esac\n` +
        `exec "${process.execPath}" "$@"\n`,
      { mode: 0o755 },
    );
    return `${dir}:${process.env.PATH}`;
  }

  function run(claimed: number) {
    return runSync(
      'bash',
      [script, 'bash', '-c', 'command -v node; node -e "console.log(process.version)"'],
      {
        cwd: os.tmpdir(),
        env: { ...process.env, PATH: pathWithNodeClaiming(claimed) },
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
  }

  it('runs the command as it is where the system Node is 22 or newer', () => {
    const res = run(22);
    assert.equal(res.status, 0, res.stderr);
    assert.equal(res.stderr, '');
    assert.match(res.stdout, /bin-[^/]+\/node\n/, 'the system node stays first on the PATH');
  });

  it('runs the command on node@24 from the npm registry where the system Node is older', () => {
    const res = run(20);
    assert.equal(res.status, 0, res.stderr);
    assert.match(res.stderr, /System Node\.js is 20 \(22 or newer is needed\)/);
    const [where, version] = res.stdout.trim().split('\n');
    assert.doesNotMatch(where ?? '', /bin-[^/]+\/node$/, 'the registry node comes first');
    assert.equal(major(version ?? ''), 24);
  });
});
