/**
 * Start checks of processes that share an installation: a worker needs IMPRINT_PUBLIC_URL, and a
 * worker or an API-only serve on local storage refuses a shared PostgreSQL database (exit 78,
 * naming the variable) and warns where sharing cannot be detected (SQLite).
 */
import assert from 'node:assert/strict';
import { runSync, spawnChild } from '../helpers/child-processes.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import { checkSharedSetup } from '../../src/cli/start-checks.ts';
import { ConfigError, loadConfig } from '../../src/config.ts';

const ROOT = path.resolve(new URL('../..', import.meta.url).pathname);
// Nothing listens there: the checks must stop the start before any connection is tried.
const PG = 'postgres://nobody@127.0.0.1:1/imprint';
const PUBLIC = { IMPRINT_PUBLIC_URL: 'https://imprint.example.com' };
const S3 = { IMPRINT_STORAGE: 's3', IMPRINT_S3_BUCKET: 'renders' };
const KEY = { IMPRINT_SECRET_KEY: 'k'.repeat(32) };
const REDIS = 'redis://127.0.0.1:1';

function refuses(env: Record<string, string>, role: 'worker' | 'serve', variable: string) {
  assert.throws(
    () => checkSharedSetup(loadConfig(env), role),
    (err: unknown) => err instanceof ConfigError && err.variable === variable,
  );
}

describe('checkSharedSetup', () => {
  it('refuses a worker without IMPRINT_PUBLIC_URL', () => {
    refuses({}, 'worker', 'IMPRINT_PUBLIC_URL');
    refuses(S3, 'worker', 'IMPRINT_PUBLIC_URL');
  });

  it('refuses a worker or an API-only serve on local storage with PostgreSQL', () => {
    refuses({ ...PUBLIC, DATABASE_URL: PG }, 'worker', 'IMPRINT_STORAGE');
    refuses({ DATABASE_URL: PG, IMPRINT_RUN_JOBS: '0' }, 'serve', 'IMPRINT_STORAGE');
  });

  it('accepts them on S3 storage with IMPRINT_SECRET_KEY without a word', () => {
    assert.deepEqual(
      checkSharedSetup(loadConfig({ ...PUBLIC, ...S3, ...KEY, DATABASE_URL: PG }), 'worker'),
      [],
    );
    assert.deepEqual(
      checkSharedSetup(
        loadConfig({ ...S3, ...KEY, DATABASE_URL: PG, IMPRINT_RUN_JOBS: '0' }),
        'serve',
      ),
      [],
    );
  });

  it('warns that transfers need IMPRINT_SECRET_KEY on a shared PostgreSQL or Redis', () => {
    const shared = [
      { env: { ...PUBLIC, ...S3, DATABASE_URL: PG }, role: 'worker' as const },
      { env: { ...PUBLIC, REDIS_URL: REDIS }, role: 'worker' as const },
      { env: { ...S3, DATABASE_URL: PG, IMPRINT_RUN_JOBS: '0' }, role: 'serve' as const },
      { env: { REDIS_URL: REDIS, IMPRINT_RUN_JOBS: '0' }, role: 'serve' as const },
    ];
    for (const { env, role } of shared) {
      const warnings = checkSharedSetup(loadConfig(env), role);
      const secret = warnings.filter((w) => w.includes('IMPRINT_SECRET_KEY'));
      assert.equal(secret.length, 1, `${role} ${JSON.stringify(env)}: ${warnings.join(' | ')}`);
      assert.match(secret[0], /transfers.*need/);
    }
    // A serve that runs its own jobs keeps credentials in memory; SQLite without Redis shares
    // no queue with other machines.
    for (const env of [{ ...S3, DATABASE_URL: PG }, { REDIS_URL: REDIS }]) {
      const warnings = checkSharedSetup(loadConfig(env), 'serve');
      assert.equal(warnings.filter((w) => w.includes('IMPRINT_SECRET_KEY')).length, 0);
    }
    const local = checkSharedSetup(loadConfig({ ...PUBLIC }), 'worker');
    assert.equal(local.filter((w) => w.includes('IMPRINT_SECRET_KEY')).length, 0);
  });

  it('warns where sharing cannot be detected, and is silent for one self-contained serve', () => {
    const [worker] = checkSharedSetup(loadConfig({ ...PUBLIC }), 'worker');
    assert.match(String(worker), /IMPRINT_DATA_DIR.*IMPRINT_STORAGE=s3/);
    const [apiOnly] = checkSharedSetup(loadConfig({ IMPRINT_RUN_JOBS: '0' }), 'serve');
    assert.match(String(apiOnly), /IMPRINT_STORAGE=s3/);
    assert.match(String(checkSharedSetup(loadConfig({ DATABASE_URL: PG }), 'serve')[0]), /s3/);
    assert.deepEqual(checkSharedSetup(loadConfig({}), 'serve'), []);
  });
});

