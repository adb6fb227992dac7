/**
 * The scenario of test/e2e/scale-out-*.test.ts (one file per queue, so each stays within the
 * runner's per-file timeout). The scaled-out installation, end to end, on loopback: two
 * API-only `imprint serve` (IMPRINT_RUN_JOBS=0) and two `imprint worker`, each with its own data folder, one PostgreSQL
 * schema, an S3-protocol bucket (s3rver) and, in one variant, Redis (BullMQ); the other variant
 * runs the same scenario on the jobs-table queue without Redis. 120 mixed images and multi-page
 * PDFs (some with webhooks, some with transfers, some create_now) go alternately to both APIs;
 * one worker is SIGKILLed while jobs run and restarted on its data folder. Then: every job
 * finished exactly once (one charge, one webhook), every file downloads through both APIs with
 * the bucket's bytes, the bucket holds exactly the expected objects, a merge of Imprint's own PDF
 * URLs works, DELETE removes the object and credits are exact.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import { PDFDocument } from 'pdf-lib';
import pg from 'pg';
import { sweepOrphans } from '../../src/core/generation/file-sweeps.ts';
import { newId } from '../../src/core/ids.ts';
import { S3BlobStorage } from '../../src/storage/s3/s3-blob-storage.ts';
import { openDatabase } from '../../src/store/database.ts';
import { sqlGenerationStores } from '../../src/store/sql-generation-stores.ts';
import { startAssetServer, testDesign } from '../generation/_helpers.ts';
import type { TestOwner } from './child-processes.ts';
import { freshDatabase } from './databases.ts';
import { TEST_REDIS_URL } from './redis.ts';
import { S3RVER_CREDENTIALS, startS3 } from './s3rver.ts';
import { restClient, ServerProcess } from './server-process.ts';
import { startReceiver } from '../webhooks/receiver.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const JOBS = 120;
const PREFIX = 'installation/';
/**
 * How long the scenario's counts may stand still before it fails: longer than a job's lease or
 * BullMQ's stalled-job check (what a SIGKILLed worker's jobs wait for), far longer than a render.
 * The waits have no fixed deadline otherwise: each job done buys time, so they scale with the
 * work and the machine, and only a real stall fails them (the test's own limit is the backstop).
 */
const STALL_MS = 90_000;

/** Polls `count` until it reaches `target`; fails once it has not grown for STALL_MS. */
async function waitForCount(
  count: () => Promise<number>,
  target: number,
  what: string,
  details: () => string = () => '',
): Promise<void> {
  let last = await count();
  let movedAt = Date.now();
  while (last < target) {
    if (Date.now() - movedAt > STALL_MS) {
      assert.fail(`${what}: ${last} of ${target}, none for ${STALL_MS / 1000} s\n${details()}`);
    }
    await sleep(250);
    const now = await count();
    if (now > last) [last, movedAt] = [now, Date.now()];
  }
}

/** One submitted render and what the test expects of it. */
interface Submitted {
  n: number;
  type: 'image' | 'pdf';
  id: number;
  pages: number;
  webhook: boolean;
  transferPath: string | null;
  createNow: boolean;
}

/** Runs `items` through `fn` with at most `limit` at a time. */
async function inParallel<T>(items: T[], limit: number, fn: (item: T) => Promise<void>) {
  let next = 0;
  const runners = Array.from({ length: limit }, async () => {
    while (next < items.length) await fn(items[next++]);
  });
  await Promise.all(runners);
}

async function bytesOf(res: Response): Promise<Buffer> {
  assert.equal(res.status, 200, res.url);
  return Buffer.from(await res.arrayBuffer());
}

/** The test running the scenario: its processes stop when it ends, even on a time-out. */
interface ScenarioTest extends TestOwner {
  diagnostic(msg: string): void;
}

