/**
 * Stall recovery on BullMQ: a real `imprint worker` is SIGKILLed while it renders (its picture
 * download hangs), and a second worker resumes the job once BullMQ's stalled check finds the
 * lock gone. The job must finish exactly once: one webhook, credits charged once. The time from
 * the kill to the resumed run is printed as a diagnostic (the figure in docs/scaling-out.md);
 * the test's bound is a generous timeout, not a speed assertion.
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, describe, it } from 'node:test';
import { newId } from '../../src/core/ids.ts';
import { redPng, testDesign } from '../generation/_helpers.ts';
import { redisReachable, TEST_REDIS_URL } from '../helpers/redis.ts';
import { restClient, ServerProcess } from '../helpers/server-process.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const redisOk = await redisReachable();

/** Serves /hang.png: the first request never gets an answer, later ones get the PNG at once. */
async function startHangingPictureServer() {
  const png = await redPng();
  const hits: number[] = [];
  const server = http.createServer((req, res) => {
    hits.push(Date.now());
    if (hits.length === 1) return; // the first worker waits here until it is killed
    res.writeHead(200, { 'content-type': 'image/png' });
    res.end(png);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hang.png`,
    hits,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

describe(
  'BullMQ: a SIGKILLed worker’s job resumes on another worker',
  {
    skip: redisOk ? false : `Redis not reachable at ${TEST_REDIS_URL}`,
  },
  () => {
    let srv: ServerProcess | undefined;
    let rx: Receiver | undefined;
    let pictures: Awaited<ReturnType<typeof startHangingPictureServer>> | undefined;
    after(async () => {
      await srv?.close('SIGKILL');
      await rx?.close();
      await pictures?.close();
    });

    it('resumes and finishes the job exactly once', { timeout: 360_000 }, async (t) => {
      srv = await ServerProcess.create({
        prefix: 'imprint-stall-',
        env: {
          REDIS_URL: TEST_REDIS_URL,
          IMPRINT_REDIS_PREFIX: `imprint-test-${newId(8)}`,
          IMPRINT_RUN_JOBS: '0',
          IMPRINT_RENDER_THREADS: '1',
          IMPRINT_WEBHOOK_RETRY_BASE_MS: '200',
          IMPRINT_FETCH_TIMEOUT_MS: '90000',
          LOG_LEVEL: 'warn',
        },
      });
      rx = await startReceiver({});
      pictures = await startHangingPictureServer();
      const { id: projectId, token } = srv.createProject('Stall');
      srv.cli('project', 'credits', projectId, '--limit', '100');
      const api = restClient(srv.base, token);
      await srv.start();
      const tpl = await api('POST', '/templates', { title: 'Card', width: 400, height: 200 });
      await api('PUT', `/templates/${tpl.body.uuid}/design`, testDesign());

      const first = srv.spawn(['worker']);
      const created = await api('POST', '/images', {
        template_uuid: tpl.body.uuid,
        layers: { photo: { image: pictures.url } },
        webhook_success: rx.url('/done'),
      });
      assert.equal(created.status, 200, JSON.stringify(created.body));
      for (let i = 0; i < 600 && pictures.hits.length === 0; i++) await sleep(50);
      assert.equal(
        pictures.hits.length,
        1,
        `the first worker never started:\n${srv.logs.join('')}`,
      );

      // A second worker is running when the first dies, as in a real deployment.
      srv.spawn(['worker']);
      await sleep(2000);
      const killedAt = Date.now();
      first.kill('SIGKILL');

      let done: Record<string, unknown> = {};
      while (Date.now() - killedAt < 90_000) {
        done = (await api('GET', `/images/${created.body.id}`)).body;
        if (done.status !== 'queued') break;
        await sleep(200);
      }
      assert.equal(done.status, 'finished', JSON.stringify(done));
      assert.equal(pictures.hits.length, 2, 'the job ran once more, on the second worker');
      t.diagnostic(`resumed ${pictures.hits[1] - killedAt} ms after the SIGKILL`);

      for (let i = 0; i < 200 && rx.to('/done').length === 0; i++) await sleep(50);
      await sleep(1500);
      assert.equal(rx.to('/done').length, 1, 'exactly one webhook');
      const usage = await api('GET', '/usage');
      assert.equal(usage.body.credits_used, 1, JSON.stringify(usage.body));
      assert.equal(usage.body.credits_reserved, 0);
    });
  },
);
