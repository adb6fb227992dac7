/**
 * Transfers on workers, with real processes: `imprint serve` (API only, IMPRINT_SECRET_KEY set)
 * accepts an image with a transfer and is SIGKILLed before anything ran it (a deploy), a new
 * `serve` starts, and an `imprint worker` renders it and copies it to S3 (s3rver). The secret
 * and session token appear in no file of the data folder and in no log, and the sealed copy is
 * gone from the row once the job has ended.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import S3rver from 's3rver';
import { readS3rverObject } from '../helpers/s3rver.ts';
import { startAssetServer, testDesign, type AssetServer } from '../generation/_helpers.ts';
import { freePort, restClient, ServerProcess } from '../helpers/server-process.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a transfer survives an API deploy and runs on a worker process', () => {
  const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-s3-'));
  const secret = `sEcReT-${randomBytes(16).toString('hex')}`;
  const sessionToken = `tOkEn-${randomBytes(16).toString('hex')}`;
  let srv: ServerProcess | undefined;
  let s3: S3rver | undefined;
  let assets: AssetServer | undefined;
  after(async () => {
    await srv?.close();
    await assets?.close();
    await s3?.close();
    fs.rmSync(s3Dir, { recursive: true, force: true });
  });

  it(
    'finishes the transfer without the credentials ever stored in clear',
    { timeout: 120_000 },
    async () => {
      const s3Port = await freePort();
      s3 = new S3rver({
        address: '127.0.0.1',
        port: s3Port,
        silent: true,
        directory: s3Dir,
        allowMismatchedSignatures: true,
        configureBuckets: [{ name: 'worker-transfer', configs: [] }],
      });
      await s3.run();
      assets = await startAssetServer();
      srv = await ServerProcess.create({
        prefix: 'imprint-transfer-worker-',
        env: {
          IMPRINT_SECRET_KEY: randomBytes(32).toString('base64'),
          IMPRINT_RUN_JOBS: '0',
          IMPRINT_RENDER_THREADS: '1',
          LOG_LEVEL: 'trace',
        },
      });
      const { token } = srv.createProject('Transfers');
      const api = restClient(srv.base, token);
      await srv.start();
      const tpl = await api('POST', '/templates', { title: 'Card', width: 400, height: 200 });
      await api('PUT', `/templates/${tpl.body.uuid}/design`, testDesign());
      const created = await api('POST', '/images', {
        template_uuid: tpl.body.uuid,
        layers: { photo: { image: `${assets.base}/red.png` } },
        modifications: { image_format: 'png' },
        transfer: {
          to: 's3',
          key: 'S3RVER',
          secret,
          token: sessionToken,
          bucket: 'worker-transfer',
          path: 'cards/deployed.png',
          endpoint: `http://127.0.0.1:${s3Port}`,
        },
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      assert.equal(created.body.status, 'queued');

      // The deploy: the API process dies before any process ran the job, a new one starts.
      await srv.stop('SIGKILL');
      await srv.start();
      const worker = srv.spawn(['worker']);
      let done: Record<string, unknown> = {};
      for (let i = 0; i < 600; i++) {
        done = (await api('GET', `/images/${created.body.id}`)).body;
        if (done.status !== 'queued') break;
        await sleep(100);
      }
      assert.equal(done.status, 'finished', `${JSON.stringify(done)}\n${srv.logs.join('')}`);
      const stored = await readS3rverObject(
        `http://127.0.0.1:${s3Port}`,
        'worker-transfer',
        'cards/deployed.png',
      );
      const served = Buffer.from(await (await fetch(String(done.image_url))).arrayBuffer());
      assert.ok(stored.equals(served), 'the bucket holds the rendered file');

      // Both processes stop (the data folder stays for the checks below).
      await srv.stop('SIGTERM');
      const exited = new Promise((r) => worker.once('exit', r));
      worker.kill('SIGTERM');
      await exited;
      const dbFile = path.join(srv.dataDir, 'imprint.sqlite');
      const db = new SQLite(dbFile, { readonly: true });
      const row = db
        .prepare('select transfer_sealed from images where id = ?')
        .get(created.body.id);
      db.close();
      assert.deepEqual(row, { transfer_sealed: null }, 'the sealed credentials are deleted');
      const files: string[] = [];
      const walk = (dir: string) => {
        for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
          const p = path.join(dir, e.name);
          if (e.isDirectory()) walk(p);
          else files.push(p);
        }
      };
      walk(srv.dataDir);
      for (const f of files) {
        const content = fs.readFileSync(f);
        assert.equal(content.includes(secret), false, `secret found in ${f}`);
        assert.equal(content.includes(sessionToken), false, `session token found in ${f}`);
      }
      const logs = srv.logs.join('');
      assert.ok(logs.length > 0);
      assert.equal(logs.includes(secret), false, 'secret found in logs');
      assert.equal(logs.includes(sessionToken), false, 'session token found in logs');
    },
  );
});
