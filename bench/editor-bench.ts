/**
 * `npm run bench:editor`: how fast the template editor sees a change. A real `imprint serve`
 * (embedded SQLite, local files) holds the reference card of `npm run bench`; the benchmark then
 * sends BENCH_EDITOR_N (default 200) previews one after the other over HTTP, as the editor does,
 * each with a small change (the title's text), and prints p50/p95/max of the time from sending
 * the request to having the whole PNG:
 *   - "unsaved design": the editor's case while editing, the whole design in the body;
 *   - "layer data": the stored design with `layers` data;
 * each at the width of the card (1200 px) and at half of it (`modifications.width` 600), after
 * BENCH_EDITOR_WARMUP (default 30) unmeasured previews. Targets for the reference card: p50 under
 * 150 ms and p95 under 300 ms. A benchmark, not a test.
 */
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import { makeReferencePhoto } from './reference-card/make-photo.ts';
import { ServerProcess } from '../test/helpers/server-process.ts';

const N = Number(process.env.BENCH_EDITOR_N ?? 200);
const WARMUP = Number(process.env.BENCH_EDITOR_WARMUP ?? 30);

const quantile = (xs: number[], q: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

const photo = await makeReferencePhoto();
const photoServer = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.length });
  res.end(photo);
});
await new Promise<void>((r) => photoServer.listen(0, '127.0.0.1', r));
const photoUrl = `http://127.0.0.1:${(photoServer.address() as net.AddressInfo).port}/photo.jpg`;

const imprint = await ServerProcess.create({
  prefix: 'imprint-bench-editor-',
  env: { IMPRINT_PREVIEW_RATE_LIMIT: '0', IMPRINT_RATE_LIMIT: '0', LOG_LEVEL: 'warn' },
  // The test helpers never let a child inherit this process's output: its log is piped here.
  stdio: ['ignore', 'ignore', 'pipe'],
});
const { token } = imprint.createProject('Bench');
const server = await imprint.start();
server.stdout?.pipe(process.stdout);
server.stderr?.pipe(process.stderr);
process.on('exit', () => server.kill('SIGKILL'));

const agent = new http.Agent({ keepAlive: true, maxSockets: 4 });
/** One request; resolves with its status, body and milliseconds until the last byte. */
const call = (method: string, url: string, body?: unknown) =>
  new Promise<{ status: number; body: Buffer; ms: number }>((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const started = performance.now();
    const req = http.request(
      `${imprint.base}/api/rest${url}`,
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
        res.on('end', () =>
          resolve({
            status: res.statusCode!,
            body: Buffer.concat(chunks),
            ms: performance.now() - started,
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });

const design = JSON.parse(
  fs.readFileSync(new URL('./reference-card/design.json', import.meta.url), 'utf8'),
) as { layers: Array<Record<string, unknown>> };
design.layers = design.layers.map((l) => (l.name === 'photo' ? { ...l, image: photoUrl } : l));
const created = await call('POST', '/templates', {
  title: 'Reference card',
  width: 1200,
  height: 630,
});
const uuid = JSON.parse(created.body.toString()).uuid as string;
const saved = await call('PUT', `/templates/${uuid}/design`, design);
if (saved.status !== 200) throw new Error(`saving the design: ${saved.body.toString()}`);

/** The body of the i-th preview: one small change (the title's text) each time. */
const bodies = {
  'unsaved design': (i: number, width: number) => ({
    design: {
      ...design,
      layers: design.layers.map((l) =>
        l.name === 'title' ? { ...l, text: `Quarterly results are in: revenue up ${i}%` } : l,
      ),
    },
    modifications: { width },
  }),
  'layer data': (i: number, width: number) => ({
    layers: { title: { text: `Quarterly results are in: revenue up ${i}%` } },
    modifications: { width },
  }),
};

console.log(
  `editor previews of the reference card, ${N} after ${WARMUP} unmeasured, one at a time`,
);
for (const [name, body] of Object.entries(bodies)) {
  for (const width of [1200, 600]) {
    for (let i = 0; i < WARMUP; i++)
      await call('POST', `/templates/${uuid}/preview`, body(i, width));
    const times: number[] = [];
    let bytes = 0;
    for (let i = 0; i < N; i++) {
      const res = await call('POST', `/templates/${uuid}/preview`, body(i, width));
      if (res.status !== 200) throw new Error(`preview: ${res.status} ${res.body.toString()}`);
      times.push(res.ms);
      bytes += res.body.length;
    }
    console.log(
      `  ${name.padEnd(15)} ${String(width).padStart(4)} px: p50 ${quantile(times, 0.5).toFixed(1)} ms, p95 ${quantile(times, 0.95).toFixed(1)} ms, max ${Math.max(...times).toFixed(1)} ms, ${Math.round(bytes / N / 1024)} KiB per PNG`,
    );
  }
}

agent.destroy();
photoServer.close();
await imprint.close();
