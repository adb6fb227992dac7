/**
 * `npm run bench:pickup`: how long a job enqueued by one process waits before a consumer in
 * another process starts it, on the embedded queue on PostgreSQL (TEST_POSTGRES_URL, default
 * postgres://postgres@127.0.0.1:5432/test), with the default poll settings (25 ms backing off to
 * 1 s when idle) and without, then with, LISTEN/NOTIFY. A child process enqueues one job every
 * BENCH_PICKUP_GAP_MS (default 1500 ms, so the consumer is idle and backed off, as in a quiet
 * hour), BENCH_PICKUP_N jobs (default 30); the consumer here records start time − enqueue time.
 * Prints p50, p95 and max per mode. A benchmark, not a test.
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { newId } from '../src/core/ids.ts';
import { LocalJobQueue } from '../src/queue/local/local-job-queue.ts';
import { openDatabase, type DatabaseTarget } from '../src/store/database.ts';
import { listenForJobs } from '../src/store/job-notifications.ts';
import { migrateToLatest } from '../src/store/migrations/index.ts';

const URL_ = process.env.TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const N = Number(process.env.BENCH_PICKUP_N ?? 30);
const GAP_MS = Number(process.env.BENCH_PICKUP_GAP_MS ?? 1500);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The producer process: enqueues N jobs carrying their enqueue time, GAP_MS apart. */
async function produce(schema: string): Promise<void> {
  const db = openDatabase({ kind: 'postgres', url: URL_, schema, poolSize: 1 });
  const q = new LocalJobQueue(db, { onError: () => {} });
  for (let i = 0; i < N; i++) {
    await sleep(GAP_MS * (0.75 + Math.random() / 2));
    await q.enqueue('ping', { sentAt: Date.now() });
  }
  await q.close();
  await db.destroy();
}

async function measure(listen: boolean): Promise<number[]> {
  const schema = `bench_${newId(8)}`;
  const admin = new pg.Client({ connectionString: URL_ });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  const target: DatabaseTarget = { kind: 'postgres', url: URL_, schema, poolSize: 2 };
  const db = openDatabase(target);
  await migrateToLatest(db);
  const waits: number[] = [];
  const q = new LocalJobQueue(db, {
    onError: () => {},
    ...(listen ? { listen: (wake: () => void) => listenForJobs(target, wake, () => {}) } : {}),
  });
  q.consume(async (job) => void waits.push(Date.now() - Number(job.payload.sentAt)), {
    concurrency: 4,
  });
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', fileURLToPath(import.meta.url), 'produce', schema],
    { stdio: 'inherit' },
  );
  await new Promise((r) => child.once('exit', r));
  const until = Date.now() + 5000;
  while (waits.length < N && Date.now() < until) await sleep(20);
  await q.close();
  await db.destroy();
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
  return waits.sort((a, b) => a - b);
}

const pct = (xs: number[], p: number) => xs[Math.min(xs.length - 1, Math.floor(p * xs.length))];

if (process.argv[2] === 'produce') {
  await produce(process.argv[3]);
} else {
  for (const listen of [false, true]) {
    const w = await measure(listen);
    console.log(
      `${listen ? 'LISTEN/NOTIFY + polling' : 'polling only          '}: ${w.length} jobs, pickup p50 ${pct(w, 0.5)} ms, p95 ${pct(w, 0.95)} ms, max ${w[w.length - 1]} ms`,
    );
  }
}
