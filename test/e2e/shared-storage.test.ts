/**
 * Many machines, one installation: an API-only `imprint serve` (IMPRINT_RUN_JOBS=0) and an
 * `imprint worker`, each with a data folder of its own, share one database and keep files in an
 * S3-protocol bucket (s3rver). The file a worker rendered downloads through the API (whole, a
 * range, HEAD), the webhook names the public URL, and DELETE removes the object from the bucket.
 * A video runs on the worker as well, its MP4 in the bucket.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { newId } from '../../src/core/ids.ts';
import type { DatabaseTarget } from '../../src/store/database.ts';
import { S3BlobStorage } from '../../src/storage/s3/s3-blob-storage.ts';
import { startAssetServer, testDesign, type AssetServer } from '../generation/_helpers.ts';
import { freshDatabase, testDbKinds } from '../helpers/databases.ts';
import { S3RVER_CREDENTIALS, startS3, type TestS3 } from '../helpers/s3rver.ts';
import { restClient, ServerProcess } from '../helpers/server-process.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const JPEG_START = Buffer.from([0xff, 0xd8, 0xff]);

/** DATABASE_URL for a test database (PostgreSQL: its schema through the `options` parameter). */
function databaseUrl(target: DatabaseTarget): string {
  if (target.kind === 'sqlite') return `sqlite:${target.file}`;
  const url = new URL(target.url);
  if (target.schema) url.searchParams.set('options', `-c search_path=${target.schema}`);
  return url.toString();
}

