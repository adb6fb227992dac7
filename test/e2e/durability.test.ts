/**
 * Durability proof of the embedded queue: a real `imprint serve` gets 20 images with webhooks,
 * is killed with SIGKILL while jobs are queued and running, and is started again. Every image must
 * finish exactly once: one webhook each, credits charged once, nothing left queued or running.
 * Runs on SQLite, and on PostgreSQL (a schema of its own) when it is reachable.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import { openDatabase, type DatabaseTarget } from '../../src/store/database.ts';
import { JobQueueStore } from '../../src/store/job-queue-store.ts';
import { freshDatabase, testDbKinds, type TestDbKind } from '../helpers/databases.ts';
import { startAssetServer, testDesign, type AssetServer } from '../generation/_helpers.ts';
import { restClient, ServerProcess } from '../helpers/server-process.ts';
import { startReceiver, type Receiver } from '../webhooks/receiver.ts';

const IMAGES = 20;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** DATABASE_URL for a test database (PostgreSQL: its schema through the `options` parameter). */
function databaseUrl(target: DatabaseTarget): string {
  if (target.kind === 'sqlite') return `sqlite:${target.file}`;
  const url = new URL(target.url);
  if (target.schema) url.searchParams.set('options', `-c search_path=${target.schema}`);
  return url.toString();
}

for (const { kind, skip } of testDbKinds()) {
  describe(`durability of jobs across SIGKILL on ${kind}`, { skip }, () => {
    let imprint: ServerProcess | undefined;
    let receiver: Receiver | undefined;
    let assets: AssetServer | undefined;
    let drop: (() => Promise<void>) | undefined;

    after(async () => {
      await imprint?.close('SIGKILL');
      await receiver?.close();
      await assets?.close();
      await drop?.();
    });

    it(
      'finishes every image exactly once after a kill and restart',
      { timeout: 300_000 },
      async (t) => {
        const fresh = await freshDatabase(kind as TestDbKind);
        drop = fresh.drop;
        const srv = await ServerProcess.create({
          prefix: 'imprint-durability-',
          env: {
            DATABASE_URL: databaseUrl(fresh.target),
            IMPRINT_RENDER_THREADS: '2',
            IMPRINT_WEBHOOK_RETRY_BASE_MS: '200',
            LOG_LEVEL: 'warn',
          },
        });
        imprint = srv;

        const rx = await startReceiver({});
        receiver = rx;
        const pictures = await startAssetServer();
        assets = pictures;
        const { token } = srv.createProject('Durability');
        const api = restClient(srv.base, token);

        await srv.start();
        const design = testDesign(1200, 630);
        const tpl = await api('POST', '/templates', { title: 'Card', width: 1200, height: 630 });
        assert.ok([200, 201].includes(tpl.status), JSON.stringify(tpl.body));
        const put = await api('PUT', `/templates/${tpl.body.uuid}/design`, design);
        assert.equal(put.status, 200, JSON.stringify(put.body));

        const ids: number[] = [];
        for (let i = 0; i < IMAGES; i++) {
          const res = await api('POST', '/images', {
            template_uuid: tpl.body.uuid,
            layers: {
              title: { text: `Image ${i}` },
              // A distinct, slow picture per image keeps jobs running long enough to be killed.
              photo: { image: `${pictures.base}/slow.png?ms=250&n=${i}` },
            },
            webhook_success: rx.url(`/done/${i}`),
            passthrough: { n: i },
          });
          assert.equal(res.status, 200, JSON.stringify(res.body));
          assert.equal(res.body.status, 'queued');
          ids.push(res.body.id);
        }

        // Kill once some images are done but others are still queued or running.
        for (let i = 0; i < 600 && rx.received.length < 2; i++) await sleep(10);
        await srv.stop('SIGKILL');
        const doneAtKill = new Set(rx.received.map((r) => r.path)).size;
        t.diagnostic(`killed with ${doneAtKill} of ${IMAGES} webhooks received`);
        assert.ok(doneAtKill < IMAGES, 'the kill must land while jobs are still pending');

        await srv.start();
        const started = Date.now();
        const finals = new Map<number, Record<string, unknown>>();
        while (finals.size < IMAGES && Date.now() - started < 120_000) {
          for (const id of ids) {
            if (finals.has(id)) continue;
            const res = await api('GET', `/images/${id}`);
            assert.equal(res.status, 200);
            if (res.body.status !== 'queued') finals.set(id, res.body);
          }
          await sleep(200);
        }
        t.diagnostic(`all images settled ${Date.now() - started} ms after the restart`);
        assert.equal(
          finals.size,
          IMAGES,
          `images still queued: ${ids.filter((id) => !finals.has(id))}`,
        );
        for (const [id, img] of finals) {
          assert.equal(img.status, 'finished', `image ${id}: ${JSON.stringify(img)}`);
          assert.ok(typeof img.image_url === 'string');
        }
        const file = await fetch(finals.get(ids[IMAGES - 1])!.image_url as string);
        assert.equal(file.status, 200);
        assert.ok((await file.arrayBuffer()).byteLength > 1000);

        // Webhooks: one delivery per image, carrying the GET object with its passthrough. A delivery
        // that was in flight at the kill is sent again by the restarted process (it takes back the
        // dead process's leases at start) with the same imprint-delivery id, so receivers can drop
        // a repeat; a second delivery id would be a double webhook.
        const waitStart = Date.now();
        while (
          new Set(rx.received.map((r) => r.path)).size < IMAGES &&
          Date.now() - waitStart < 75_000
        ) {
          await sleep(50);
        }
        await sleep(1000);
        t.diagnostic(
          `webhooks: ${rx.received.length} requests for ${IMAGES} images, the last ${Date.now() - waitStart - 1000} ms after all images settled`,
        );
        for (let i = 0; i < IMAGES; i++) {
          const got = rx.to(`/done/${i}`);
          assert.ok(got.length >= 1, `image ${i} got no webhook`);
          const deliveries = new Set(got.map((r) => r.headers['imprint-delivery']));
          assert.equal(
            deliveries.size,
            1,
            `image ${i} got ${deliveries.size} different deliveries`,
          );
          if (got.length > 1) t.diagnostic(`image ${i}: its delivery was repeated after the kill`);
          const body = JSON.parse(got[0].body);
          assert.equal(body.id, ids[i]);
          assert.equal(body.status, 'finished');
          assert.deepEqual(body.passthrough, { n: i });
        }

        // Credits: 1 per image, charged once although some jobs ran twice.
        const usage = await api('GET', '/usage');
        assert.equal(usage.status, 200);
        assert.equal(usage.body.credits_used, IMAGES, JSON.stringify(usage.body));

        // Nothing left behind in the queue once the server stops.
        await srv.stop('SIGTERM');
        const db = openDatabase(fresh.target);
        try {
          const counts = await new JobQueueStore(db).counts();
          t.diagnostic(`jobs table after the run: ${JSON.stringify(counts)}`);
          assert.equal(counts.queued, 0);
          assert.equal(counts.running, 0);
          assert.equal(counts.failed, 0);
        } finally {
          await db.destroy();
        }
      },
    );
  });
}