/** The scenario; `redis` picks BullMQ, otherwise the jobs table. */
export async function scaleOutScenario(redis: boolean, t: ScenarioTest): Promise<void> {
  const diagnostic = (msg: string) => t.diagnostic(msg);
  const cleanups: Array<() => Promise<unknown> | unknown> = [];
  try {
    const s3 = await startS3(undefined, t);
    cleanups.push(() => s3.close());
    const db = await freshDatabase('postgres');
    cleanups.push(() => db.drop());
    const target = db.target as { url: string; schema: string };
    const dbUrl = new URL(target.url);
    dbUrl.searchParams.set('options', `-c search_path=${target.schema}`);
    const assets = await startAssetServer();
    cleanups.push(() => assets.close());
    const rx = await startReceiver({});
    cleanups.push(() => rx.close());

    const shared: Record<string, string> = {
      ...s3.env('installation'),
      DATABASE_URL: dbUrl.toString(),
      IMPRINT_SECRET_KEY: randomBytes(32).toString('base64'),
      IMPRINT_RENDER_THREADS: '1',
      IMPRINT_QUEUE_CONCURRENCY: '2',
      IMPRINT_WEBHOOK_RETRY_BASE_MS: '200',
      LOG_LEVEL: 'warn',
      ...(redis
        ? { REDIS_URL: TEST_REDIS_URL, IMPRINT_REDIS_PREFIX: `imprint-test-${newId(8)}` }
        : {}),
    };
    const apis: ServerProcess[] = [];
    for (const name of ['a', 'b']) {
      const api = await ServerProcess.create({
        prefix: `imprint-scale-api-${name}-`,
        env: { ...shared, IMPRINT_RUN_JOBS: '0' },
        readyMs: 60_000,
        t,
      });
      cleanups.push(() => api.close('SIGKILL'));
      apis.push(api);
    }
    const workers: ServerProcess[] = [];
    for (const name of ['a', 'b']) {
      const worker = await ServerProcess.create({
        prefix: `imprint-scale-worker-${name}-`,
        env: { ...shared, IMPRINT_PUBLIC_URL: apis[0].base },
        t,
      });
      cleanups.push(() => worker.close('SIGKILL'));
      workers.push(worker);
    }
    const logs = () => [...apis, ...workers].flatMap((p) => p.logs).join('');

    const { id: projectId, token } = apis[0].createProject(`Scale ${newId(4)}`);
    apis[0].cli('project', 'credits', projectId, '--limit', '100000');
    await Promise.all(apis.map((a) => a.start()));
    const rests = apis.map((a) => restClient(a.base, token));
    const spawnWorker = (w: ServerProcess): ChildProcess => w.spawn(['worker']);
    const running = workers.map(spawnWorker);

    const tpl = await rests[0]('POST', '/templates', { title: 'Card', width: 200, height: 100 });
    assert.equal(tpl.status, 201, JSON.stringify(tpl.body));
    const design = await rests[1](
      'PUT',
      `/templates/${tpl.body.uuid}/design`,
      testDesign(200, 100),
    );
    assert.ok(design.status < 300, JSON.stringify(design.body));
    const layers = (n: number) => ({
      title: { text: `Job ${n}` },
      photo: { image: `${assets.base}/red.png` },
    });

    // The mix: every third a PDF of 2 or 3 pages; every other with a webhook; every seventh
    // with a transfer; every eleventh image create_now.
    const submitted: Submitted[] = [];
    const submit = async (n: number) => {
      const rest = rests[n % 2];
      const type = n % 3 === 2 ? 'pdf' : 'image';
      const pages = type === 'pdf' ? 2 + (n % 2) : 0;
      const webhook = n % 2 === 0;
      const transferPath = n % 7 === 3 ? `transfers/${n}.${type === 'pdf' ? 'pdf' : 'jpg'}` : null;
      const createNow = type === 'image' && n % 11 === 5;
      const body: Record<string, unknown> = {
        ...(webhook ? { webhook_success: rx.url(`/hook/${type}/${n}`) } : {}),
        ...(transferPath
          ? {
              transfer: {
                to: 's3',
                key: S3RVER_CREDENTIALS.accessKeyId,
                secret: S3RVER_CREDENTIALS.secretAccessKey,
                bucket: s3.bucket,
                path: transferPath,
                endpoint: s3.endpoint,
              },
            }
          : {}),
      };
      const res =
        type === 'pdf'
          ? await rest('POST', '/pdfs', {
              ...body,
              pages: Array.from({ length: pages }, (_, p) => ({
                template_uuid: tpl.body.uuid,
                layers: layers(n * 10 + p),
              })),
            })
          : await rest('POST', '/images', {
              ...body,
              template_uuid: tpl.body.uuid,
              layers: layers(n),
              ...(createNow ? { create_now: true } : {}),
            });
      assert.equal(res.status, 200, `job ${n}: ${JSON.stringify(res.body)}`);
      submitted.push({ n, type, id: res.body.id, pages, webhook, transferPath, createNow });
    };

    const client = new pg.Client({ connectionString: dbUrl.toString() });
    await client.connect();
    cleanups.push(() => client.end());
    const finishedCount = async () => {
      const { rows } = await client.query(
        `select (select count(*) from images where status <> 'queued')
              + (select count(*) from pdfs where status <> 'queued') as n`,
      );
      return Number(rows[0].n);
    };

    const started = Date.now();
    const numbers = Array.from({ length: JOBS }, (_, n) => n);
    await inParallel(numbers.slice(0, JOBS / 2), 6, submit);
    // Kill a worker while jobs run: some are done, most are queued, each worker holds some.
    await waitForCount(finishedCount, 30, 'renders before the SIGKILL', logs);
    const killedAt = Date.now();
    running[0].kill('SIGKILL');
    await new Promise((r) => running[0].once('exit', r));
    const endedAtKill = await finishedCount();
    diagnostic(`SIGKILLed worker a after ${endedAtKill} renders had ended`);
    await inParallel(numbers.slice(JOBS / 2), 6, submit);
    // Worker b goes on alone for a while before a comes back on its data folder.
    await waitForCount(finishedCount, endedAtKill + 20, 'renders by the surviving worker', logs);
    running[0] = spawnWorker(workers[0]);

    await waitForCount(finishedCount, JOBS, 'renders ended', () => logs().slice(-5000));
    assert.equal(await finishedCount(), JOBS);
    diagnostic(
      `${JOBS} renders ended ${((Date.now() - started) / 1000).toFixed(1)} s after the first ` +
        `submit, ${((Date.now() - killedAt) / 1000).toFixed(1)} s after the SIGKILL`,
    );

    const s3c = new S3Client({
      region: 'us-east-1',
      endpoint: s3.endpoint,
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    cleanups.push(() => s3c.destroy());
    const objectBytes = async (key: string) => {
      const obj = await s3c.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
      return Buffer.from(await obj.Body!.transformToByteArray());
    };

    // Every render finished, and downloads through both APIs with the bucket's bytes.
    const urls = new Map<string, string>();
    const expectedKeys = new Set<string>();
    let expectedCredits = 0;
    await inParallel(submitted, 6, async (job) => {
      const path = job.type === 'pdf' ? `/pdfs/${job.id}` : `/images/${job.id}`;
      const views = await Promise.all(rests.map((rest) => rest('GET', path)));
      for (const view of views) {
        assert.equal(view.body.status, 'finished', `job ${job.n}: ${JSON.stringify(view.body)}`);
      }
      const url = String(views[0].body[job.type === 'pdf' ? 'pdf_url' : 'image_url']);
      urls.set(`${job.type}/${job.n}`, url);
      const file = new URL(url).pathname;
      assert.ok(file.startsWith('/files/'), url);
      const key = PREFIX + decodeURIComponent(file.slice('/files/'.length));
      expectedKeys.add(key);
      const stored = await objectBytes(key);
      for (const api of apis) {
        const served = await bytesOf(await fetch(`${api.base}${file}`));
        assert.ok(served.equals(stored), `job ${job.n} through ${api.base}`);
      }
      if (job.type === 'pdf') {
        assert.equal((await PDFDocument.load(stored)).getPageCount(), job.pages);
      }
      if (job.transferPath) {
        expectedKeys.add(job.transferPath);
        assert.ok((await objectBytes(job.transferPath)).equals(stored), `transfer ${job.n}`);
      }
      expectedCredits += job.type === 'pdf' ? 2 * job.pages : 1;
    });

    // Charged once per render: one ledger row each, the exact sum.
    const ledger = await client.query(
      `select resource_type, resource_id, sum(credits)::int as credits, count(*)::int as n
         from credit_ledger group by resource_type, resource_id`,
    );
    assert.equal(ledger.rows.length, JOBS);
    for (const row of ledger.rows) assert.equal(row.n, 1, JSON.stringify(row));
    for (const rest of rests) {
      const usage = await rest('GET', '/usage');
      assert.equal(usage.body.credits_used, expectedCredits, JSON.stringify(usage.body));
      assert.equal(usage.body.credits_reserved, 0, JSON.stringify(usage.body));
    }

    // One webhook per job that asked for one (the receiver answers 200, so no retries), with the
    // finished body whose file URL works. A worker SIGKILLed after the receiver answered but
    // before the answer was recorded sends that delivery again, with the same delivery id
    // (docs/webhooks.md): a receiver that drops repeated ids sees exactly one per job.
    // Waits until every delivery is recorded as succeeded: a repeat is sent before that, so none
    // can arrive afterwards.
    const hooked = submitted.filter((j) => j.webhook);
    const deliveries = async () => {
      const { rows } = await client.query(
        `select count(*) filter (where status = 'succeeded') as n from webhook_deliveries`,
      );
      return Number(rows[0].n);
    };
    await waitForCount(deliveries, hooked.length, 'webhook deliveries succeeded', logs);
    const hookPaths = new Set(hooked.map((j) => `/hook/${j.type}/${j.n}`));
    assert.deepEqual(
      rx.received.filter((r) => !hookPaths.has(r.path)).map((r) => r.path),
      [],
      'no webhook for a job without one',
    );
    let repeated = 0;
    for (const job of hooked) {
      const all = rx.to(`/hook/${job.type}/${job.n}`);
      const ids = new Set(all.map((r) => String(r.headers['webhook-id'])));
      assert.equal(ids.size, 1, `job ${job.n}: ${ids.size} different deliveries`);
      assert.ok(
        all.every((r) => r.body === all[0].body),
        `job ${job.n}: a repeat with another body`,
      );
      repeated += all.length - 1;
      const body = JSON.parse(all[0].body);
      assert.equal(body.id, job.id);
      assert.equal(body.status, 'finished');
      const url = String(body[job.type === 'pdf' ? 'pdf_url' : 'image_url']);
      assert.equal(url, urls.get(`${job.type}/${job.n}`));
      assert.ok(url.startsWith(apis[0].base), url);
      await bytesOf(await fetch(url));
    }
    // Only deliveries the killed worker had in flight can repeat: at most its 8 send slots.
    assert.ok(repeated <= 8, `${repeated} repeated deliveries`);
    diagnostic(`${repeated} delivery(ies) repeated after the SIGKILL, each with the same id`);

    // The bucket holds one object per render plus the transferred copies, nothing else.
    const listBucket = async () => {
      const keys: string[] = [];
      let next: string | undefined;
      do {
        const page = await s3c.send(
          new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: next }),
        );
        keys.push(...(page.Contents ?? []).map((o) => String(o.Key)));
        next = page.NextContinuationToken;
      } while (next);
      return keys;
    };
    // Template thumbnails (drawn after each design save) share the bucket; they are not render
    // outputs, and the orphan sweep leaves them alone, so the comparison leaves them out too.
    const outputsOnly = (keys: string[]) =>
      keys.filter((k) => !k.startsWith(`${PREFIX}thumbnails/`));
    const listed = outputsOnly(await listBucket());
    const extra = listed.filter((k) => !expectedKeys.has(k));
    const missing = [...expectedKeys].filter((k) => !listed.includes(k));
    assert.deepEqual(missing, []);
    // A worker SIGKILLed between storing a file and finishing its row leaves that file, named by
    // no row, behind (at most one per job it was running); the job's second run stored its own.
    // The orphan sweep removes such files once they are an hour old: run it as if that hour
    // had passed, and the bucket holds exactly one object per render.
    assert.ok(extra.length <= 2, `more leftovers than the killed worker ran: ${extra.join(' ')}`);
    diagnostic(`${extra.length} file(s) left by the killed worker`);
    const storage = new S3BlobStorage({
      bucket: s3.bucket,
      region: 'us-east-1',
      endpoint: s3.endpoint,
      prefix: PREFIX,
      forcePathStyle: true,
      credentials: S3RVER_CREDENTIALS,
    });
    const database = openDatabase(db.target);
    cleanups.push(
      () => database.destroy(),
      () => storage.close(),
    );
    const stores = sqlGenerationStores(database);
    const swept = await sweepOrphans({ ...stores, storage }, Date.now() + 2 * 60 * 60 * 1000);
    assert.equal(swept, extra.length);
    const relisted = outputsOnly(await listBucket());
    assert.deepEqual(relisted.sort(), [...expectedKeys].sort());

    // A merge of two of Imprint's own PDF URLs, one from each API.
    const pdfs = submitted.filter((j) => j.type === 'pdf').slice(0, 2);
    const merge = await rests[1]('POST', '/pdfs/merge', {
      urls: pdfs.map((j, i) => urls.get(`pdf/${j.n}`)!.replace(apis[0].base, apis[i].base)),
      webhook_success: rx.url('/hook/merge'),
    });
    assert.equal(merge.status, 200, JSON.stringify(merge.body));
    let merged = merge.body;
    let polls = 0;
    await waitForCount(
      async () => {
        if (merged.status !== 'queued') return 1;
        merged = (await rests[polls++ % 2]('GET', `/pdfs/${merge.body.id}`)).body;
        return merged.status === 'queued' ? 0 : 1;
      },
      1,
      'the merge',
    );
    assert.equal(merged.status, 'finished', `${JSON.stringify(merged)}\n${logs().slice(-3000)}`);
    const mergedBytes = await bytesOf(await fetch(String(merged.pdf_url)));
    const pageCount = pdfs.reduce((sum, j) => sum + j.pages, 0);
    assert.equal((await PDFDocument.load(mergedBytes)).getPageCount(), pageCount);
    await waitForCount(deliveries, hooked.length + 1, 'the merge webhook', logs);
    assert.equal(rx.to('/hook/merge').length, 1);
    const afterMerge = await rests[0]('GET', '/usage');
    assert.equal(afterMerge.body.credits_used, expectedCredits + 1, 'a merge costs 1 credit');

    // DELETE through one API removes the object; neither API serves it any more.
    const victim = submitted.find((j) => j.type === 'image' && !j.transferPath)!;
    const victimUrl = urls.get(`image/${victim.n}`)!;
    const victimKey = PREFIX + decodeURIComponent(new URL(victimUrl).pathname.slice(7));
    assert.equal((await rests[1]('DELETE', `/images/${victim.id}`)).status, 204);
    await assert.rejects(
      s3c.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: victimKey })),
      (err: { name?: string }) => err.name === 'NotFound',
    );
    for (const api of apis) {
      assert.equal((await fetch(victimUrl.replace(apis[0].base, api.base))).status, 404);
    }
  } finally {
    for (const c of cleanups.reverse()) await c();
  }
}
