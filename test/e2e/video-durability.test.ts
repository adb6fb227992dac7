/**
 * A video job whose process is SIGKILLed while it runs (its source still downloading) runs again
 * after the restart and finishes once: one webhook delivery, its seconds charged once, the MP4
 * served. SQLite only: the PostgreSQL path of job recovery is the images' (durability.test.ts).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { freshDatabase } from '../helpers/databases.ts';
import { restClient, ServerProcess } from '../helpers/server-process.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';
import { makeVideo } from '../video/_media.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a video job across SIGKILL', () => {
  let imprint: ServerProcess | undefined;
  let receiver: Receiver | undefined;
  let source: http.Server | undefined;
  let drop: (() => Promise<void>) | undefined;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-video-kill-'));

  after(async () => {
    await imprint?.close('SIGKILL');
    await receiver?.close();
    source?.closeAllConnections();
    source?.close();
    await drop?.();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('runs again after the restart and finishes once', { timeout: 120_000 }, async (t) => {
    const clip = await makeVideo(dir, 'clip.mp4', { seconds: 2, width: 96, height: 64 });
    // The source answers after a pause, so the kill lands while the job is downloading it.
    let hits = 0;
    source = http.createServer((_req, res) => {
      hits++;
      setTimeout(() => {
        res.writeHead(200, { 'content-type': 'video/mp4' });
        fs.createReadStream(clip).pipe(res);
      }, 800);
    });
    await new Promise<void>((resolve) => source!.listen(0, '127.0.0.1', resolve));
    const sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}/clip.mp4`;
    const fresh = await freshDatabase('sqlite');
    drop = fresh.drop;
    const srv = await ServerProcess.create({
      prefix: 'imprint-video-kill-',
      env: {
        DATABASE_URL: `sqlite:${(fresh.target as { file: string }).file}`,
        IMPRINT_RENDER_THREADS: '1',
        IMPRINT_WEBHOOK_RETRY_BASE_MS: '200',
        IMPRINT_ALLOW_PRIVATE_URLS: '1',
        LOG_LEVEL: 'warn',
      },
    });
    imprint = srv;
    const rx = await startReceiver({});
    receiver = rx;
    const { token } = srv.createProject('Video durability');
    const api = restClient(srv.base, token);
    await srv.start();
    const tpl = await api('POST', '/templates', { title: 'Clip', width: 96, height: 64 });
    assert.ok([200, 201].includes(tpl.status), JSON.stringify(tpl.body));
    const put = await api('PUT', `/templates/${tpl.body.uuid}/design`, {
      width: 96,
      height: 64,
      background: '#000000',
      layers: [{ name: 'bg', type: 'picture', x: 0, y: 0, width: 96, height: 64, image: null }],
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const res = await api('POST', '/videos', {
      clips: [{ template_uuid: tpl.body.uuid, layers: { bg: { video: sourceUrl } } }],
      modifications: { fps: 10 },
      webhook_success: rx.url('/done'),
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const id = res.body.id as number;
    for (let i = 0; i < 1000 && hits === 0; i++) await sleep(10);
    assert.ok(hits > 0, 'the job started downloading its source');
    await srv.stop('SIGKILL');

    await srv.start();
    let final: Record<string, unknown> | undefined;
    const started = Date.now();
    while (!final && Date.now() - started < 90_000) {
      const got = await api('GET', `/videos/${id}`);
      assert.equal(got.status, 200);
      if (got.body.status !== 'queued') final = got.body;
      else await sleep(200);
    }
    t.diagnostic(`settled ${Date.now() - started} ms after the restart, ${hits} downloads`);
    assert.equal(final?.status, 'finished', JSON.stringify(final));
    const file = await fetch(final!.video_url as string);
    assert.equal(file.status, 200);
    assert.ok((await file.arrayBuffer()).byteLength > 1000);
    for (let i = 0; i < 500 && rx.to('/done').length === 0; i++) await sleep(20);
    await sleep(500);
    const deliveries = new Set(rx.to('/done').map((r) => r.headers['imprint-delivery']));
    assert.equal(deliveries.size, 1);
    const usage = await api('GET', '/usage');
    assert.equal(usage.body.credits_used, 2, JSON.stringify(usage.body));
    await srv.stop('SIGTERM');
  });
});
