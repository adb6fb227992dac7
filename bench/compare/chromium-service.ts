/**
 * A Chromium rendering service for `npm run bench:compare`, the way such services are commonly
 * built: Debian's Chromium driven by playwright-core, one browser per core (BENCH_BROWSERS), each
 * with one page kept open (warm), behind HTTP. `POST /render` with `{"format":"jpg"|"png"|"pdf",
 * "photo":"<url>"}` answers the card's file. Runs as its own process so the benchmark can read the
 * CPU time of this process and its browsers from /proc. Prints `listening <port>` when ready.
 */
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import { chromium, type Page } from 'playwright-core';
import { cardHtml } from './card-html.ts';

const BROWSERS = Number(process.env.BENCH_BROWSERS ?? os.availableParallelism());
const EXECUTABLE = process.env.BENCH_CHROMIUM ?? '/usr/bin/chromium';
// Quality 90: the same as Imprint's JPEG output.
const JPEG_QUALITY = 90;

const browsers = await Promise.all(
  Array.from({ length: BROWSERS }, () =>
    chromium.launch({ executablePath: EXECUTABLE, args: ['--no-sandbox'] }),
  ),
);
const idle: Page[] = await Promise.all(
  browsers.map((b) => b.newPage({ viewport: { width: 1200, height: 630 } })),
);
const waiting: Array<(p: Page) => void> = [];

const takePage = () =>
  idle.length > 0 ? Promise.resolve(idle.pop()!) : new Promise<Page>((r) => waiting.push(r));
const givePage = (p: Page) => {
  const next = waiting.shift();
  if (next) next(p);
  else idle.push(p);
};

async function render(format: string, photo: string): Promise<Buffer> {
  const page = await takePage();
  try {
    // `load` waits for the photo to be fetched and decoded.
    await page.setContent(cardHtml(photo), { waitUntil: 'load' });
    if (format === 'pdf')
      return await page.pdf({ width: '1200px', height: '630px', printBackground: true });
    return await page.screenshot(
      format === 'png' ? { type: 'png' } : { type: 'jpeg', quality: JPEG_QUALITY },
    );
  } finally {
    givePage(page);
  }
}

const server = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const { format, photo } = JSON.parse(Buffer.concat(chunks).toString()) as {
      format: string;
      photo: string;
    };
    render(format, photo).then(
      (bytes) => {
        const type =
          format === 'pdf' ? 'application/pdf' : `image/${format === 'png' ? 'png' : 'jpeg'}`;
        res.writeHead(200, { 'content-type': type, 'content-length': bytes.length });
        res.end(bytes);
      },
      (err: Error) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(err.message);
      },
    );
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  console.log(`listening ${(server.address() as net.AddressInfo).port}`);
});
process.on('SIGTERM', () => {
  server.close();
  void Promise.all(browsers.map((b) => b.close())).then(() => process.exit(0));
});
