/**
 * One project's slow picture servers must not hold up another project's jobs (issue #24, item 4).
 * Project A queues jobs whose pictures drip one byte a second; project B then queues one job with
 * a picture served at once. B's image must be finished while every one of A's downloads is still
 * hanging (well before IMPRINT_FETCH_TIMEOUT_MS ends them), and A must never download more
 * pictures at once than its share of the queue (IMPRINT_PROJECT_JOB_SHARE).
 *
 * The set-up is chosen so that each half of the fix is needed: A's share (3) leaves one of the 4
 * queue slots for B, and A's 3 downloads would fill both render slots (1 thread × 2) if downloads
 * held render slots. Runs on the local queue (SQLite and PostgreSQL) and on BullMQ (Redis).
 */
import assert from 'node:assert/strict';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { Queue } from 'bullmq';
import { newId } from '../../src/core/ids.ts';
import { startJobProcessing } from '../../src/main.ts';
import { testDbKinds } from '../helpers/databases.ts';
import { redisReachable, TEST_REDIS_URL } from '../helpers/redis.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTemplate, pathOf, pollUntilDone, redPng } from './_helpers.ts';

const FETCH_TIMEOUT_MS = 5000;
const SLOW_JOBS = 6;
const SHARE = 3;

/** Serves /red.png at once and /drip.png?n=… one byte a second, never finishing. */
async function startDripServer() {
  const png = await redPng();
  let open = 0;
  let peak = 0;
  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/red.png')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end(png);
      return;
    }
    open++;
    peak = Math.max(peak, open);
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': String(png.length) });
    let sent = 0;
    const drip = setInterval(() => res.write(png.subarray(sent, ++sent)), 1000);
    res.on('close', () => {
      clearInterval(drip);
      open--;
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    get open() {
      return open;
    },
    get peak() {
      return peak;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const redisOk = await redisReachable();

const setups = [
  ...testDbKinds().map(({ kind, skip }) => ({ name: `local queue on ${kind}`, kind, skip })),
  {
    name: 'BullMQ',
    kind: 'sqlite' as const,
    skip: redisOk ? false : `Redis not reachable at ${TEST_REDIS_URL}`,
    redisPrefix: `imprint-test-${newId(8)}`,
  },
];

for (const setup of setups) {
  describe(`fair share of the queue between projects: ${setup.name}`, { skip: setup.skip }, () => {
    let t: TestApp | undefined;
    let pictures: Awaited<ReturnType<typeof startDripServer>> | undefined;
    let stop: (() => Promise<void>) | undefined;

    before(async () => {
      pictures = await startDripServer();
      t = await createTestApp(setup.kind, {
        IMPRINT_ALLOW_PRIVATE_URLS: '1',
        IMPRINT_RENDER_THREADS: '1',
        IMPRINT_QUEUE_CONCURRENCY: '4',
        IMPRINT_PROJECT_JOB_SHARE: String(SHARE),
        IMPRINT_FETCH_TIMEOUT_MS: String(FETCH_TIMEOUT_MS),
        ...('redisPrefix' in setup
          ? { REDIS_URL: TEST_REDIS_URL, IMPRINT_REDIS_PREFIX: setup.redisPrefix }
          : {}),
      });
    });
    after(async () => {
      // Hanging downloads end at once with the server, so A's jobs fail fast instead of waiting.
      await pictures?.close();
      await stop?.();
      await t?.close();
      if ('redisPrefix' in setup) {
        const q = new Queue('imprint-jobs', {
          connection: { url: TEST_REDIS_URL },
          prefix: setup.redisPrefix,
        });
        await q.obliterate({ force: true }).catch(() => undefined);
        await q.close();
      }
    });

    it(
      "finishes B's job while A's downloads still hang, A within its share",
      { timeout: 60_000 },
      async () => {
        const app = t!;
        const drip = pictures!;
        const uuidA = await createTemplate(app);
        const uuidB = await createTemplate(app, undefined, app.other.token);
        stop = startJobProcessing(app.runtime);
        const slow: string[] = [];
        for (let i = 0; i < SLOW_JOBS; i++) {
          const res = await app.request({
            method: 'POST',
            url: '/api/rest/images',
            payload: {
              template_uuid: uuidA,
              layers: { photo: { image: `${drip.base}/drip.png?n=${i}` } },
            },
          });
          assert.equal(res.statusCode, 200, res.body);
          slow.push(res.json().polling_url as string);
        }
        // A's downloads have started before B asks.
        const deadline = Date.now() + 10_000;
        while (drip.open < SHARE && Date.now() < deadline) await sleep(20);
        assert.equal(drip.open, SHARE, `A downloads ${SHARE} pictures at once`);

        const started = Date.now();
        const res = await app.request({
          method: 'POST',
          url: '/api/rest/images',
          token: app.other.token,
          payload: { template_uuid: uuidB, layers: { photo: { image: `${drip.base}/red.png` } } },
        });
        assert.equal(res.statusCode, 200, res.body);
        const done = await pollUntilDone(app, res.json().polling_url as string, app.other.token);
        const waited = Date.now() - started;
        console.log(`# ${setup.name}: B's image finished ${waited} ms after it was queued`);
        assert.equal(done.status, 'finished', JSON.stringify(done));

        // Every one of A's images is still waiting for its picture: B did not wait for A.
        for (const url of slow) {
          const a = await app.request({ method: 'GET', url: pathOf(url) });
          assert.equal(a.json().status, 'queued', `A's ${url} ended before B's image: ${a.body}`);
        }
        assert.ok(waited < FETCH_TIMEOUT_MS, `B waited ${waited} ms`);
        assert.equal(drip.peak, SHARE, `A never downloaded more than its share (${SHARE}) at once`);
      },
    );
  });
}
