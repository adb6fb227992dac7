import assert from 'node:assert/strict';
import { runSync } from '../helpers/child-processes.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { runCliInProcess } from '../helpers/cli-in-process.ts';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-cli-'));
/** The real binary, in a process of its own: a Node start per command, so used sparingly. */
function spawned(...args: string[]) {
  const res = runSync(process.execPath, ['bin/imprint.mjs', ...args], {
    env: { ...process.env, IMPRINT_DATA_DIR: dataDir, DATABASE_URL: '' },
    encoding: 'utf8',
  });
  return { code: res.status, out: res.stdout, err: res.stderr };
}
/** The same program in this process (cli-in-process.ts): the other commands. */
async function imprint(...args: string[]) {
  const res = await runCliInProcess(args, { env: { IMPRINT_DATA_DIR: dataDir, DATABASE_URL: '' } });
  return { code: res.code, out: res.stdout, err: res.stderr };
}

describe('imprint project and token commands', () => {
  after(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it(
    'creates a project with --json, lists it, and manages tokens',
    { timeout: 120_000 },
    async () => {
      const created = spawned('project', 'create', 'Acme', '--json');
      assert.equal(created.code, 0, created.err);
      const p = JSON.parse(created.out);
      assert.deepEqual(Object.keys(p).sort(), ['id', 'test_token', 'title', 'token']);
      assert.equal(p.title, 'Acme');
      assert.match(p.token, /^imp_live_[A-Za-z0-9_-]{43}$/);
      assert.match(p.test_token, /^imp_test_[A-Za-z0-9_-]{43}$/);

      const list = JSON.parse((await imprint('project', 'list', '--json')).out);
      assert.ok(list.some((x: { id: string }) => x.id === p.id));

      const tok = JSON.parse(
        (await imprint('token', 'create', '--project', p.id, '--test', '--json')).out,
      );
      assert.equal(tok.kind, 'test');
      assert.equal(tok.project_id, p.id);
      const tokens = JSON.parse((await imprint('token', 'list', '--project', p.id, '--json')).out);
      assert.equal(tokens.length, 3);
      assert.ok(
        tokens.every((t: Record<string, unknown>) => !('token' in t) && !('token_hash' in t)),
      );

      assert.equal((await imprint('token', 'revoke', tok.id)).code, 0);
      assert.notEqual((await imprint('token', 'revoke', tok.id)).code, 0);
      const text = (await imprint('token', 'list', '--project', p.id)).out.trim().split('\n');
      assert.equal(text.length, 3);
      assert.ok(
        text.every((line) => line.endsWith('\tnever used')),
        text.join('\n'),
      );
      const revoked = JSON.parse((await imprint('token', 'list', '--project', p.id, '--json')).out);
      assert.ok(
        revoked.find((t: { id: string; revoked_at: string | null }) => t.id === tok.id)?.revoked_at,
      );
    },
  );

  it('stores tokens only as hashes', async () => {
    const p = JSON.parse((await imprint('project', 'create', 'Hashes', '--json')).out);
    const db = fs.readFileSync(path.join(dataDir, 'imprint.sqlite'));
    const wal = fs.existsSync(path.join(dataDir, 'imprint.sqlite-wal'))
      ? fs.readFileSync(path.join(dataDir, 'imprint.sqlite-wal'))
      : Buffer.alloc(0);
    for (const secret of [p.token, p.test_token]) {
      assert.equal(db.includes(secret), false);
      assert.equal(wal.includes(secret), false);
    }
  });

  it(
    'fails clearly for an unknown project and a bad config value',
    { timeout: 120_000 },
    async () => {
      const res = await imprint('token', 'create', '--project', 'nope');
      assert.notEqual(res.code, 0);
      assert.match(res.err, /No project with id nope/);
      const list = await imprint('token', 'list', '--project', 'nope');
      assert.notEqual(list.code, 0);
      assert.match(list.err, /No project with id nope/);
      const bad = runSync(process.execPath, ['bin/imprint.mjs', 'project', 'list'], {
        env: { ...process.env, IMPRINT_DATA_DIR: dataDir, PORT: 'x' },
        encoding: 'utf8',
      });
      assert.equal(bad.status, 78);
      assert.match(bad.stderr, /PORT/);
    },
  );

  it('refuses an empty or blank project title', async () => {
    for (const title of ['', '   ', 'x'.repeat(256)]) {
      const res = await imprint('project', 'create', title, '--json');
      assert.equal(res.code, 1, res.out);
      assert.match(res.err, /title must be 1 to 255 characters/);
      assert.equal(res.out, '');
    }
  });

  it(
    'names DATABASE_URL or IMPRINT_DATA_DIR when the database cannot be opened',
    { timeout: 240_000 },
    () => {
      const run = (env: Record<string, string>) =>
        runSync(process.execPath, ['bin/imprint.mjs', 'project', 'list'], {
          env: { ...process.env, IMPRINT_DATA_DIR: dataDir, DATABASE_URL: '', ...env },
          encoding: 'utf8',
        });
      // Nothing listens on port 1; the password must not be printed.
      const pg = run({ DATABASE_URL: 'postgres://someone:s3cret@127.0.0.1:1/test' });
      assert.equal(pg.status, 78, pg.stderr);
      assert.match(
        pg.stderr,
        /^imprint: Invalid DATABASE_URL: cannot use postgres:\/\/someone:\*\*\*@/m,
      );
      assert.doesNotMatch(pg.stderr, /s3cret/);
      // A data folder that is a file.
      const file = path.join(dataDir, 'not-a-folder');
      fs.writeFileSync(file, 'x');
      const sqlite = run({ IMPRINT_DATA_DIR: file });
      assert.equal(sqlite.status, 78, sqlite.stderr);
      assert.match(
        sqlite.stderr,
        /^imprint: Invalid IMPRINT_DATA_DIR: cannot open the SQLite database/m,
      );
    },
  );
});
