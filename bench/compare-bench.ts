/**
 * `npm run bench:compare`: Imprint against a Chromium rendering service, in the same run, on the
 * same machine, both through HTTP.
 *   - Imprint: a real `imprint serve` (SQLite, local files, one render thread per core); one image
 *     is `POST /images` (or `/pdfs`) with `create_now` plus a GET of the finished file.
 *   - Chromium: Debian's Chromium through playwright-core, one browser per core, warm pages, behind
 *     HTTP (./compare/chromium-service.ts); one image is `POST /render` answering the file. The
 *     card is ./reference-card/design.json as HTML (./compare/card-html.ts).
 * Both photo modes: one photo URL for every request (`same`: cached after its first use, the batch
 * case) and a new photo every request (`fresh`: a new URL serving new bytes, the same picture
 * with a numbered JPEG comment, so no cache can hold it). Formats JPEG, PNG and PDF.
 * Interleaved: each round runs a batch of every (mode, format) on each service, the services
 * taking turns at going first, so a machine that slows down moves both. Per cell it prints p50
 * and p95 latency, images per second, CPU time per image (the whole process tree of each
 * service, from /proc) and the median file size, then the ratios Chromium ÷ Imprint.
 * Settings: BENCH_N requests per cell and service (default 40), BENCH_BATCH (10),
 * BENCH_CONCURRENCY requests in flight (default the cores), BENCH_WARMUP per cell (10),
 * BENCH_RSS_N (default 0): afterwards, that many fresh-photo JPEGs through Imprint alone,
 * printing the server's RSS every tenth; BENCH_SAVE_DIR: a folder to write one file of each cell
 * to, to look at both services' output. A benchmark, not a test.
 */
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import { makeReferencePhoto } from './reference-card/make-photo.ts';
import { ServerProcess } from '../test/helpers/server-process.ts';

const CORES = os.availableParallelism();
const N = Number(process.env.BENCH_N ?? 40);
const BATCH = Math.min(N, Number(process.env.BENCH_BATCH ?? 10));
const ROUNDS = Math.ceil(N / BATCH);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? CORES);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 10);
const RSS_N = Number(process.env.BENCH_RSS_N ?? 0);
const SAVE_DIR = process.env.BENCH_SAVE_DIR;
// Clock ticks per second of /proc/<pid>/stat (USER_HZ; 100 on Linux).
const CLK_TCK = 100;

type Mode = 'same' | 'fresh';
type Format = 'jpg' | 'png' | 'pdf';
type Service = 'imprint' | 'chromium';
const MODES: Mode[] = ['same', 'fresh'];
const FORMATS: Format[] = ['jpg', 'png', 'pdf'];

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};
const f1 = (x: number) => x.toFixed(1);

// ---- The photo server ------------------------------------------------------------------------
const photo = await makeReferencePhoto();
/** The photo with a JPEG comment segment (COM) numbered `n` after its start marker. */
function numberedPhoto(n: number): Buffer {
  const text = Buffer.from(`bench photo ${n}`);
  const head = Buffer.from([0xff, 0xfe, (text.length + 2) >> 8, (text.length + 2) & 0xff]);
  return Buffer.concat([photo.subarray(0, 2), head, text, photo.subarray(2)]);
}
const photoServer = http.createServer((req, res) => {
  const fresh = /^\/fresh\/(\d+)\.jpg$/.exec(req.url ?? '');
  const bytes = fresh ? numberedPhoto(Number(fresh[1])) : photo;
  res.writeHead(200, {
    'content-type': 'image/jpeg',
    'content-length': bytes.length,
    // The one photo may be cached by both services; a fresh one must not be.
    'cache-control': fresh ? 'no-store' : 'public, max-age=31536000',
  });
  res.end(bytes);
});
photoServer.keepAliveTimeout = 60_000;
await new Promise<void>((r) => photoServer.listen(0, '127.0.0.1', r));
const photoBase = `http://127.0.0.1:${(photoServer.address() as net.AddressInfo).port}`;
let freshCount = 0;
const photoUrl = (mode: Mode) =>
  mode === 'same' ? `${photoBase}/same.jpg` : `${photoBase}/fresh/${++freshCount}.jpg`;

