/**
 * `npm run bench:api`: the end-to-end throughput of a real `imprint serve` (embedded SQLite, local
 * files) on the reference card of `npm run bench`, compared with the pure render throughput of
 * the engine on the same machine. Prints:
 *   - images per second end to end with BENCH_API_INFLIGHT (50) requests in flight: each client
 *     creates an image (webhook_success to a local receiver) and starts the next one when the
 *     webhook of the previous arrives; latency = create → webhook received;
 *   - p50/p95 latency of `create_now` requests, one at a time and 8 at a time;
 *   - the pure render throughput: the same card rendered by a RenderPool of the same number of
 *     threads (IMPRINT_RENDER_THREADS, default the cores) with as many renders in flight, plus
 *     the single-thread warm render time that `npm run bench` reports;
 *   - the ratio pure ÷ end to end (target ≤ 1.3) and the server's CPU per image against the
 *     pure half's (target ≤ 1.25), and how much of the machine's CPU each half
 *     left idle (from /proc/stat: both halves should keep the cores busy).
 * The machine may be shared, so each round runs an end-to-end half and a pure half back to back,
 * taking turns at going first (BENCH_API_ROUNDS, default 15); the ratio reported is the median of
 * the rounds' own ratios, the share of CPU time the hypervisor stole in each half is printed, and
 * CPU time per image is reported too (server process vs render pool). The end-to-end client and
 * webhook receiver are raw keep-alive sockets (./raw-http.ts): they share the server's cores, and
 * their CPU per image is printed as "client".
 * Before the rounds, BENCH_API_WARMUP images (default 2000) go through the server unmeasured, and
 * as many renders through the pure pool: a server runs for days, and the CPU its request path
 * spends per image (main thread and V8's compiler and GC threads) kept falling for the first
 * ~2000 images here (JIT), then stayed level (see docs/benchmarks.md). The CPU cost of creating a file in the server's data folder is probed and
 * printed before and after: on a journal-less ext4 disk (this machine's) each new file rescans the
 * inodes deleted in the last minutes, so after a mass deletion (the previous run's clean-up, a
 * test run) it costs up to 1 ms more per image, which the end-to-end half pays and the pure half
 * does not.
 * Settings: BENCH_API_N images per round (default 200), BENCH_API_INFLIGHT (50), BENCH_API_NOW
 * (60 create_now requests per concurrency level). A benchmark, not a test.
 */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { renderImage, validateDesign, type Design } from '../src/render/index.ts';
import { RenderPool } from '../src/worker/render-pool.ts';
import { makeReferencePhoto } from './reference-card/make-photo.ts';
import { ServerProcess } from '../test/helpers/server-process.ts';
import { RawConnection, startRawWebhookReceiver } from './raw-http.ts';

const N = Number(process.env.BENCH_API_N ?? 200);
const WARMUP = Number(process.env.BENCH_API_WARMUP ?? 2000);
const ROUNDS = Number(process.env.BENCH_API_ROUNDS ?? 15);
const INFLIGHT = Number(process.env.BENCH_API_INFLIGHT ?? 50);
const NOW_N = Number(process.env.BENCH_API_NOW ?? 60);
const THREADS = Number(process.env.IMPRINT_RENDER_THREADS ?? os.availableParallelism());
// Clock ticks per second of /proc/<pid>/stat (USER_HZ; 100 on Linux).
const CLK_TCK = 100;

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const f1 = (x: number) => x.toFixed(1);

