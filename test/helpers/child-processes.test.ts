/**
 * The helper every test starts its processes with (child-processes.ts) leaves none behind: a
 * test file whose test starts a child that starts a grandchild, both ignoring SIGTERM, and then
 * fails, times out or ends its process, is run under `node --test`; the runner exits, and neither
 * process is left.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { run, spawnChild, stopChild } from './child-processes.ts';

const FIXTURE = new URL('./fixtures/leaky-test.ts', import.meta.url).pathname;
// The runner this test runs under tells its files so through NODE_TEST_CONTEXT; a runner of its
// own must not inherit it.
const { NODE_TEST_CONTEXT: _, ...ENV } = process.env;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-children-'));
after(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Whether a process runs (a zombie awaiting its parent's wait does not). */
function running(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return false;
  }
}

async function gone(pids: number[], ms: number): Promise<number[]> {
  const until = Date.now() + ms;
  let left = pids.filter(running);
  while (left.length > 0 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 50));
    left = left.filter(running);
  }
  return left;
}

describe('child processes of a test', () => {
  for (const leak of ['fail', 'timeout', 'exit']) {
    it(
      `are gone, and the runner exits, when the test ${{ fail: 'fails', timeout: 'times out', exit: 'ends its process' }[leak]}`,
      { timeout: 120_000 },
      async () => {
        const pidsFile = path.join(dir, `${leak}.pids`);
        const res = await run(
          process.execPath,
          ['--import', 'tsx', '--test', '--test-reporter=tap', FIXTURE],
          {
            env: { ...ENV, LEAK_CASE: leak, PIDS_FILE: pidsFile, TEST_STOP_GRACE_MS: '500' },
            limitMs: 90_000,
          },
        );
        assert.equal(res.timedOut, false, `the runner did not exit:\n${res.stdout}${res.stderr}`);
        assert.notEqual(res.status, 0, 'the leaky test failed');
        const pids = fs.readFileSync(pidsFile, 'utf8').split(' ').map(Number);
        assert.equal(pids.length, 2);
        // Stopped before the runner exited; only the kernel's clean-up may lag.
        assert.deepEqual(await gone(pids, 2_000), [], `still running: ${pids.filter(running)}`);
      },
    );
  }

  it('refuses to let a child inherit the output', () => {
    assert.throws(
      () => spawnChild(process.execPath, ['-e', ''], { stdio: 'inherit' }),
      /must not inherit/,
    );
    assert.throws(
      () => spawnChild(process.execPath, ['-e', ''], { stdio: ['ignore', 'ignore', 'inherit'] }),
      /must not inherit/,
    );
  });

  it('escalates from SIGTERM to SIGKILL for a child that ignores SIGTERM', async (t) => {
    const child = spawnChild(
      process.execPath,
      ['-e', "process.on('SIGTERM', () => {}); console.log('ready'); setInterval(() => {}, 1000)"],
      { t },
    );
    await new Promise((r) => child.stdout!.once('data', r));
    await stopChild(child, 'SIGTERM', 300);
    assert.equal(child.signalCode, 'SIGKILL');
  });

  it('run stops a child that outlives its limit and says so', async () => {
    const res = await run(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], {
      limitMs: 300,
    });
    assert.equal(res.timedOut, true);
    assert.equal(res.signal, 'SIGTERM');
  });
});
