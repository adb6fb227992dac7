/**
 * Transfers run on workers: with IMPRINT_SECRET_KEY the API seals the credentials into the row,
 * the API instance goes away (a deploy), and a worker instance on the same database renders and
 * copies the file to S3 (s3rver on loopback). The secret is never in the database in clear and
 * the sealed copy is gone once the job has ended. Without the key, a set-up where another
 * process may run the job answers 503 naming IMPRINT_SECRET_KEY.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import S3rver from 's3rver';
import { readS3rverObject } from '../helpers/s3rver.ts';
import { startJobProcessing } from '../../src/main.ts';
import { testDbKinds } from '../helpers/databases.ts';
import { freePort } from '../helpers/server-process.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTemplate, pollUntilDone, startAssetServer, type AssetServer } from './_helpers.ts';

const KEY = 'k'.repeat(20) + randomBytes(16).toString('hex');

for (const { kind, skip } of testDbKinds()) {
  describe(`transfers run by a worker instance on ${kind}`, { skip }, () => {
    const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-s3-'));
    const secret = `sEcReT-${randomBytes(16).toString('hex')}`;
    const sessionToken = `tOkEn-${randomBytes(16).toString('hex')}`;
    let s3: S3rver;
    let s3Port: number;
    let assets: AssetServer;
    let worker: TestApp;
    let uuid: string;
    const env = { IMPRINT_ALLOW_PRIVATE_URLS: '1', IMPRINT_RENDER_THREADS: '1' };

    before(async () => {
      s3Port = await freePort();
      s3 = new S3rver({
        address: '127.0.0.1',
        port: s3Port,
        silent: true,
        directory: s3Dir,
        allowMismatchedSignatures: true,
        configureBuckets: [{ name: 'shared-transfer', configs: [] }],
      });
      await s3.run();
      assets = await startAssetServer();
      worker = await createTestApp(kind, { ...env, IMPRINT_SECRET_KEY: KEY });
      uuid = await createTemplate(worker);
    });
    after(async () => {
      await worker?.close();
      await assets?.close();
      await s3?.close();
      fs.rmSync(s3Dir, { recursive: true, force: true });
    });

    const transfer = (p: string) => ({
      to: 's3',
      key: 'S3RVER',
      secret,
      token: sessionToken,
      region: 'us-east-1',
      bucket: 'shared-transfer',
      path: p,
      endpoint: `http://127.0.0.1:${s3Port}`,
    });

    /** Every column of every image row, as text. */
    const imageRowsText = async () =>
      JSON.stringify(await worker.runtime.db.selectFrom('images').selectAll().execute());
    const sealedOf = async (id: number) =>
      (
        await worker.runtime.db
          .selectFrom('images')
          .select('transfer_sealed')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).transfer_sealed;

    it('seals the credentials, survives the API going away and transfers from the worker', async () => {
      // The API instance: IMPRINT_RUN_JOBS=0, it only queues.
      const api = await createTestApp(
        kind,
        { ...env, IMPRINT_SECRET_KEY: KEY, IMPRINT_RUN_JOBS: '0' },
        { shareWith: worker },
      );
      const created = await api.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: {
          template_uuid: uuid,
          layers: { photo: { image: `${assets.base}/red.png` } },
          modifications: { image_format: 'png' },
          transfer: transfer('cards/worker.png'),
        },
      });
      assert.equal(created.statusCode, 200, created.body);
      const id = created.json().id as number;
      assert.equal(created.body.includes(secret), false);
      await api.close(); // the deploy: the process that accepted the request is gone

      const rows = await imageRowsText();
      assert.equal(rows.includes(secret), false, 'secret in clear in the images table');
      assert.equal(rows.includes(sessionToken), false, 'session token in clear');
      assert.match(String(await sealedOf(id)), /^v1\./);
      if (kind === 'postgres') {
        const all = await sql<{ t: string }>`select string_agg(j::text, '') as t from (
          select row_to_json(x) as j from images x union all select row_to_json(y) from jobs y) z`.execute(
          worker.runtime.db,
        );
        assert.equal(String(all.rows[0].t).includes(secret), false);
      }

      const stop = startJobProcessing(worker.runtime, 2);
      try {
        const done = await pollUntilDone(worker, created.json().polling_url);
        assert.equal(done.status, 'finished', JSON.stringify(done));
        const stored = await readS3rverObject(
          `http://127.0.0.1:${s3Port}`,
          'shared-transfer',
          'cards/worker.png',
        );
        const served = await worker.request({
          method: 'GET',
          url: new URL(done.image_url as string).pathname,
        });
        assert.ok(stored.equals(served.rawPayload), 'the bucket holds the rendered file');
        assert.equal(await sealedOf(id), null, 'the sealed credentials are deleted');
      } finally {
        await stop();
      }
      if (kind === 'sqlite' && worker.target.kind === 'sqlite') {
        const dir = path.dirname(worker.target.file);
        for (const f of fs.readdirSync(dir)) {
          const bytes = fs.readFileSync(path.join(dir, f));
          assert.equal(bytes.includes(secret), false, `secret in ${f}`);
          assert.equal(bytes.includes(sessionToken), false, `session token in ${f}`);
        }
      }
    });

    it('deletes the sealed credentials when the image is deleted before it ran', async () => {
      const api = await createTestApp(
        kind,
        { ...env, IMPRINT_SECRET_KEY: KEY, IMPRINT_RUN_JOBS: '0' },
        { shareWith: worker },
      );
      try {
        await createAndDelete(api);
      } finally {
        await api.close();
      }
    });

    const createAndDelete = async (api: TestApp) => {
      const created = await api.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: { template_uuid: uuid, transfer: transfer('cards/deleted.png') },
      });
      assert.equal(created.statusCode, 200, created.body);
      const id = created.json().id as number;
      assert.match(String(await sealedOf(id)), /^v1\./);
      const del = await api.request({ method: 'DELETE', url: `/api/rest/images/${id}` });
      assert.equal(del.statusCode, 204);
      assert.equal(await sealedOf(id), null);
    };

    it(
      'answers 503 naming IMPRINT_SECRET_KEY when another process would run the transfer',
      { timeout: 60_000 },
      async () => {
        // API-only on SQLite, and any set-up on PostgreSQL: some other process runs the job.
        const api = await createTestApp(
          kind,
          { ...env, IMPRINT_RUN_JOBS: kind === 'sqlite' ? '0' : '1' },
          { shareWith: worker },
        );
        try {
          const res = await api.request({
            method: 'POST',
            url: '/api/rest/images',
            payload: { template_uuid: uuid, transfer: transfer('cards/refused.png') },
          });
          assert.equal(res.statusCode, 503, res.body);
          const body = res.json();
          assert.match(body.message, /IMPRINT_SECRET_KEY/);
          assert.match(body.errors.transfer[0], /IMPRINT_SECRET_KEY/);
          // Bad fields still come first, as a 422.
          const bad = await api.request({
            method: 'POST',
            url: '/api/rest/images',
            payload: { template_uuid: uuid, transfer: { ...transfer('x.png'), to: 'ftp' } },
          });
          assert.equal(bad.statusCode, 422, bad.body);
          // create_now renders inside the request, in this process: no key needed.
          const now = await api.request({
            method: 'POST',
            url: '/api/rest/images',
            payload: { template_uuid: uuid, create_now: true, transfer: transfer('cards/now.png') },
          });
          assert.equal(now.statusCode, 200, now.body);
          assert.equal(now.json().status, 'finished', now.body);
        } finally {
          await api.close();
        }
      },
    );
  });
}
