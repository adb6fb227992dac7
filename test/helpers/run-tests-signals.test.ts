/**
 * `npm test` stopped by a signal (Ctrl+C, a CI job's SIGTERM) leaves nothing running: the test
 * runner, the test file's process and what that file started are all gone soon after, and
 * `npm test` exits with a failure.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { spawnChild } from './child-processes.ts';

const FIXTURE = 'test/helpers/fixtures/_hanging.test.ts';
const { NODE_TEST_CONTEXT: _, ...ENV } = process.env;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-run-tests-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function until<T>(what: string, ms: number, probe: () => T | undefined): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('npm test stopped by a signal', () => {
  for (const sig of ['SIGTERM', 'SIGINT'] as const) {
    it(
      `${sig}: the runner, the test file and its children are gone`,
      { timeout: 120_000 },
      async (t) => {
        const pidsFile = path.join(dir, `${sig}.pids`);
        const runner = spawnChild(
          process.execPath,
          ['scripts/run-tests.mjs', '--only-tests', FIXTURE],
          { env: { ...ENV, PIDS_FILE: pidsFile, TEST_STOP_GRACE_MS: '500' }, t },
        );
        let output = '';
        runner.stdout!.on('data', (d: Buffer) => (output += d.toString()));
        runner.stderr!.on('data', (d: Buffer) => (output += d.toString()));
        const exited = new Promise<number | null>((resolve) => runner.once('exit', resolve));
        const pids = await until('the test file to start its children', 90_000, () =>
          fs.existsSync(pidsFile) &&
          fs.readFileSync(pidsFile, 'utf8').trim().split(' ').length === 3
            ? fs.readFileSync(pidsFile, 'utf8').trim().split(' ').map(Number)
            : undefined,
        );
        runner.kill(sig);
        const code = await exited;
        assert.notEqual(code, 0, `npm test exited with success after ${sig}:\n${output}`);
        await until('every process to be gone', 20_000, () =>
          pids.some(running) ? undefined : true,
        ).catch(() => assert.fail(`still running: ${pids.filter(running)}\n${output}`));
      },
    );
  }
});