/** Serves the reference photo and receives webhooks (id → arrival time). */
async function startHelper(photo: Buffer) {
  const arrived = new Map<number, number>();
  const waiters = new Map<number, () => void>();
  const server = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.length });
    res.end(photo);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const receiver = await startRawWebhookReceiver((id) => {
    arrived.set(id, performance.now());
    waiters.get(id)?.();
    waiters.delete(id);
  });
  return {
    photoUrl: `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/photo.jpg`,
    hookUrl: receiver.url,
    /** Resolves when the webhook of image `id` has arrived. */
    webhook: (id: number) =>
      arrived.has(id) ? Promise.resolve() : new Promise<void>((r) => waiters.set(id, r)),
    arrivedAt: (id: number) => arrived.get(id)!,
    close: async () => {
      await receiver.close();
      server.closeAllConnections();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}

const photo = await makeReferencePhoto();
const raw = JSON.parse(
  fs.readFileSync(new URL('./reference-card/design.json', import.meta.url), 'utf8'),
) as Design;
const helper = await startHelper(photo);
const photoUrl = helper.photoUrl;

// ---- 1. The real server -------------------------------------------------------------------
// BENCH_API_NODE_ARGS: extra node flags for the server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof";
// BENCH_API_SERVER_STDOUT=1 shows the server's stdout (for V8 traces such as --trace-opt).
const imprint = await ServerProcess.create({
  prefix: 'imprint-bench-',
  env: {
    IMPRINT_RENDER_THREADS: String(THREADS),
    IMPRINT_CREATE_NOW_LIMIT: '50',
    IMPRINT_RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
  },
  // The test helpers never let a child inherit this process's output: its log is piped here.
  stdio: ['ignore', process.env.BENCH_API_SERVER_STDOUT ? 'pipe' : 'ignore', 'pipe'],
  nodeArgs: (process.env.BENCH_API_NODE_ARGS ?? '').split(' ').filter(Boolean),
});
const base = imprint.base;
const { token } = imprint.createProject('Bench');
const server = await imprint.start();
server.stdout?.pipe(process.stdout);
server.stderr?.pipe(process.stderr);
process.on('exit', () => server.kill('SIGKILL'));

// Set-up and create_now calls: node:http on a keep-alive agent. The measured end-to-end loop uses
// the leaner raw connections of ./raw-http.ts: this client shares the server's cores.
const agent = new http.Agent({ keepAlive: true, maxSockets: INFLIGHT + 16 });
const api = (method: string, url: string, body?: unknown) =>
  new Promise<Record<string, unknown>>((resolve, reject) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const req = http.request(
      `${base}/api/rest${url}`,
      {
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(payload
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString();
          if (res.statusCode! >= 300)
            reject(new Error(`${method} ${url}: ${res.statusCode} ${text}`));
          else resolve(JSON.parse(text) as Record<string, unknown>);
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });

const tpl = await api('POST', '/templates', { title: 'Reference card', width: 1200, height: 630 });
const uuid = tpl.uuid as string;
await api('PUT', `/templates/${uuid}/design`, raw);
const layers = { photo: { image: photoUrl } };

const connections = await Promise.all(
  Array.from({ length: INFLIGHT }, () => RawConnection.open(base)),
);
const createBody = JSON.stringify({ template_uuid: uuid, layers, webhook_success: helper.hookUrl });
const createHeaders = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

/** Client `client` creates one image; resolves with its create → webhook latency (ms). */
async function oneImage(client: number): Promise<number> {
  const t0 = performance.now();
  const res = await connections[client].request(
    'POST',
    '/api/rest/images',
    createHeaders,
    createBody,
  );
  if (res.status !== 200)
    throw new Error(`POST /images: ${res.status} ${JSON.stringify(res.json)}`);
  const id = res.json.id as number;
  await helper.webhook(id);
  return helper.arrivedAt(id) - t0;
}

/** Runs `total` tasks with `parallel` clients; returns per-task results and the wall time. */
async function closedLoop<T>(
  total: number,
  parallel: number,
  task: (client: number) => Promise<T>,
) {
  let started = 0;
  const results: T[] = [];
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(parallel, total) }, async (_, client) => {
      while (started < total) {
        started++;
        results.push(await task(client));
      }
    }),
  );
  return { results, seconds: (performance.now() - t0) / 1000 };
}

