/**
 * The documentation's examples run: every fenced `sh`/`bash` and `js`/`javascript` block of
 * README.md and docs/*.md runs against a real `imprint serve`, and a failing one fails the build.
 * A block whose info string carries `no-test` is skipped (setup commands, deployments to other
 * hosts); blocks in other languages (json, ini, text) are samples, not commands. A shell block
 * that starts a server or worker never returns by itself: deployment-examples.test.ts runs those.
 *
 * What the docs assume of the reader is provided: `T`/`TOKEN` a live token, `B` the API base, the
 * server at `http://localhost:3000` (rewritten to the test server's URL), and the placeholders
 * `<project-id>` and `<template_uuid>` replaced with real ones. Shell blocks run with
 * `bash -e -o pipefail` in a folder that mirrors the repository (see blockFolder), JavaScript
 * blocks in the repository folder, both with the server's data directory, so `npx imprint`
 * opens the server's database.
 */
import assert from 'node:assert/strict';
import { runSync } from '../helpers/child-processes.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { ServerProcess } from '../helpers/server-process.ts';
import { docFiles, extractBlocks, ROOT, startsSomething } from './doc-files.ts';

// `npx imprint` is `node bin/imprint.mjs` without npm's start-up second: the same program, faster.
const NPX_IMPRINT = `npx() { if [ "$1" = imprint ]; then shift; node "${ROOT}/bin/imprint.mjs" "$@"; else command npx "$@"; fi; }\n`;

/**
 * A folder of its own for one shell block: it links to every top-level entry of the repository,
 * so a block reads the repository's files (fixtures, docs/images) as from its root, while the
 * files it writes (pulled templates, images) stay out of the repository.
 */
function blockFolder(work: string): string {
  const dir = fs.mkdtempSync(path.join(work, 'block-'));
  for (const name of fs.readdirSync(ROOT)) {
    if (name === '.git') continue;
    fs.symlinkSync(path.join(ROOT, name), path.join(dir, name));
  }
  return dir;
}

describe('documentation examples run against a real server', () => {
  let srv: ServerProcess;
  let env: NodeJS.ProcessEnv;
  let work: string;

  before(async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-doc-blocks-'));
    srv = await ServerProcess.create({
      prefix: 'imprint-doc-examples-',
      env: { IMPRINT_RENDER_THREADS: '1', LOG_LEVEL: 'warn' },
    });
    await srv.start();
    const project = srv.createProject('Docs');
    const res = await fetch(`${srv.base}/api/rest/templates`, {
      method: 'POST',
      headers: { authorization: `Bearer ${project.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Docs', width: 600, height: 300 }),
    });
    assert.equal(res.status, 201, await res.clone().text());
    const template = (await res.json()) as { uuid: string };
    env = {
      ...srv.env,
      T: project.token,
      TOKEN: project.token,
      B: `${srv.base}/api/rest`,
      PROJECT_ID: project.id,
      TEMPLATE_UUID: template.uuid,
      IMPRINT_URL_SECRET: 'doc-example-secret',
      npm_config_update_notifier: 'false',
    };
  });

  after(async () => {
    await srv?.close();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  });

  for (const file of docFiles()) {
    const blocks = extractBlocks(fs.readFileSync(path.join(ROOT, file), 'utf8')).filter(
      (b) =>
        !b.skip &&
        ['sh', 'bash', 'js', 'javascript'].includes(b.lang) &&
        !(['sh', 'bash'].includes(b.lang) && startsSomething(b.code)),
    );
    for (const block of blocks) {
      // Each block starts the CLI through npx at least once: seconds, a minute on a loaded machine.
      test(`${file}:${block.line} (${block.lang})`, { timeout: 240_000 }, () => {
        const code = block.code
          .replaceAll('http://localhost:3000', srv.base)
          .replaceAll('<project-id>', String(env.PROJECT_ID))
          .replaceAll('<template_uuid>', String(env.TEMPLATE_UUID));
        const isJs = block.lang === 'js' || block.lang === 'javascript';
        const res = isJs
          ? runSync(process.execPath, ['--input-type=module', '-e', code], {
              cwd: ROOT,
              env,
              encoding: 'utf8',
              timeout: 180_000,
            })
          : runSync('bash', ['-e', '-o', 'pipefail', '-c', NPX_IMPRINT + code], {
              cwd: blockFolder(work),
              env,
              encoding: 'utf8',
              timeout: 180_000,
            });
        assert.equal(
          res.status,
          0,
          `${file}:${block.line} failed (exit ${res.status}):\n${code}\n--- stdout\n${res.stdout}\n--- stderr\n${res.stderr}`,
        );
      });
    }
  }
});
