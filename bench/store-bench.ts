/**
 * `npm run bench:store`: the CPU a render thread spends storing its file on the local disk, with
 * the thread-pool put() (open, writev and close each a round trip through libuv's pool) against
 * the blocking putNewSync() render threads use. A worker thread writes BENCH_STORE_N files
 * (default 2000) of 60 kB, the size of the reference card's JPEG, pausing 1 ms every tenth file
 * as renders do between writes; the whole process's CPU (every thread) is counted. The two ways
 * take turns, BENCH_STORE_ROUNDS rounds each (default 3); prints each round and the medians.
 * A benchmark, not a test.
 */
import { once } from 'node:events';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { LocalBlobStorage } from '../src/storage/local/local-blob-storage.ts';

const N = Number(process.env.BENCH_STORE_N ?? 2000);
const ROUNDS = Number(process.env.BENCH_STORE_ROUNDS ?? 3);
type Way = 'put' | 'putNewSync';

/** The worker: writes N new keys one way into its own root. */
async function writeFiles(way: Way, root: string): Promise<void> {
  const storage = new LocalBlobStorage(root);
  const bytes = Buffer.alloc(60_000, 7);
  for (let i = 0; i < N; i++) {
    const key = `images/bench${i}/card.jpg`;
    if (way === 'put') await storage.put(key, bytes, 'image/jpeg');
    else storage.putNewSync(key, bytes, 'image/jpeg');
    if (i % 10 === 9) await new Promise((r) => setTimeout(r, 1));
  }
}

/** CPU µs per file of one round (a new worker, a new root). */
async function round(way: Way, dir: string): Promise<number> {
  const root = path.join(dir, `${way}-${Math.random().toString(36).slice(2)}`);
  const worker = new Worker(new URL(import.meta.url), {
    workerData: { way, root },
    execArgv: ['--import', 'tsx'],
  });
  // once() rejects on the worker's 'error', so a worker that fails ends the benchmark.
  await once(worker, 'message'); // loaded
  const before = process.cpuUsage();
  worker.postMessage('go');
  await once(worker, 'message'); // written
  const used = process.cpuUsage(before);
  await worker.terminate();
  fs.rmSync(root, { recursive: true, force: true });
  return (used.user + used.system) / N;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

if (isMainThread) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-store-bench-'));
  const cpu: Record<Way, number[]> = { put: [], putNewSync: [] };
  try {
    for (let r = 1; r <= ROUNDS; r++) {
      for (const way of (r % 2 ? ['put', 'putNewSync'] : ['putNewSync', 'put']) as Way[]) {
        cpu[way].push(await round(way, dir));
        console.log(`  round ${r}: ${way} ${cpu[way].at(-1)!.toFixed(0)} µs CPU per file`);
      }
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const [a, b] = [median(cpu.put), median(cpu.putNewSync)];
  console.log(
    `Storing a 60 kB file from a render thread (median of ${ROUNDS} rounds of ${N}): ` +
      `put() ${a.toFixed(0)} µs of CPU, putNewSync() ${b.toFixed(0)} µs (${(a / b).toFixed(1)}× less)`,
  );
} else {
  const { way, root } = workerData as { way: Way; root: string };
  parentPort!.once('message', () => {
    // A rejection is uncaught here: it ends the worker with an 'error' for the main thread.
    void writeFiles(way, root).then(() => parentPort!.postMessage('done'));
  });
  parentPort!.postMessage('ready');
}
