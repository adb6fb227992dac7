/**
 * `npm run bench:memory`: peak and remaining memory of large renders through the render thread
 * pool, per output, so the pixel budget (IMPRINT_RENDER_MAX_PIXELS_IN_FLIGHT) and the memory per
 * render thread in docs/limits.md rest on measured figures. Each case runs in a fresh process:
 * one warm-up render of the same kind, then the measured render. It prints the resident memory
 * before, the peak during (the process's max RSS), the peak per megapixel, and the memory right
 * after and 1 s after the render — once with the thread kept after the render and once with the
 * thread retired (the pool's default after a render of 16 megapixels or more). Last, the memory
 * of an idle render thread: a process with 1 and with 4 threads, each after one card render.
 * A benchmark, not a test.
 *   BENCH_MEMORY_MP   megapixels of the raster cases (default 36: a 8000×4500 output)
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import fs from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { validateDesign, type Design } from '../src/render/index.ts';
import { RenderPool } from '../src/worker/render-pool.ts';
import { makeReferencePhoto } from './reference-card/make-photo.ts';

const MB = 1024 * 1024;
const CASES = ['png', 'jpg', 'webp', 'pdf-page', 'pdf-20', 'merge-2000'] as const;
type Case = (typeof CASES)[number];

/** The result line a child prints. */
interface Figures {
  name: Case;
  recycle: boolean;
  megapixels: number;
  before: number;
  peak: number;
  after: number;
  settled: number;
}

const rss = () => process.memoryUsage().rss;
const maxRss = () => process.resourceUsage().maxRSS * 1024;

function referenceCard(): Design {
  const raw = JSON.parse(
    fs.readFileSync(new URL('./reference-card/design.json', import.meta.url), 'utf8'),
  ) as unknown;
  const { design } = validateDesign(raw);
  if (!design) throw new Error('reference card invalid');
  return design;
}

async function pdfOfPages(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  for (let i = 0; i < pages; i++) {
    const page = doc.addPage([595, 842]);
    page.drawText(`Page ${i + 1}`, { x: 50, y: 780, size: 24 });
  }
  return Buffer.from(await doc.save());
}

/** Child: runs one case and prints its figures as JSON. */
async function child(name: Case, recycle: boolean): Promise<void> {
  const mp = Number(process.env.BENCH_MEMORY_MP ?? 36);
  const pool = new RenderPool(1, { recycleAbovePixels: recycle ? 16_000_000 : Infinity });
  const design = referenceCard();
  const assets = { files: new Map([['photo.jpg', await makeReferencePhoto()]]), fonts: [] };
  // Output width for `mp` megapixels at the card's aspect ratio.
  const width = Math.round(Math.sqrt((mp * 1e6 * design.width) / design.height));
  let megapixels: number;
  let run: () => Promise<unknown>;
  if (name === 'png' || name === 'jpg' || name === 'webp') {
    await pool.renderImage({ design, assets, options: { format: name } });
    run = () => pool.renderImage({ design, assets, options: { format: name, width } });
    megapixels = (width * Math.round((width * design.height) / design.width)) / 1e6;
  } else if (name === 'pdf-page' || name === 'pdf-20') {
    const pages = name === 'pdf-page' ? 1 : 20;
    const big = { ...design, width, height: Math.round((width * design.height) / design.width) };
    const page = name === 'pdf-page' ? big : design;
    await pool.renderPdf({ pages: [{ design }], assets });
    run = () =>
      pool.renderPdf({ pages: Array.from({ length: pages }, () => ({ design: page })), assets });
    megapixels = (page.width * page.height * pages) / 1e6;
  } else {
    const files = await Promise.all(Array.from({ length: 10 }, () => pdfOfPages(200)));
    await pool.mergePdfs(await Promise.all([pdfOfPages(2), pdfOfPages(2)]));
    run = () => pool.mergePdfs(files);
    megapixels = files.reduce((n, f) => n + f.length, 0) / 1e6; // megabytes of input here
  }
  const before = rss();
  await run();
  const peak = maxRss();
  const after = rss();
  await new Promise((r) => setTimeout(r, 1000));
  const settled = rss();
  await pool.close();
  const figures: Figures = { name, recycle, megapixels, before, peak, after, settled };
  console.log(JSON.stringify(figures));
}

/** Child: resident memory with `threads` warm threads (each rendered one card), as JSON. */
async function idleThreads(threads: number): Promise<void> {
  const pool = new RenderPool(threads);
  const design = referenceCard();
  const assets = { files: new Map([['photo.jpg', await makeReferencePhoto()]]), fonts: [] };
  await Promise.all(
    Array.from({ length: threads }, () =>
      pool.renderImage({ design, assets, options: { format: 'png' } }),
    ),
  );
  await new Promise((r) => setTimeout(r, 1000));
  console.log(JSON.stringify({ threads: pool.stats().threads, rss: rss() }));
  await pool.close();
}

/** Runs this file as a child with `args` and returns the JSON line it printed. */
function runChild(args: string[]): unknown {
  const self = fileURLToPath(import.meta.url);
  const r = spawnSync(process.execPath, ['--import', 'tsx', self, ...args], {
    encoding: 'utf8',
    env: process.env,
  });
  const line = r.stdout.trim().split('\n').pop() ?? '';
  if (r.status !== 0 || !line.startsWith('{')) {
    console.log(`${args.join(' ')}: failed\n${r.stderr}`);
    return undefined;
  }
  return JSON.parse(line);
}

function parent(): void {
  console.log('case          thread   size        before    peak   peak/MP   after  1 s after');
  for (const name of CASES) {
    for (const recycle of [false, true]) {
      const f = runChild([name, String(recycle)]) as Figures | undefined;
      if (!f) continue;
      const size = name.startsWith('merge')
        ? `${f.megapixels.toFixed(1)} MB in`
        : `${f.megapixels.toFixed(1)} MP`;
      const perUnit = (f.peak - f.before) / MB / f.megapixels;
      console.log(
        [
          name.padEnd(13),
          (recycle ? 'retired' : 'kept').padEnd(8),
          size.padEnd(11),
          `${Math.round(f.before / MB)} MB`.padStart(7),
          `${Math.round(f.peak / MB)} MB`.padStart(8),
          `${perUnit.toFixed(1)} MB`.padStart(9),
          `${Math.round(f.after / MB)} MB`.padStart(8),
          `${Math.round(f.settled / MB)} MB`.padStart(9),
        ].join(' '),
      );
    }
  }
  const one = runChild(['threads', '1']) as { rss: number } | undefined;
  const four = runChild(['threads', '4']) as { rss: number } | undefined;
  if (one && four) {
    console.log(
      `\nidle process with 1 warm render thread: ${Math.round(one.rss / MB)} MB; with 4: ${Math.round(four.rss / MB)} MB; each further thread: ${Math.round((four.rss - one.rss) / 3 / MB)} MB`,
    );
  }
}

const [name, arg] = process.argv.slice(2);
if (name === 'threads') await idleThreads(Number(arg));
else if (name) await child(name as Case, arg === 'true');
else parent();
