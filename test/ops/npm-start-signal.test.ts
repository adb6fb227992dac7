/**
 * `npm start` and `npm run worker` under a process manager: SIGTERM sent to the npm process alone
 * (what Docker and most supervisors do to their main process) reaches the server, which drains
 * and exits; npm exits 0 after it, and no process of the group is left holding the port. npm runs
 * a script through `sh -c`, and sh does not pass signals on: without `exec` in the script, npm's
 * SIGTERM ends sh and leaves the server running as an orphan.
 */
import assert from 'node:assert/strict';
import { spawnChild } from '../helpers/child-processes.ts';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, test } from 'node:test';
import { freePort } from '../helpers/server-process.ts';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** A sleep that does not keep the process alive: the bound of a race, not something to wait for. */
const unrefSleep = (ms: number) => new Promise((r) => setTimeout(r, ms).unref());

function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch {
    return false;
  }
}

async function portFree(port: number): Promise<boolean> {
  const srv = net.createServer();
  return new Promise((resolve) => {
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

describe('npm scripts stop cleanly on SIGTERM to npm', () => {
  for (const [script, role] of [
    ['start', 'serve'],
    ['worker', 'worker'],
  ] as const) {
    test(`npm ${script === 'start' ? 'start' : 'run worker'}`, { timeout: 120_000 }, async (t) => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `imprint-npm-${script}-`));
      const port = await freePort();
      const env: NodeJS.ProcessEnv = {
        ...process.env,
        DATABASE_URL: '',
        REDIS_URL: '',
        HOST: '127.0.0.1',
        IMPRINT_DATA_DIR: dataDir,
        IMPRINT_RENDER_THREADS: '1',
        LOG_LEVEL: 'info',
        npm_config_update_notifier: 'false',
        ...(role === 'serve'
          ? { PORT: String(port) }
          : { IMPRINT_WORKER_PORT: String(port), IMPRINT_PUBLIC_URL: 'http://127.0.0.1:3000' }),
      };
      // A process group of its own, so the cleanup reaches whatever npm started.
      const npm = spawnChild('npm', script === 'start' ? ['start'] : ['run', 'worker'], {
        cwd: ROOT,
        env,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      const pgid = npm.pid!;
      t.after(() => {
        if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
        fs.rmSync(dataDir, { recursive: true, force: true });
      });
      let log = '';
      npm.stdout!.on('data', (d: Buffer) => (log += d.toString()));
      npm.stderr!.on('data', (d: Buffer) => (log += d.toString()));
      const exited = new Promise<number | null>((r) => npm.once('exit', (code) => r(code)));

      const deadline = Date.now() + 90_000;
      for (;;) {
        assert.equal(npm.exitCode, null, `npm exited before it was ready:\n${log}`);
        const ok = await fetch(`http://127.0.0.1:${port}/ready`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (ok) break;
        assert.ok(Date.now() < deadline, `/ready did not answer:\n${log}`);
        await sleep(100);
      }

      process.kill(npm.pid!, 'SIGTERM');
      const code = await Promise.race([exited, unrefSleep(60_000).then(() => 'timeout' as const)]);
      assert.equal(code, 0, `npm exits 0 once the ${role} has drained:\n${log}`);
      assert.match(log, /"msg":"shutdown complete"/, 'the server drained rather than being killed');
      for (let i = 0; groupAlive(pgid); i++) {
        assert.ok(i < 100, 'a process of the group is still running 10 s after npm exited');
        await sleep(100);
      }
      assert.ok(await portFree(port), `port ${port} is free`);
    });
  }
});
