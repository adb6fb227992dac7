/**
 * ffmpeg's runner: a child it started dies with the process that started it, even when that
 * process is SIGKILLed and can kill nothing itself (a worker killed mid-encode).
 */
import { execFileSync } from 'node:child_process';
import { it } from 'node:test';
import { spawnChild } from '../helpers/child-processes.ts';

/** PIDs of processes whose command line is exactly `cmd`. */
function pidsOf(cmd: string): number[] {
  try {
    return execFileSync('pgrep', ['-fx', cmd], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return []; // pgrep exits 1 when nothing matches
  }
}

async function until(what: string, check: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

it(
  'a child of runProcess is killed when its parent is SIGKILLed',
  { timeout: 60_000 },
  async (t) => {
    // A unique command line, to find exactly this child.
    const seconds = `${60 + Math.floor(Math.random() * 1000)}.5`;
    const script = `
    const { runProcess } = await import(${JSON.stringify(new URL('../../src/video/run-process.ts', import.meta.url).href)});
    console.log('started');
    await runProcess('sleep', [${JSON.stringify(seconds)}], { timeoutMs: 120000 });
  `;
    const parent = spawnChild(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { t, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    await until('the child runs', () => pidsOf(`sleep ${seconds}`).length === 1);
    const [child] = pidsOf(`sleep ${seconds}`);
    // SIGKILL the parent alone (not its group): nothing in it can stop the child.
    parent.kill('SIGKILL');
    await until('the child is gone', () => {
      try {
        process.kill(child, 0);
        return false;
      } catch {
        return true;
      }
    });
  },
);