// ---- HTTP client -------------------------------------------------------------------------------
const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY + 4 });
function request(
  url: string,
  method: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method,
        agent,
        headers: body
          ? {
              ...headers,
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
            }
          : headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('error', reject);
        res.on('end', () => resolve({ status: res.statusCode!, body: Buffer.concat(chunks) }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

// ---- Imprint -----------------------------------------------------------------------------------
const imprint = await ServerProcess.create({
  prefix: 'imprint-compare-',
  env: {
    IMPRINT_RENDER_THREADS: String(CORES),
    IMPRINT_CREATE_NOW_LIMIT: '50',
    IMPRINT_RATE_LIMIT: '0',
    LOG_LEVEL: 'warn',
  },
  // The test helpers never let a child inherit this process's output: its log is piped here.
  stdio: ['ignore', 'ignore', 'pipe'],
});
const { token } = imprint.createProject('Compare');
const imprintServer = await imprint.start();
imprintServer.stdout?.pipe(process.stdout);
imprintServer.stderr?.pipe(process.stderr);
const auth = { authorization: `Bearer ${token}` };
const api = async (method: string, path: string, body?: unknown) => {
  const res = await request(
    `${imprint.base}/api/rest${path}`,
    method,
    auth,
    body === undefined ? undefined : JSON.stringify(body),
  );
  if (res.status >= 300) throw new Error(`${method} ${path}: ${res.status} ${res.body.toString()}`);
  return JSON.parse(res.body.toString()) as Record<string, unknown>;
};
const design: unknown = JSON.parse(
  fs.readFileSync(new URL('./reference-card/design.json', import.meta.url), 'utf8'),
);
const tpl = await api('POST', '/templates', { title: 'Reference card', width: 1200, height: 630 });
const uuid = tpl.uuid as string;
await api('PUT', `/templates/${uuid}/design`, design);

async function imprintFile(format: Format, url: string): Promise<Buffer> {
  const layers = { photo: { image: url } };
  const done =
    format === 'pdf'
      ? await api('POST', '/pdfs', { pages: [{ template_uuid: uuid, layers }], create_now: true })
      : await api('POST', '/images', {
          template_uuid: uuid,
          layers,
          create_now: true,
          modifications: { image_format: format },
        });
  const fileUrl = (format === 'pdf' ? done.pdf_url : done.image_url) as string | null;
  if (done.status !== 'finished' || !fileUrl) throw new Error(`Imprint: ${JSON.stringify(done)}`);
  const file = await request(fileUrl, 'GET', auth);
  if (file.status !== 200) throw new Error(`GET ${fileUrl}: ${file.status}`);
  return file.body;
}

// ---- Chromium ----------------------------------------------------------------------------------
const chromiumService = spawn(
  process.execPath,
  ['--import', 'tsx', new URL('./compare/chromium-service.ts', import.meta.url).pathname],
  { stdio: ['ignore', 'pipe', 'inherit'], env: { ...process.env, BENCH_BROWSERS: String(CORES) } },
);
const chromiumPort = await new Promise<number>((resolve, reject) => {
  let out = '';
  chromiumService.stdout.on('data', (c: Buffer) => {
    out += c.toString();
    const m = /listening (\d+)/.exec(out);
    if (m) resolve(Number(m[1]));
  });
  chromiumService.on('exit', (code) => reject(new Error(`Chromium service exited (${code})`)));
});
process.on('exit', () => {
  imprintServer.kill('SIGKILL');
  chromiumService.kill('SIGKILL');
});

async function chromiumFile(format: Format, url: string): Promise<Buffer> {
  const res = await request(
    `http://127.0.0.1:${chromiumPort}/render`,
    'POST',
    {},
    JSON.stringify({ format, photo: url }),
  );
  if (res.status !== 200) throw new Error(`Chromium: ${res.status} ${res.body.toString()}`);
  return res.body;
}

// ---- Measuring ---------------------------------------------------------------------------------
/** user + system CPU seconds of a process, with those of its reaped children. */
function procCpu(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14])) / CLK_TCK;
  } catch {
    return 0; // it ended
  }
}
/** The pids of `root` and all its descendants (Chromium's browser, GPU and renderer processes). */
function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const d of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${d}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
    } catch {
      // it ended
    }
  }
  const out: number[] = [];
  const visit = (pid: number) => {
    out.push(pid);
    for (const c of children.get(pid) ?? []) visit(c);
  };
  visit(root);
  return out;
}
const treeCpu = (root: number) => processTree(root).reduce((s, pid) => s + procCpu(pid), 0);
const rssMb = (pid: number) => {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
};

const services: Record<
  Service,
  { pid: number; file: (f: Format, url: string) => Promise<Buffer> }
> = {
  imprint: { pid: imprintServer.pid!, file: imprintFile },
  chromium: { pid: chromiumService.pid!, file: chromiumFile },
};

interface Cell {
  latencies: number[];
  seconds: number;
  cpuSeconds: number;
  count: number;
  sizes: number[];
}
const cells = new Map<string, Cell>();
const cellOf = (s: Service, m: Mode, f: Format) => {
  const key = `${s} ${m} ${f}`;
  if (!cells.has(key))
    cells.set(key, { latencies: [], seconds: 0, cpuSeconds: 0, count: 0, sizes: [] });
  return cells.get(key)!;
};