describe('imprint worker and serve refuse to start', () => {
  const run = (args: string[], env: Record<string, string>) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-check-'));
    try {
      return runSync(process.execPath, ['bin/imprint.mjs', ...args], {
        cwd: ROOT,
        encoding: 'utf8',
        timeout: 60_000,
        env: {
          ...process.env,
          IMPRINT_DATA_DIR: dataDir,
          IMPRINT_PUBLIC_URL: '',
          DATABASE_URL: '',
          REDIS_URL: '',
          IMPRINT_STORAGE: '',
          PORT: '1',
          ...env,
        },
      });
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  };

  it('a worker without IMPRINT_PUBLIC_URL: exit 78 naming it', { timeout: 90_000 }, () => {
    const res = run(['worker'], {});
    assert.equal(res.status, 78, res.stderr);
    assert.match(res.stderr, /IMPRINT_PUBLIC_URL/);
  });

  it(
    'a worker on local storage with PostgreSQL: exit 78 explaining IMPRINT_STORAGE=s3',
    { timeout: 60_000 },
    () => {
      const res = run(['worker'], { ...PUBLIC, DATABASE_URL: PG });
      assert.equal(res.status, 78, res.stderr);
      assert.match(res.stderr, /Invalid IMPRINT_STORAGE: .*IMPRINT_STORAGE=s3/);
    },
  );

  it('a worker on Redis without IMPRINT_SECRET_KEY: the warning goes to stderr', async (t) => {
    // Redis is unreachable (port 1): the worker would keep retrying, so it is stopped once the
    // warning, printed before any connection, has arrived.
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-check-'));
    const child = spawnChild(process.execPath, ['bin/imprint.mjs', 'worker'], {
      t,
      cwd: ROOT,
      env: {
        ...process.env,
        IMPRINT_DATA_DIR: dataDir,
        DATABASE_URL: '',
        IMPRINT_STORAGE: '',
        IMPRINT_SECRET_KEY: '',
        PORT: '1',
        ...PUBLIC,
        REDIS_URL: REDIS,
      },
    });
    let stderr = '';
    const exited = new Promise((r) => child.once('exit', r));
    await new Promise<void>((resolve) => {
      child.stderr!.on('data', (d: Buffer) => {
        stderr += d.toString();
        if (stderr.includes('IMPRINT_SECRET_KEY is not set')) resolve();
      });
      void exited.then(() => resolve());
    });
    child.kill('SIGKILL');
    await exited;
    fs.rmSync(dataDir, { recursive: true, force: true });
    assert.match(stderr, /imprint: IMPRINT_SECRET_KEY is not set: transfers/);
  });

  it('an API-only serve on local storage with PostgreSQL: exit 78', { timeout: 60_000 }, () => {
    const res = run(['serve'], { DATABASE_URL: PG, IMPRINT_RUN_JOBS: '0' });
    assert.equal(res.status, 78, res.stderr);
    assert.match(res.stderr, /IMPRINT_STORAGE=s3/);
  });
});

describe('a SQLite DATABASE_URL in a missing folder', () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-dburl-'));
  after(() => fs.rmSync(base, { recursive: true, force: true }));
  const run = (args: string[], env: Record<string, string>) =>
    runSync(process.execPath, ['bin/imprint.mjs', ...args], {
      cwd: ROOT,
      encoding: 'utf8',
      // Without the check a serve would run: stop it outright (the test then fails on its status).
      timeout: 30_000,
      killSignal: 'SIGKILL',
      env: { ...process.env, REDIS_URL: '', IMPRINT_STORAGE: '', PORT: '1', ...env },
    });

  it(
    'stops serve with exit 78 naming DATABASE_URL, and creates nothing',
    { timeout: 60_000 },
    () => {
      const missing = path.join(base, 'typo', 'deeper');
      const res = run(['serve'], {
        IMPRINT_DATA_DIR: path.join(base, 'data'),
        DATABASE_URL: `sqlite:${missing}/imprint.sqlite`,
      });
      assert.equal(res.status, 78, res.stderr);
      assert.match(res.stderr, /Invalid DATABASE_URL: .*the folder .*typo.deeper does not exist/);
      assert.equal(fs.existsSync(path.join(base, 'typo')), false);
    },
  );

  it(
    'still creates the data folder (IMPRINT_DATA_DIR, or a DATABASE_URL file inside it)',
    { timeout: 90_000 },
    () => {
      const dataDir = path.join(base, 'fresh', 'data');
      const res = run(['project', 'list', '--json'], {
        IMPRINT_DATA_DIR: dataDir,
        DATABASE_URL: '',
      });
      assert.equal(res.status, 0, res.stderr);
      assert.ok(fs.existsSync(path.join(dataDir, 'imprint.sqlite')));
      const other = path.join(base, 'other', 'data');
      const inside = run(['project', 'list', '--json'], {
        IMPRINT_DATA_DIR: other,
        DATABASE_URL: `sqlite:${other}/own.sqlite`,
      });
      assert.equal(inside.status, 0, inside.stderr);
      assert.ok(fs.existsSync(path.join(other, 'own.sqlite')));
    },
  );
});
