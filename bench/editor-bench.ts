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
 * 150 ms and p95 under 300 ms.
 *
 * Then the PDF view's case: a 3-page invoice (an A4 page whose 66-row table continues over three
 * pages, a letterhead on the first page only, a page-numbered footer), BENCH_EDITOR_PDF_N (default
 * 100) PDF previews of the unsaved design with one cell changed each time, timed from sending to
 * having the whole PDF. Target: p50 under 300 ms. A benchmark, not a test.
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

// The 3-page invoice: A4 at 96 px per inch, a table of 66 rows (about 25 fit a page).
const PDF_N = Number(process.env.BENCH_EDITOR_PDF_N ?? 100);
const invoice = (i: number) => ({
  width: 794,
  height: 1123,
  background: '#ffffff',
  layers: [
    {
      name: 'letterhead',
      type: 'shape',
      x: 0,
      y: 0,
      width: 794,
      height: 110,
      background_color: '#1e3a8a',
      repeat: 'first',
    },
    {
      name: 'company',
      type: 'text',
      x: 48,
      y: 30,
      width: 500,
      height: 50,
      text: 'Northwind Supplies Ltd',
      font_size: 30,
      text_color: '#ffffff',
      repeat: 'first',
    },
    {
      name: 'items',
      type: 'table',
      x: 48,
      y: 140,
      width: 698,
      height: 860,
      font_size: 14,
      zebra_color: '#f3f4f6',
      columns: [
        { title: 'Item' },
        { title: 'Qty', width: 60, align: 'right' },
        { title: 'Unit price', width: 110, align: 'right' },
        { title: 'Amount', width: 110, align: 'right' },
      ],
      rows: Array.from({ length: 66 }, (_, r) => [
        r === 0 ? `Consulting, revision ${i}` : `Line item ${r + 1}: office supplies`,
        String((r % 7) + 1),
        `€${(12 + r).toFixed(2)}`,
        `€${((12 + r) * ((r % 7) + 1)).toFixed(2)}`,
      ]),
    },
    {
      name: 'total',
      type: 'text',
      x: 446,
      y: 1010,
      width: 300,
      height: 40,
      text: 'Total €24,310.00',
      font_size: 20,
      font_weight: 700,
      repeat: 'last',
    },
    {
      name: 'footer',
      type: 'text',
      x: 48,
      y: 1060,
      width: 698,
      height: 30,
      text: 'Page {{page}} of {{pages}}',
      font_size: 12,
      text_color: '#6b7280',
    },
  ],
});
const pdfBody = (i: number) => ({ design: invoice(i), format: 'pdf' });
const first = await call('POST', `/templates/${uuid}/preview`, pdfBody(0));
if (first.status !== 200) throw new Error(`PDF preview: ${first.status} ${first.body.toString()}`);
const pageCount = first.body.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g)?.length;
if (pageCount !== 3) throw new Error(`the invoice has ${pageCount} pages, not 3`);
for (let i = 0; i < WARMUP; i++) await call('POST', `/templates/${uuid}/preview`, pdfBody(i));
const pdfTimes: number[] = [];
let pdfBytes = 0;
for (let i = 0; i < PDF_N; i++) {
  const res = await call('POST', `/templates/${uuid}/preview`, pdfBody(i));
  if (res.status !== 200) throw new Error(`PDF preview: ${res.status} ${res.body.toString()}`);
  pdfTimes.push(res.ms);
  pdfBytes += res.body.length;
}
console.log(`editor PDF previews of a 3-page invoice, ${PDF_N} after ${WARMUP} unmeasured`);
console.log(
  `  unsaved design  PDF, 3 pages: p50 ${quantile(pdfTimes, 0.5).toFixed(1)} ms, p95 ${quantile(pdfTimes, 0.95).toFixed(1)} ms, max ${Math.max(...pdfTimes).toFixed(1)} ms, ${Math.round(pdfBytes / PDF_N / 1024)} KiB per PDF`,
);

agent.destroy();
photoServer.close();
await imprint.close();
