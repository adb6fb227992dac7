/**
 * `npm run bench:screenshots` (also run by `npm run bench`): screenshots of a simple page served
 * on loopback through the warm Chromium pool (cache off, so every shot loads and shoots the page),
 * median and p95 ms per screenshot one at a time, the CPU each costs, the rate with every context busy, and the memory of
 * the browser's processes (PSS summed over the browser and its children). A benchmark, not a test.
 *   BENCH_SHOTS      screenshots per run (default 40)
 *   BENCH_CONTEXTS   contexts of the pool (default 2, as IMPRINT_SCREENSHOT_CONTEXTS)
 */
import http from 'node:http';
import type net from 'node:net';
import { ChromiumScreenshots } from '../src/screenshots/chromium-screenshots.ts';
import { browserProcesses, cpuMs, residentBytes } from '../test/screenshots/_pages.ts';

const N = Number(process.env.BENCH_SHOTS ?? 40);
const CONTEXTS = Number(process.env.BENCH_CONTEXTS ?? 2);
const CHROMIUM = process.env.IMPRINT_CHROMIUM_PATH ?? '/usr/bin/chromium';

const PAGE = `<!doctype html><html><head><title>Card</title><style>
body{margin:0;font:24px sans-serif;background:#f4f4f5}
main{margin:40px;padding:32px;background:#fff;border-radius:12px}
</style></head><body><main><h1>Simple page</h1><p>A heading, a paragraph and a box.</p>
<div style="width:200px;height:120px;background:linear-gradient(#4f46e5,#06b6d4)"></div></main></body></html>`;

const quantile = (xs: number[], q: number): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.end(PAGE);
});
await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
const base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
const shots = new ChromiumScreenshots({
  chromiumPath: CHROMIUM,
  contexts: CONTEXTS,
  timeoutMs: 30_000,
  cacheTtlMs: 0,
  allowPrivate: true,
});
const opts = {
  viewport: { width: 1280, height: 1024 },
  fullPage: false,
  waitMs: 0,
  selector: null,
};
let seq = 0;
const shoot = async (): Promise<number> => {
  const t0 = performance.now();
  await shots.capture(`${base}/page?${seq++}`, opts);
  return performance.now() - t0;
};

try {
  const cold = await shoot();
  for (let i = 0; i < 2 * CONTEXTS; i++) await shoot(); // every context warm
  const proxyUrl = shots.browserPool?.proxyUrl ?? '';
  const pids = browserProcesses(proxyUrl);
  const cpu0 = cpuMs(pids);
  const node0 = process.cpuUsage();
  const serial: number[] = [];
  for (let i = 0; i < N; i++) serial.push(await shoot());
  const browserCpu = (cpuMs(pids) - cpu0) / N;
  const nodeUse = process.cpuUsage(node0);
  const nodeCpu = (nodeUse.user + nodeUse.system) / 1000 / N;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: N }, shoot));
  const wall = performance.now() - t0;
  const rss = residentBytes(browserProcesses(proxyUrl));
  console.log(`screenshots of a simple page, 1280x1024, ${CONTEXTS} contexts, ${N} per run`);
  console.log(`  first (browser start)  ${cold.toFixed(0)} ms`);
  console.log(
    `  one at a time          p50 ${quantile(serial, 0.5).toFixed(0)} ms  p95 ${quantile(serial, 0.95).toFixed(0)} ms`,
  );
  console.log(
    `  CPU per screenshot     browser ${browserCpu.toFixed(0)} ms, Imprint process ${nodeCpu.toFixed(0)} ms (one at a time)`,
  );
  console.log(`  ${N} requested at once   ${((N / wall) * 1000).toFixed(1)} shots/s`);
  console.log(`  browser memory (PSS, all its processes)  ${(rss / 1024 / 1024).toFixed(0)} MB`);
} finally {
  await shots.close();
  server.close();
}
