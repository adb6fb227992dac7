/**
 * End to end against a real `imprint serve` process (SQLite, local files): signed webhooks to a
 * local receiver, transfer of an image and of a video to an S3 server on loopback read back byte
 * for byte, the transfer
 * secret absent from every database file and log, and a transfer whose credentials died with the
 * process (SIGKILL) ending in error.
 */
import assert from 'node:assert/strict';
import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import S3rver from 's3rver';
import { readS3rverObject } from '../helpers/s3rver.ts';
import { restClient, ServerProcess, freePort } from '../helpers/server-process.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { startAssetServer, testDesign, type AssetServer } from './_helpers.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- JSON bodies of the API
type Json = Record<string, any>;

describe('generation against a real server', () => {
  const s3Dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-s3-'));
  // s3rver knows one access key; the secret and session token are ours (signatures not checked).
  const s3Key = 'S3RVER';
  const s3Token = `tOkEn-${randomBytes(16).toString('hex')}`;
  const s3Secret = `sEcReT-${randomBytes(16).toString('hex')}`;
  let imprint: ServerProcess;
  let base: string;
  let s3: S3rver;
  let s3Port: number;
  let receiver: Receiver;
  let assets: AssetServer;
  let token: string;
  let whSecret: string;
  let uuid: string;
  let api: ReturnType<typeof restClient>;
  const poll = async (url: string): Promise<Json> => {
    for (let i = 0; i < 600; i++) {
      const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
      const body = (await res.json()) as Json;
      if (body.status !== 'queued') return body;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`still queued: ${url}`);
  };
  const waitFor = async <T>(fn: () => T | undefined, what: string): Promise<T> => {
    for (let i = 0; i < 300; i++) {
      const v = fn();
      if (v !== undefined) return v;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`timed out waiting for ${what}`);
  };

  before(async () => {
    imprint = await ServerProcess.create({
      prefix: 'imprint-e2e-',
      env: {
        IMPRINT_RENDER_THREADS: '1',
        IMPRINT_WEBHOOK_RETRY_BASE_MS: '200',
        LOG_LEVEL: 'trace',
      },
      readyMs: 20_000,
    });
    base = imprint.base;
    s3Port = await freePort();
    s3 = new S3rver({
      address: '127.0.0.1',
      port: s3Port,
      silent: true,
      directory: s3Dir,
      allowMismatchedSignatures: true,
      configureBuckets: [{ name: 'imprint-e2e', configs: [] }],
    });
    await s3.run();
    receiver = await startReceiver({});
    assets = await startAssetServer();
    const created = imprint.createProject('E2E');
    token = created.token;
    api = restClient(base, token);
    whSecret = imprint.cli('webhook', 'secret', '--project', created.id);
    await imprint.start();
    const tpl = await api('POST', '/templates', { title: 'E2E', width: 400, height: 200 });
    uuid = tpl.body.uuid;
    const put = await api('PUT', `/templates/${uuid}/design`, testDesign());
    assert.equal(put.status, 200, JSON.stringify(put.body));
  });
  after(async () => {
    await imprint?.close();
    await receiver?.close();
    await assets?.close();
    await s3?.close();
    fs.rmSync(s3Dir, { recursive: true, force: true });
  });

  const transfer = (p: string) => ({
    to: 's3',
    key: s3Key,
    secret: s3Secret,
    token: s3Token,
    region: 'us-east-1',
    bucket: 'imprint-e2e',
    visibility: 'public',
    path: p,
    endpoint: `http://127.0.0.1:${s3Port}`,
  });

  it('finishes, transfers to S3 and sends a signed webhook with the GET object', async () => {
    const created = await api('POST', '/images', {
      template_uuid: uuid,
      layers: { photo: { image: `${assets.base}/red.png` } },
      webhook_success: receiver.url('/done'),
      passthrough: { ref: 'e2e' },
      modifications: { image_format: 'png' },
      transfer: transfer('cards/e2e.png'),
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.equal(created.body.polling_url, `${base}/api/rest/images/${created.body.id}`);
    const done = await poll(created.body.polling_url);
    assert.equal(done.status, 'finished', JSON.stringify(done));
    const file = await fetch(done.image_url);
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'image/png');
    const bytes = Buffer.from(await file.arrayBuffer());

    const stored = await readS3rverObject(
      `http://127.0.0.1:${s3Port}`,
      'imprint-e2e',
      'cards/e2e.png',
    );
    assert.ok(stored.equals(bytes), 'the bucket holds exactly the served file');

    const hook = await waitFor(() => receiver.to('/done')[0], 'the success webhook');
    assert.equal(hook.headers['imprint-event'], 'image.finished');
    const sig = String(hook.headers['imprint-signature']);
    const m = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(sig);
    assert.ok(m, sig);
    const expected = createHmac('sha256', whSecret).update(`${m[1]}.${hook.body}`).digest('hex');
    assert.equal(m[2], expected);
    assert.deepEqual(JSON.parse(hook.body), done);
  });

  it('transfers a video to S3 and announces it like an image', async () => {
    const created = await api('POST', '/videos', {
      clips: [{ template_uuid: uuid, layers: { photo: { image: `${assets.base}/red.png` } } }],
      modifications: { fps: 5, clip_duration: 1 },
      webhook_success: receiver.url('/video-done'),
      transfer: transfer('clips/e2e.mp4'),
    });
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const done = await poll(created.body.polling_url);
    assert.equal(done.status, 'finished', JSON.stringify(done));
    const file = await fetch(done.video_url);
    assert.equal(file.headers.get('content-type'), 'video/mp4');
    const bytes = Buffer.from(await file.arrayBuffer());
    const stored = await readS3rverObject(
      `http://127.0.0.1:${s3Port}`,
      'imprint-e2e',
      'clips/e2e.mp4',
    );
    assert.ok(stored.equals(bytes), 'the bucket holds exactly the served video');
    const hook = await waitFor(() => receiver.to('/video-done')[0], 'the video webhook');
    assert.equal(hook.headers['imprint-event'], 'video.finished');
    assert.deepEqual(JSON.parse(hook.body), done);
  });

  it('sends webhook_error with the reasons when a PDF fails', async () => {
    const created = await api('POST', '/pdfs', {
      pages: [{ template_uuid: uuid, layers: { photo: { image: `${assets.base}/nope.png` } } }],
      webhook_success: receiver.url('/pdf-ok'),
      webhook_error: receiver.url('/pdf-failed'),
    });
    const done = await poll(created.body.polling_url);
    assert.equal(done.status, 'error');
    assert.match(done.errors[0], /pages\.0\.layers\.photo: .*nope\.png/);
    const hook = await waitFor(() => receiver.to('/pdf-failed')[0], 'the error webhook');
    assert.equal(hook.headers['imprint-event'], 'pdf.error');
    assert.deepEqual(JSON.parse(hook.body), done);
    assert.equal(receiver.to('/pdf-ok').length, 0);
  });

  it(
    'ends a transfer in error when the process died before it ran (credentials not kept)',
    { timeout: 60_000 },
    async () => {
      const created = await api('POST', '/images', {
        template_uuid: uuid,
        layers: { photo: { image: `${assets.base}/slow.png?ms=4000` } },
        transfer: transfer('cards/lost.png'),
        webhook_error: receiver.url('/lost'),
      });
      assert.equal(created.body.status, 'queued');
      await new Promise((r) => setTimeout(r, 500));
      await imprint.stop('SIGKILL');
      await imprint.start();
      const done = await poll(created.body.polling_url);
      assert.equal(done.status, 'error', JSON.stringify(done));
      assert.match(done.errors[0], /transfer credentials were not kept/);
      const hook = await waitFor(() => receiver.to('/lost')[0], 'the error webhook after restart');
      assert.deepEqual(JSON.parse(hook.body), done);
    },
  );

  it('never writes the transfer secret or session token to the database, files or logs', async () => {
    await imprint.stop('SIGTERM');
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else files.push(p);
      }
    };
    walk(imprint.dataDir);
    assert.ok(
      files.some((f) => f.endsWith('.sqlite')),
      files.join(', '),
    );
    for (const f of files) {
      const content = fs.readFileSync(f);
      assert.equal(content.includes(s3Secret), false, `secret found in ${f}`);
      assert.equal(content.includes(s3Token), false, `session token found in ${f}`);
    }
    const allLogs = imprint.logs.join('');
    assert.ok(allLogs.length > 0);
    assert.equal(allLogs.includes(s3Secret), false, 'secret found in logs');
    assert.equal(allLogs.includes(s3Token), false, 'session token found in logs');
  });
});
