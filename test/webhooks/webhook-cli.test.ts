/**
 * `imprint webhook secret|rotate --project <id>`, run in-process through the real program
 * (spawning the CLI per command costs seconds of TypeScript loading each).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { runCliInProcess } from '../helpers/cli-in-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-webhook-cli-'));
// This file runs in its own process, so the environment can point at a fresh data folder.
process.env.IMPRINT_DATA_DIR = dataDir;
process.env.DATABASE_URL = '';

async function imprint(...args: string[]) {
  const run = await runCliInProcess(args);
  return { code: run.code, out: run.stdout.trim(), err: run.stderr };
}

describe('imprint webhook commands', () => {
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('prints a stable secret, rotates it, and refuses unknown projects', async () => {
    const project = JSON.parse((await imprint('project', 'create', 'Hooks', '--json')).out);
    const first = await imprint('webhook', 'secret', '--project', project.id);
    assert.equal(first.code, 0, first.err);
    assert.match(first.out, /^whsec_[A-Za-z0-9_-]{43}$/);
    assert.equal((await imprint('webhook', 'secret', '--project', project.id)).out, first.out);

    const rotated = await imprint('webhook', 'rotate', '--project', project.id);
    assert.equal(rotated.code, 0, rotated.err);
    assert.match(rotated.out, /^whsec_[A-Za-z0-9_-]{43}$/);
    assert.notEqual(rotated.out, first.out);
    assert.equal((await imprint('webhook', 'secret', '--project', project.id)).out, rotated.out);

    const unknown = await imprint('webhook', 'secret', '--project', 'nope');
    assert.equal(unknown.code, 1);
    assert.match(unknown.err, /No project with id nope/);
    const missing = await imprint('webhook', 'rotate');
    assert.notEqual(missing.code, 0);
    assert.match(missing.err, /--project/);
  });
});
