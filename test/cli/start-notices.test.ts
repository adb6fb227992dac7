/**
 * What a newcomer sees at start: `imprint serve` refuses a taken port before it creates anything,
 * and a command that creates a new embedded database says where.
 */
import assert from 'node:assert/strict';
import { runSync } from '../helpers/child-processes.ts';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);

function imprint(args: string[], env: Record<string, string>) {
  return runSync(process.execPath, ['bin/imprint.mjs', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
}

test(
  'serve on a taken port exits with a message naming the port, and creates nothing',
  { timeout: 60_000 },
  async (t) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-port-taken-'));
    const blocker = net.createServer();
    await new Promise<void>((r) => blocker.listen(0, '127.0.0.1', r));
    t.after(() => {
      blocker.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    });
    const { port } = blocker.address() as net.AddressInfo;

    const res = imprint(['serve'], {
      PORT: String(port),
      HOST: '127.0.0.1',
      IMPRINT_DATA_DIR: dataDir,
    });

    assert.equal(res.status, 1, res.stderr);
    assert.match(res.stderr, new RegExp(`port ${port} on 127\\.0\\.0\\.1 is already in use`));
    assert.match(res.stderr, /PORT/);
    assert.doesNotMatch(res.stderr, /First start/);
    assert.equal(fs.existsSync(path.join(dataDir, 'imprint.sqlite')), false);
  },
);

test('a command that creates a new database says where, once', { timeout: 120_000 }, (t) => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-new-db-'));
  t.after(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const file = path.join(dataDir, 'imprint.sqlite');

  const first = imprint(['project', 'create', 'One', '--json'], { IMPRINT_DATA_DIR: dataDir });
  assert.equal(first.status, 0, first.stderr);
  assert.ok(first.stderr.includes(`Created a new database at ${file}`), first.stderr);
  assert.equal((JSON.parse(first.stdout) as { title: string }).title, 'One');

  const second = imprint(['project', 'list', '--json'], { IMPRINT_DATA_DIR: dataDir });
  assert.equal(second.status, 0, second.stderr);
  assert.doesNotMatch(second.stderr, /Created a new database/);
});
