/**
 * `npm run bench:scale`: images per second of a scaled-out installation with 1 and with 2
 * `imprint worker` processes (IMPRINT_RENDER_THREADS=1 each), on the same run. Topology as in
 * production: one API-only `imprint serve` (IMPRINT_RUN_JOBS=0), PostgreSQL (TEST_POSTGRES_URL,
 * a fresh schema per round), the queue on BullMQ (TEST_REDIS_URL) or, with
 * BENCH_SCALE_QUEUE=jobs or without Redis, on the jobs table, and files in a local S3-protocol
 * bucket (s3rver). Each round submits BENCH_SCALE_N (default 300) reference cards
 * (bench/reference-card) and measures from the first submit to the last finished row.
 * BENCH_SCALE_ROUNDS (default 3) rounds per worker count, alternating which goes first; prints
 * every round (with how long submitting took), the medians and their ratio. A benchmark, not a test.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { newId } from '../src/core/ids.ts';
import { redisReachable, TEST_REDIS_URL } from '../test/helpers/redis.ts';
import { startS3 } from '../test/helpers/s3rver.ts';
import { freePort, restClient, ServerProcess } from '../test/helpers/server-process.ts';
import { makeReferencePhoto } from './reference-card/make-photo.ts';

const PG_URL = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const N = Number(process.env.BENCH_SCALE_N ?? 300);
const ROUNDS = Number(process.env.BENCH_SCALE_ROUNDS ?? 3);
const useRedis = process.env.BENCH_SCALE_QUEUE !== 'jobs' && (await redisReachable());
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Serves the reference photo to the workers. */
async function startPhotoServer(photo: Buffer) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.length });
    res.end(photo);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/photo.jpg`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

const design = JSON.parse(
  fs.readFileSync(new URL('./reference-card/design.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;
const photo = await startPhotoServer(await makeReferencePhoto());
const s3 = await startS3();

/** One round: a fresh installation, `workers` worker processes, N images; images per second. */
async function round(
  workers: number,
): Promise<{ ips: number; submitSeconds: number; seconds: number }> {
  const schema = `bench_${newId(8)}`;
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const dbUrl = new URL(PG_URL);
  dbUrl.searchParams.set('options', `-c search_path=${schema}`);
  const shared = {
    ...s3.env(schema),
    DATABASE_URL: dbUrl.toString(),
    IMPRINT_RENDER_THREADS: '1',
    IMPRINT_RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
    ...(useRedis ? { REDIS_URL: TEST_REDIS_URL, IMPRINT_REDIS_PREFIX: `imprint-${schema}` } : {}),
  };
  const procs: ServerProcess[] = [];
  try {
    const api = await ServerProcess.create({
      prefix: 'imprint-bench-api-',
      env: { ...shared, IMPRINT_RUN_JOBS: '0' },
      readyMs: 60_000,
    });
    procs.push(api);
    const { token } = api.createProject('Scale bench');
    await api.start();
    const rest = restClient(api.base, token);
    const tpl = await rest('POST', '/templates', { title: 'Card', width: 1200, height: 630 });
    await rest('PUT', `/templates/${tpl.body.uuid}/design`, design);

    // Workers start and report ready before the clock starts.
    for (let i = 0; i < workers; i++) {
      const port = await freePort();
      const worker = await ServerProcess.create({
        prefix: 'imprint-bench-worker-',
        env: { ...shared, IMPRINT_PUBLIC_URL: api.base, IMPRINT_WORKER_PORT: String(port) },
      });
      procs.push(worker);
      worker.spawn(['worker']);
      const until = Date.now() + 60_000;
      for (;;) {
        const ok = await fetch(`http://127.0.0.1:${port}/ready`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (Date.now() > until) throw new Error(`worker not ready:\n${worker.logs.join('')}`);
        await sleep(100);
      }
    }

    const db = new pg.Client({ connectionString: dbUrl.toString() });
    await db.connect();
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        while (next < N) {
          next++;
          const res = await rest('POST', '/images', {
            template_uuid: tpl.body.uuid,
            layers: { photo: { image: photo.url } },
          });
          if (res.status !== 200) throw new Error(JSON.stringify(res.body));
        }
      }),
    );
    const submitSeconds = (Date.now() - started) / 1000;
    let ended = 0;
    while (ended < N) {
      await sleep(50);
      const { rows } = await db.query(
        "select count(*)::int as n, count(*) filter (where status = 'error')::int as e from images where status <> 'queued'",
      );
      ended = rows[0].n;
      if (rows[0].e > 0) throw new Error(`${rows[0].e} renders failed`);
    }
    const seconds = (Date.now() - started) / 1000;
    await db.end();
    return { ips: N / seconds, submitSeconds, seconds };
  } finally {
    for (const p of procs.reverse()) await p.close();
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const results: Record<1 | 2, number[]> = { 1: [], 2: [] };
console.log(
  `bench:scale: ${N} reference cards (1200×630 JPEG) per round, queue ${useRedis ? 'BullMQ (Redis)' : 'jobs table (PostgreSQL)'}, files in s3rver, IMPRINT_RENDER_THREADS=1 per worker`,
);
try {
  for (let r = 0; r < ROUNDS; r++) {
    const order: Array<1 | 2> = r % 2 === 0 ? [1, 2] : [2, 1];
    for (const workers of order) {
      const { ips, submitSeconds, seconds } = await round(workers);
      results[workers].push(ips);
      console.log(
        `round ${r + 1}: ${workers} worker(s): ${ips.toFixed(2)} images/s (all submitted after ${submitSeconds.toFixed(1)} s, all finished after ${seconds.toFixed(1)} s)`,
      );
    }
  }
  const one = median(results[1]);
  const two = median(results[2]);
  console.log(`median, 1 worker:  ${one.toFixed(2)} images/s`);
  console.log(`median, 2 workers: ${two.toFixed(2)} images/s`);
  console.log(`ratio 2/1: ${(two / one).toFixed(2)}`);
} finally {
  photo.close();
  await s3.close();
}
