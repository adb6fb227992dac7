/**
 * `imprint serve` with IMPRINT_RUN_JOBS=0 plus separate `imprint worker` processes: the API
 * process only queues, the workers render. Two workers share one SQLite file (embedded queue) or
 * one Redis (BullMQ); every image finishes exactly once.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { newId } from '../../src/core/ids.ts';
import { startAssetServer, testDesign, type AssetServer } from '../generation/_helpers.ts';
import { redisReachable, TEST_REDIS_URL as REDIS_URL } from '../helpers/redis.ts';
import { restClient, ServerProcess } from '../helpers/server-process.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const redisOk = await redisReachable();
if (!redisOk)
  console.warn(`NOTICE: Redis at ${REDIS_URL} is not reachable; the BullMQ variant is skipped.`);

const variants = [
  { name: 'embedded queue in one SQLite file', redis: false, skip: false as string | false },
  {
    name: 'BullMQ on Redis',
    redis: true,
    skip: redisOk ? (false as const) : `Redis not reachable at ${REDIS_URL}`,
  },
];

for (const variant of variants) {
  describe(`imprint worker: ${variant.name}`, { skip: variant.skip }, () => {
    let imprint: ServerProcess | undefined;
    let assets: AssetServer | undefined;

    after(async () => {
      await imprint?.close();
      await assets?.close();
    });

    it('renders what an API-only server queued, each image once', async () => {
      const pictures = await startAssetServer();
      assets = pictures;
      const srv = await ServerProcess.create({
        prefix: 'imprint-worker-',
        env: {
          REDIS_URL: variant.redis ? REDIS_URL : '',
          // A key prefix of its own, so parallel runs on one Redis never take each other's jobs.
          IMPRINT_REDIS_PREFIX: `imprint-test-${newId(8)}`,
          IMPRINT_RENDER_THREADS: '1',
          LOG_LEVEL: 'warn',
        },
      });
      imprint = srv;
      const { logs } = srv;
      const { token } = srv.createProject(`Workers ${newId(4)}`);
      const api = restClient(srv.base, token);

      await srv.start({ IMPRINT_RUN_JOBS: '0' });
      const tpl = await api('POST', '/templates', { title: 'Card', width: 400, height: 200 });
      await api('PUT', `/templates/${tpl.body.uuid}/design`, testDesign());
      const ids: number[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await api('POST', '/images', {
          template_uuid: tpl.body.uuid,
          layers: { title: { text: `Worker ${i}` }, photo: { image: `${pictures.base}/red.png` } },
        });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        ids.push(res.body.id);
      }
      await sleep(1500);
      const still = await api('GET', `/images/${ids[0]}`);
      assert.equal(
        still.body.status,
        'queued',
        'an API-only server (IMPRINT_RUN_JOBS=0) renders nothing',
      );

      const w1 = srv.spawn(['worker', '--concurrency', '2']);
      srv.spawn(['worker']);
      const started = Date.now();
      const done = new Map<number, Record<string, unknown>>();
      while (done.size < ids.length && Date.now() - started < 60_000) {
        for (const id of ids) {
          if (done.has(id)) continue;
          const res = await api('GET', `/images/${id}`);
          if (res.body.status !== 'queued') done.set(id, res.body);
        }
        await sleep(150);
      }
      assert.equal(done.size, ids.length, `not finished in time:\n${logs.join('')}`);
      for (const img of done.values()) assert.equal(img.status, 'finished', JSON.stringify(img));
      const usage = await api('GET', '/usage');
      assert.equal(usage.body.credits_used, ids.length, 'each image charged once');
      assert.match(logs.join(''), /Imprint worker processing jobs \((embedded queue|BullMQ)/);
      // A worker stops cleanly on SIGTERM.
      const exited = new Promise<number | null>((r) => w1.once('exit', (code) => r(code)));
      w1.kill('SIGTERM');
      assert.equal(await exited, 0);
    });
  });
}