/** `total` requests of one cell, CONCURRENCY at a time; measured unless `warm`. */
async function batch(s: Service, m: Mode, f: Format, total: number, warm = false) {
  const service = services[s];
  const cell = cellOf(s, m, f);
  let started = 0;
  const cpu0 = treeCpu(service.pid);
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(CONCURRENCY, total) }, async () => {
      while (started < total) {
        started++;
        const t = performance.now();
        const bytes = await service.file(f, photoUrl(m));
        if (SAVE_DIR && cell.sizes.length === 0)
          fs.writeFileSync(`${SAVE_DIR}/${s}-${m}.${f}`, bytes);
        if (!warm) {
          cell.latencies.push(performance.now() - t);
          cell.sizes.push(bytes.length);
        }
      }
    }),
  );
  if (warm) return;
  cell.seconds += (performance.now() - t0) / 1000;
  cell.cpuSeconds += treeCpu(service.pid) - cpu0;
  cell.count += total;
}

console.log(
  `Reference card 1200×630: Imprint (${CORES} render threads) vs Chromium ${chromiumVersion()} (${CORES} browsers); ` +
    `${N} requests per cell and service, ${CONCURRENCY} in flight, ${ROUNDS} interleaved rounds; ` +
    `${CORES} cores, load average ${os.loadavg()[0].toFixed(1)}, Node ${process.version}`,
);
for (const m of MODES)
  for (const f of FORMATS)
    for (const s of ['imprint', 'chromium'] as const) await batch(s, m, f, WARMUP, true);

for (let r = 0; r < ROUNDS; r++) {
  const size = Math.min(BATCH, N - r * BATCH);
  for (const m of MODES)
    for (const f of FORMATS) {
      const order: Service[] = r % 2 === 0 ? ['imprint', 'chromium'] : ['chromium', 'imprint'];
      for (const s of order) await batch(s, m, f, size);
    }
}

const stats = (c: Cell) => ({
  p50: quantile(c.latencies, 0.5),
  p95: quantile(c.latencies, 0.95),
  perSecond: c.count / c.seconds,
  cpuMs: (c.cpuSeconds * 1000) / c.count,
  kb: quantile(c.sizes, 0.5) / 1024,
});
const label = { same: 'one cached photo', fresh: 'a new photo every request' };
for (const m of MODES) {
  console.log(`\n${label[m]}:`);
  console.log(
    '  format  service   p50 ms  p95 ms  images/s  CPU ms/image  file kB | ratio Chromium ÷ Imprint: p50, CPU, images/s',
  );
  for (const f of FORMATS) {
    const i = stats(cellOf('imprint', m, f));
    const c = stats(cellOf('chromium', m, f));
    const row = (name: string, x: typeof i) =>
      `  ${f.padEnd(6)}  ${name.padEnd(8)}  ${f1(x.p50).padStart(6)}  ${f1(x.p95).padStart(6)}  ${f1(x.perSecond).padStart(8)}  ${f1(x.cpuMs).padStart(12)}  ${f1(x.kb).padStart(7)}`;
    console.log(
      `${row('imprint', i)} | ${(c.p50 / i.p50).toFixed(2)}×, ${(c.cpuMs / i.cpuMs).toFixed(2)}×, ${(i.perSecond / c.perSecond).toFixed(2)}×`,
    );
    console.log(row('chromium', c));
  }
}
console.log(
  `\nRSS after the comparison: Imprint ${f1(rssMb(imprintServer.pid!))} MB; Chromium service and browsers ${f1(
    processTree(chromiumService.pid!).reduce((s, pid) => s + (rssMb(pid) || 0), 0),
  )} MB (summed over processes, shared pages counted in each)`,
);

chromiumService.kill('SIGTERM');
if (RSS_N > 0) {
  console.log(`\nImprint alone, ${RSS_N} JPEGs with a new photo every request, server RSS:`);
  const step = Math.max(1, Math.round(RSS_N / 10));
  for (let done = 0; done < RSS_N;) {
    const n = Math.min(step, RSS_N - done);
    await batch('imprint', 'fresh', 'jpg', n, true);
    done += n;
    console.log(`  ${String(done).padStart(6)} images: ${f1(rssMb(imprintServer.pid!))} MB`);
  }
}

agent.destroy();
await imprint.close();
photoServer.closeAllConnections();
await new Promise<void>((r) => photoServer.close(() => r()));

/** "Chromium 156.0…" from the executable the service starts. */
function chromiumVersion(): string {
  const out = spawnSync(process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium', ['--version'], {
    encoding: 'utf8',
  });
  return /[\d.]+/.exec(out.stdout ?? '')?.[0] ?? '(version unknown)';
}