/** CPU seconds (user + system) a process (all threads) or one of its threads has used, from /proc. */
function cpuSecondsOf(pid: number, tid?: number): number {
  const file = tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`;
  const stat = fs.readFileSync(file, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}
/** CPU seconds per thread (name/tid) of a process (BENCH_API_THREADS=1 prints the split per round). */
function cpuByThreadName(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      const name = fs.readFileSync(`/proc/${pid}/task/${tid}/comm`, 'utf8').trim();
      const label = Number(tid) === pid ? 'main' : `${name}/${tid}`;
      out.set(label, (out.get(label) ?? 0) + cpuSecondsOf(pid, Number(tid)));
    } catch {
      // the thread ended
    }
  }
  return out;
}
/** The CPU per image of each thread since `before` (threads under 0.05 ms left out). */
function threadSplit(pid: number, before: Map<string, number>): string {
  return [...cpuByThreadName(pid)]
    .map(([name, s]) => [name, ((s - (before.get(name) ?? 0)) * 1000) / N] as const)
    .filter(([, ms]) => ms >= 0.05)
    .map(([name, ms]) => `${name} ${ms.toFixed(2)}`)
    .join(', ');
}
/**
 * CPU ms of creating one 64 kB file in the server's data folder (the size of a stored card), over
 * 100 files written synchronously. The files stay until the data folder is removed: deleting
 * them here would make the next files dearer on the very disks this probe is about.
 */
function diskProbe(label: string): string {
  const dir = path.join(imprint.dataDir, `disk-probe-${label}`);
  fs.mkdirSync(dir);
  const bytes = Buffer.alloc(64 * 1024, 7);
  const c0 = process.cpuUsage();
  for (let i = 0; i < 100; i++) fs.writeFileSync(path.join(dir, String(i)), bytes, { flag: 'wx' });
  const u = process.cpuUsage(c0);
  const ms = (u.user + u.system) / 1000 / 100;
  return `creating a 64 kB file costs ${ms.toFixed(2)} ms of CPU${ms > 0.3 ? ' (high: files were deleted on this disk in the last minutes; see the README)' : ''}`;
}
/** Idle (idle + iowait), stolen and total jiffies of the whole machine, from /proc/stat. */
function machineJiffies(): { idle: number; steal: number; total: number } {
  const f = fs
    .readFileSync('/proc/stat', 'utf8')
    .split('\n')[0]
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  // user nice system idle iowait irq softirq steal guest guest_nice; guest time is already in user.
  return { idle: f[3] + f[4], steal: f[7] ?? 0, total: f.slice(0, 8).reduce((a, b) => a + b, 0) };
}
/** Shares of the machine's CPU time since `a` that were idle and stolen by the hypervisor. */
const machineShares = (a: { idle: number; steal: number; total: number }) => {
  const b = machineJiffies();
  const total = Math.max(1, b.total - a.total);
  return { idle: (b.idle - a.idle) / total, steal: (b.steal - a.steal) / total };
};
const ownCpuSeconds = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1e6;
};

// The pure render input: the same card, the picture at the URL the server fetches it from.
const validated = validateDesign(raw);
if (!validated.design) throw new Error(JSON.stringify(validated.problems));
const design: Design = {
  ...validated.design,
  layers: validated.design.layers.map((l) => (l.name === 'photo' ? { ...l, image: photoUrl } : l)),
};
const input = { design, assets: { files: new Map([[photoUrl, photo]]), fonts: [] } };
const pool = new RenderPool(THREADS);

console.log(
  `Reference card 1200×630 (jpg), ${THREADS} render threads, ${os.availableParallelism()} cores, load average ${os.loadavg()[0].toFixed(1)}, Node ${process.version}`,
);
console.log(`Disk before: ${diskProbe('before')}`);
// Warm-up: threads, caches and the JIT, on both sides.
await closedLoop(WARMUP, INFLIGHT, oneImage);
await closedLoop(WARMUP, INFLIGHT, () => pool.renderImage(input));

const rounds: Array<{
  api: number;
  pure: number;
  /** Pure ÷ end to end of this round (the two halves of a round run back to back). */
  ratio: number;
  cpuRatio: number;
  apiCpu: number;
  mainCpu: number;
  clientCpu: number;
  pureCpu: number;
  /** Share of the machine's CPU time left idle during each half. */
  e2eIdle: number;
  pureIdle: number;
  /** Share of the machine's CPU time the hypervisor gave to other guests during each half. */
  e2eSteal: number;
  pureSteal: number;
}> = [];
const latencies: number[] = [];

/** One end-to-end half: N images through the server. */
async function endToEndHalf() {
  const c0 = cpuSecondsOf(server.pid!);
  const t0 = process.env.BENCH_API_THREADS ? cpuByThreadName(server.pid!) : null;
  // The main thread (its tid is the pid): HTTP, database, storage, webhooks — not the renders.
  const m0 = cpuSecondsOf(server.pid!, server.pid!);
  // This process during the end-to-end half: the HTTP client and the webhook receiver.
  const k0 = ownCpuSeconds();
  const j0 = machineJiffies();
  const e2e = await closedLoop(N, INFLIGHT, oneImage);
  const machine = machineShares(j0);
  const clientCpu = ((ownCpuSeconds() - k0) * 1000) / N;
  const apiCpu = ((cpuSecondsOf(server.pid!) - c0) * 1000) / N;
  const mainCpu = ((cpuSecondsOf(server.pid!, server.pid!) - m0) * 1000) / N;
  if (t0) console.log(`  server CPU per image by thread: ${threadSplit(server.pid!, t0)}`);
  latencies.push(...e2e.results);
  return { seconds: e2e.seconds, apiCpu, mainCpu, clientCpu, machine };
}

/** One pure half: N renders through the pool. */
async function pureHalf() {
  const q0 = process.env.BENCH_API_THREADS ? cpuByThreadName(process.pid) : null;
  const p0 = ownCpuSeconds();
  const j1 = machineJiffies();
  const pure = await closedLoop(N, INFLIGHT, () => pool.renderImage(input));
  const machine = machineShares(j1);
  const pureCpu = ((ownCpuSeconds() - p0) * 1000) / N;
  if (q0) console.log(`  pure CPU per image by thread: ${threadSplit(process.pid, q0)}`);
  return { seconds: pure.seconds, pureCpu, machine };
}

for (let r = 0; r < ROUNDS; r++) {
  // The halves take turns going first, so a machine that speeds up or slows down during the run
  // (other tenants, the disk settling) does not always favour the same half.
  let e: Awaited<ReturnType<typeof endToEndHalf>>;
  let p: Awaited<ReturnType<typeof pureHalf>>;
  if (r % 2 === 0) {
    e = await endToEndHalf();
    p = await pureHalf();
  } else {
    p = await pureHalf();
    e = await endToEndHalf();
  }
  rounds.push({
    api: N / e.seconds,
    pure: N / p.seconds,
    ratio: e.seconds / p.seconds,
    cpuRatio: e.apiCpu / p.pureCpu,
    apiCpu: e.apiCpu,
    mainCpu: e.mainCpu,
    clientCpu: e.clientCpu,
    pureCpu: p.pureCpu,
    e2eIdle: e.machine.idle,
    pureIdle: p.machine.idle,
    e2eSteal: e.machine.steal,
    pureSteal: p.machine.steal,
  });
  const pct = (x: number) => `${(x * 100).toFixed(0)}%`;
  console.log(
    `  round ${r + 1}${r % 2 ? ' (pure first)' : ''}: end to end ${f1(N / e.seconds)} images/s (${f1(e.apiCpu)} ms CPU per image, ${f1(e.mainCpu)} on the main thread; client ${f1(e.clientCpu)}), pure ${f1(N / p.seconds)} images/s (${f1(p.pureCpu)} ms CPU per image); machine idle ${pct(e.machine.idle)} vs ${pct(p.machine.idle)}, stolen ${pct(e.machine.steal)} vs ${pct(p.machine.steal)}`,
  );
}
const med = (k: keyof (typeof rounds)[number]) =>
  quantile(
    rounds.map((x) => x[k]),
    0.5,
  );
console.log(
  `End to end (POST /images → webhook received), ${INFLIGHT} in flight: ${f1(med('api'))} images/s (median of ${ROUNDS} rounds of ${N}); ` +
    `latency p50 ${f1(quantile(latencies, 0.5))} ms, p95 ${f1(quantile(latencies, 0.95))} ms`,
);
console.log(
  `Pure render, RenderPool(${THREADS}) with ${INFLIGHT} in flight: ${f1(med('pure'))} images/s (median of ${ROUNDS} rounds)`,
);
console.log(
  `Machine CPU left idle (median of the rounds): ${(med('e2eIdle') * 100).toFixed(1)}% end to end, ${(med('pureIdle') * 100).toFixed(1)}% pure; ` +
    `stolen by the hypervisor: ${(med('e2eSteal') * 100).toFixed(1)}% and ${(med('pureSteal') * 100).toFixed(1)}% (median), at most ${(Math.max(...rounds.map((x) => Math.max(x.e2eSteal, x.pureSteal))) * 100).toFixed(0)}% in a half`,
);

const createNow = async (): Promise<number> => {
  const t0 = performance.now();
  const done = await api('POST', '/images', { template_uuid: uuid, layers, create_now: true });
  if (done.status !== 'finished') throw new Error(`create_now: ${JSON.stringify(done)}`);
  return performance.now() - t0;
};
// BENCH_API_NOW=0 skips the create_now part (e.g. while profiling the queued path).
for (const parallel of NOW_N > 0 ? [1, 8] : []) {
  const now = await closedLoop(NOW_N, parallel, createNow);
  console.log(
    `create_now, ${parallel} at a time (${NOW_N} requests): p50 ${f1(quantile(now.results, 0.5))} ms, ` +
      `p95 ${f1(quantile(now.results, 0.95))} ms, ${f1(NOW_N / now.seconds)} images/s`,
  );
}
console.log(`Disk after: ${diskProbe('after')}`);
for (const c of connections) c.close();
await imprint.close();
await pool.close();

const single: number[] = [];
for (let i = 0; i < 50; i++) {
  const t0 = performance.now();
  await renderImage(input);
  if (i >= 10) single.push(performance.now() - t0);
}
const singleMs = quantile(single, 0.5);
console.log(
  `One render in one thread, warm (as npm run bench reports it): ${f1(singleMs)} ms per card`,
);
// The median of the rounds' own ratios: each round's two halves run back to back, so a slower
// or busier machine from one round to the next moves both and cancels out.
const ratio = med('ratio');
const cpuRatio = med('cpuRatio');
const spread = (k: 'ratio' | 'cpuRatio') => {
  const xs = rounds.map((x) => x[k]).sort((a, b) => a - b);
  return `${xs[0].toFixed(2)}–${xs[xs.length - 1].toFixed(2)}`;
};
console.log(
  `Ratio pure ÷ end to end (median of the rounds' ratios; rounds ${spread('ratio')}): ${ratio.toFixed(2)}× in images/s (target ≤ 1.3×: ${ratio <= 1.3 ? 'met' : 'MISSED'}); ` +
    `${cpuRatio.toFixed(2)}× in CPU per image (rounds ${spread('cpuRatio')}; target ≤ 1.25×: ${cpuRatio <= 1.25 ? 'met' : 'MISSED'}; ${f1(med('apiCpu'))} vs ${f1(med('pureCpu'))} ms; ${f1(med('mainCpu'))} ms of it on the server's main thread; the benchmark's client and webhook receiver ${f1(med('clientCpu'))} ms more)`,
);
await helper.close();