/** Records webhook bodies. */
async function startReceiver(): Promise<{ url: string; bodies: unknown[]; close(): void }> {
  const bodies: unknown[] = [];
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      bodies.push(JSON.parse(raw));
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    bodies,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

for (const { kind, skip } of testDbKinds()) {
  describe(`API and worker on separate data folders, S3 storage, shared ${kind}`, { skip }, () => {
    const cleanups: Array<() => Promise<void> | void> = [];
    after(async () => {
      for (const c of cleanups.reverse()) await c();
    });

    it(
      'serves, ranges, heads and deletes what the worker stored',
      { timeout: 180_000 },
      async () => {
        const s3: TestS3 = await startS3();
        cleanups.push(() => s3.close());
        const db = await freshDatabase(kind);
        cleanups.push(() => db.drop());
        const assets: AssetServer = await startAssetServer();
        cleanups.push(() => assets.close());
        const hook = await startReceiver();
        cleanups.push(() => hook.close());
        const shared = {
          ...s3.env('installation-1'),
          DATABASE_URL: databaseUrl(db.target),
          IMPRINT_RENDER_THREADS: '1',
          LOG_LEVEL: 'warn',
        };
        const api = await ServerProcess.create({ prefix: 'imprint-api-', env: shared });
        cleanups.push(() => api.close());
        // The worker's machine: another data folder, the API's public address.
        const worker = await ServerProcess.create({
          prefix: 'imprint-worker-',
          env: { ...shared, IMPRINT_PUBLIC_URL: api.base },
        });
        cleanups.push(() => worker.close());

        const { token } = api.createProject(`Shared ${newId(4)}`);
        const rest = restClient(api.base, token);
        await api.start({ IMPRINT_RUN_JOBS: '0' });
        worker.spawn(['worker']);

        const tpl = await rest('POST', '/templates', { title: 'Card', width: 400, height: 200 });
        await rest('PUT', `/templates/${tpl.body.uuid}/design`, testDesign());
        const created = await rest('POST', '/images', {
          template_uuid: tpl.body.uuid,
          webhook_success: hook.url,
          layers: { title: { text: 'Shared' }, photo: { image: `${assets.base}/red.png` } },
        });
        assert.equal(created.status, 200, JSON.stringify(created.body));
        const id = created.body.id as number;
        let image = created.body;
        const until = Date.now() + 60_000;
        while (image.status === 'queued' && Date.now() < until) {
          await sleep(200);
          image = (await rest('GET', `/images/${id}`)).body;
        }
        const logs = () => [...api.logs, ...worker.logs].join('');
        assert.equal(image.status, 'finished', `${JSON.stringify(image)}\n${logs()}`);
        const url = String(image.image_url);
        assert.ok(url.startsWith(`${api.base}/files/images/`), url);

        // Whole, a range, HEAD: all through the API process, which rendered nothing.
        const whole = await fetch(url);
        assert.equal(whole.status, 200);
        const bytes = Buffer.from(await whole.arrayBuffer());
        // Images are JPEG unless asked otherwise.
        assert.ok(bytes.subarray(0, 3).equals(JPEG_START), bytes.subarray(0, 8).toString('hex'));
        assert.equal(whole.headers.get('content-type'), 'image/jpeg');
        const part = await fetch(url, { headers: { range: 'bytes=1-3' } });
        assert.equal(part.status, 206);
        assert.equal(part.headers.get('content-range'), `bytes 1-3/${bytes.length}`);
        assert.ok(Buffer.from(await part.arrayBuffer()).equals(bytes.subarray(1, 4)));
        const head = await fetch(url, { method: 'HEAD' });
        assert.equal(head.status, 200);
        assert.equal(Number(head.headers.get('content-length')), bytes.length);

        // Neither machine kept the file on its own disk.
        for (const dir of [api.dataDir, worker.dataDir]) {
          assert.equal(fs.existsSync(`${dir}/files/blobs`), false, dir);
        }
        // The webhook the worker sent names the API's public URL.
        const waitHook = Date.now() + 30_000;
        while (hook.bodies.length === 0 && Date.now() < waitHook) await sleep(100);
        assert.equal((hook.bodies[0] as { image_url: string } | undefined)?.image_url, url);

        assert.match(logs(), new RegExp(`files in s3://${s3.bucket}/installation-1/`));
        const key = decodeURIComponent(new URL(url).pathname.slice('/files/'.length));
        const bucket = new S3BlobStorage({
          bucket: s3.bucket,
          region: 'us-east-1',
          endpoint: s3.endpoint,
          prefix: 'installation-1/',
          forcePathStyle: true,
          credentials: S3RVER_CREDENTIALS,
        });
        cleanups.push(() => bucket.close());
        assert.equal((await bucket.head(key))?.size, bytes.length);

        const del = await rest('DELETE', `/images/${id}`);
        assert.equal(del.status, 204);
        assert.equal(await bucket.head(key), null, 'the object is gone from the bucket');
        assert.equal((await fetch(url)).status, 404);

        // A video runs on the worker too, its MP4 stored in the bucket and served by the API.
        const queued = await rest('POST', '/videos', {
          clips: [
            {
              template_uuid: tpl.body.uuid,
              layers: {
                title: { text: ['One', 'Two'] },
                photo: { image: `${assets.base}/red.png` },
              },
            },
          ],
          modifications: { fps: 5, clip_duration: 1 },
        });
        assert.equal(queued.status, 200, JSON.stringify(queued.body));
        let video = queued.body;
        const videoUntil = Date.now() + 90_000;
        while (video.status === 'queued' && Date.now() < videoUntil) {
          await sleep(200);
          video = (await rest('GET', `/videos/${video.id}`)).body;
        }
        assert.equal(video.status, 'finished', `${JSON.stringify(video)}\n${logs()}`);
        const videoUrl = String(video.video_url);
        assert.ok(videoUrl.startsWith(`${api.base}/files/videos/`), videoUrl);
        const mp4 = await fetch(videoUrl);
        assert.equal(mp4.headers.get('content-type'), 'video/mp4');
        const mp4Bytes = Buffer.from(await mp4.arrayBuffer());
        assert.equal(mp4Bytes.subarray(4, 8).toString('latin1'), 'ftyp');
        const videoKey = decodeURIComponent(new URL(videoUrl).pathname.slice('/files/'.length));
        assert.equal((await bucket.head(videoKey))?.size, mp4Bytes.length);
        for (const dir of [api.dataDir, worker.dataDir]) {
          assert.equal(fs.existsSync(`${dir}/files/blobs`), false, dir);
        }
      },
    );
  });
}
