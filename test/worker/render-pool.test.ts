/**
 * RenderPool: the real engine in worker threads gives the same output as in-thread rendering,
 * runs many tasks in parallel, returns typed errors, and keeps the main event loop free.
 * Thread faults (crash, exit, hang) are injected with test/worker/fixtures/fault-engine.ts.
 */
import assert from 'node:assert/strict';
import { after, describe, it } from 'node:test';
import sharp from 'sharp';
import * as engine from '../../src/render/index.ts';
import { RenderInputError, type Design } from '../../src/render/index.ts';
import { initialOldSpaceMb, RenderPool, RenderThreadError } from '../../src/worker/render-pool.ts';
import { decodeRgba } from '../helpers/golden.ts';

const PHOTO = 'https://fixtures.test/photo.png';
const FAULT_ENGINE = new URL('./fixtures/fault-engine.ts', import.meta.url).href;

/** A card design, validated (defaults filled in) as stored templates are, then resolved as the job runner does. */
function cardDesign(title: string, size = { width: 360, height: 200 }): Design {
  const { design, problems } = engine.validateDesign(rawCard(title, size));
  assert.deepEqual(problems, []);
  return engine.prepareRender(design!).design;
}

function rawCard(title: string, size: { width: number; height: number }): Design {
  return {
    ...size,
    background: '#f1f5f9',
    layers: [
      {
        name: 'photo',
        type: 'picture',
        x: 10,
        y: 10,
        width: 120,
        height: 120,
        image: PHOTO,
        object_fit: 'cover',
      },
      {
        name: 'title',
        type: 'text',
        x: 140,
        y: 10,
        width: 210,
        height: 80,
        text: title,
        font_size: 28,
        text_color: '#0f172a',
      },
      { name: 'qr', type: 'barcode', x: 140, y: 100, width: 90, height: 90, value: title },
      {
        name: 'box',
        type: 'shape',
        x: 250,
        y: 120,
        width: 100,
        height: 70,
        background_color: '#0ea5e9',
      },
    ],
  };
}

async function photo(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="200"><rect width="150" height="200" fill="#e11d48"/><rect x="150" width="150" height="200" fill="#16a34a"/><circle cx="150" cy="100" r="60" fill="#facc15"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const pools: RenderPool[] = [];
function pool(size: number, opts?: ConstructorParameters<typeof RenderPool>[1]): RenderPool {
  const p = new RenderPool(size, opts);
  pools.push(p);
  return p;
}
after(async () => {
  for (const p of pools) await p.close();
});

describe('RenderPool with the real engine', () => {
  it('renders the same pixels as rendering in this thread, for images, PDFs and merges', async () => {
    const assets = { files: new Map([[PHOTO, await photo()]]), fonts: [] };
    const input = { design: cardDesign('Hello pool'), assets, options: { format: 'png' as const } };
    const p = pool(2);
    const [inThread, inPool] = await Promise.all([engine.renderImage(input), p.renderImage(input)]);
    assert.ok(Buffer.isBuffer(inPool.bytes), 'bytes come back as a Buffer');
    assert.equal(inPool.mime, inThread.mime);
    assert.equal(inPool.ext, 'png');
    assert.deepEqual([inPool.width, inPool.height], [inThread.width, inThread.height]);
    const a = await decodeRgba(inThread.bytes);
    const b = await decodeRgba(inPool.bytes);
    assert.ok(a.data.equals(b.data), 'identical pixels');
    assert.ok(assets.files.get(PHOTO)!.length > 0, "the caller's input Buffers stay usable");

    const pdfInput = {
      pages: [{ design: cardDesign('Page one') }, { design: cardDesign('Page two') }],
      assets,
    };
    const pdf = await p.renderPdf(pdfInput);
    const pdfHere = await engine.renderPdf(pdfInput);
    assert.equal(pdf.bytes.subarray(0, 5).toString(), '%PDF-');
    assert.equal(pdf.pages, 2);
    assert.equal(pdf.pages, pdfHere.pages);
    assert.equal(pdf.mime, 'application/pdf');

    const merged = await p.mergePdfs([pdf.bytes, pdfHere.bytes]);
    assert.equal(merged.pages, 4);
    assert.equal(merged.bytes.subarray(0, 5).toString(), '%PDF-');
  });

  it('completes many parallel renders with at most `size` threads, each with its own result', async () => {
    const assets = { files: new Map([[PHOTO, await photo()]]), fonts: [] };
    const p = pool(2);
    const titles = Array.from({ length: 12 }, (_, i) => `Card number ${i}`);
    const results = await Promise.all(
      titles.map((t) =>
        p.renderImage({ design: cardDesign(t), assets, options: { format: 'png' } }),
      ),
    );
    assert.equal(results.length, 12);
    assert.ok(p.stats().threads <= 2);
    assert.deepEqual(p.stats(), { threads: p.stats().threads, running: 0, waiting: 0, retired: 0 });
    // Spot-check two against in-thread rendering; all must differ (their QR codes differ).
    for (const i of [0, 11]) {
      const here = await engine.renderImage({
        design: cardDesign(titles[i]),
        assets,
        options: { format: 'png' },
      });
      assert.ok(
        (await decodeRgba(here.bytes)).data.equals((await decodeRgba(results[i].bytes)).data),
      );
    }
    const distinct = new Set(results.map((r) => r.bytes.toString('base64')));
    assert.equal(distinct.size, 12);
  });

  it('returns RenderInputError with its problems across the thread boundary', async () => {
    const p = pool(1);
    const missing = { files: new Map<string, Buffer>(), fonts: [] };
    await assert.rejects(p.renderImage({ design: cardDesign('x'), assets: missing }), (err) => {
      assert.ok(err instanceof RenderInputError, `got ${(err as Error).name}`);
      assert.ok(err.problems.length > 0);
      assert.ok(
        err.problems.some((pr) => pr.path.includes('photo') || pr.message.includes(PHOTO)),
        JSON.stringify(err.problems),
      );
      return true;
    });
    await assert.rejects(p.mergePdfs([Buffer.from('%PDF-'), Buffer.from('not a pdf')]), (err) => {
      assert.ok(err instanceof RenderInputError);
      assert.ok(err.problems.length > 0);
      return true;
    });
    // The thread is still usable afterwards.
    const ok = await p.renderImage({
      design: { width: 20, height: 20, background: '#000', layers: [] },
      assets: missing,
    });
    assert.equal(ok.width, 20);
  });

  it('keeps the main event loop responsive while threads render', async (t) => {
    const p = pool(2);
    // Large enough that drawing it blocks a thread well past 50 ms on a fast machine too: at
    // 3200×2400 one in-thread render blocked only 50 ms once the machine sped up (CI failed).
    const big: Design = { ...cardDesign('A big card', { width: 4800, height: 3600 }) };
    const assets = { files: new Map([[PHOTO, await photo()]]), fonts: [] };
    const input = { design: big, assets, options: { format: 'png' as const } };
    await p.renderImage(input); // warm up the threads
    await engine.renderImage(input); // and this thread's caches
    /**
     * Runs `work`; returns the share of its time the event loop was busy (not waiting for I/O or
     * timers), the worst gap between 5 ms timer ticks, and the time taken. The busy share is what
     * the assertion reads: a loaded machine that pre-empts the process lengthens the timer's gaps
     * whether or not a render blocks the loop, but time pre-empted while idle is not busy time.
     */
    const watch = async (work: () => Promise<unknown>) => {
      let worstGap = 0;
      let last = performance.now();
      const timer = setInterval(() => {
        const now = performance.now();
        worstGap = Math.max(worstGap, now - last);
        last = now;
      }, 5);
      const start = performance.eventLoopUtilization();
      const t0 = performance.now();
      await work();
      const took = performance.now() - t0;
      const busy = performance.eventLoopUtilization(start).utilization;
      clearInterval(timer);
      return { busy, worstGap, took };
    };
    const here = await watch(() => engine.renderImage(input));
    const pooled = await watch(() =>
      Promise.all(Array.from({ length: 3 }, () => p.renderImage(input))),
    );
    const pct = (v: number) => `${Math.round(v * 100)}%`;
    t.diagnostic(
      `event loop busy ${pct(here.busy)} of one in-thread render (${Math.round(here.took)} ms, worst timer gap ${Math.round(here.worstGap)} ms); ${pct(pooled.busy)} of 3 pooled renders (${Math.round(pooled.took)} ms, worst gap ${Math.round(pooled.worstGap)} ms)`,
    );
    assert.ok(here.busy > 0.8, `an in-thread render keeps the loop busy (${pct(here.busy)})`);
    assert.ok(
      pooled.busy < 0.3,
      `pooled renders kept the loop busy ${pct(pooled.busy)} of the time (in-thread: ${pct(here.busy)})`,
    );
  });
});

describe('RenderPool thread faults', () => {
  it('fails the task of a crashed thread with a clear error and replaces the thread', async () => {
    const p = pool(1, { engineModule: FAULT_ENGINE });
    await assert.rejects(
      p.renderImage({ design: { fault: 'crash' } } as never),
      (err) =>
        err instanceof RenderThreadError && /crashed: simulated native crash/.test(err.message),
    );
    await assert.rejects(
      p.renderImage({ design: { fault: 'exit' } } as never),
      (err) =>
        err instanceof RenderThreadError && /exited unexpectedly \(code 3\)/.test(err.message),
    );
    const ok = (await p.renderImage({ design: { label: 'after' } } as never)) as unknown as {
      bytes: Buffer;
    };
    assert.equal(ok.bytes.subarray(0, 5).toString(), 'after');
  });

  it('copies a result whose bytes native code allocated, which Node cannot transfer', async () => {
    const p = pool(1, { engineModule: FAULT_ENGINE });
    const file = (await p.renderImage({
      design: { fault: 'native-bytes' },
    } as never)) as unknown as {
      bytes: Buffer;
    };
    assert.ok(Buffer.isBuffer(file.bytes));
    assert.equal(file.bytes.subarray(1, 4).toString(), 'PNG');
    const after = (await p.renderImage({
      design: { label: 'same thread' },
    } as never)) as unknown as {
      bytes: Buffer;
    };
    assert.equal(after.bytes.subarray(0, 11).toString(), 'same thread');
  });

  it('stops a render that exceeds the time limit and keeps serving others', async () => {
    const p = pool(2, { engineModule: FAULT_ENGINE, taskTimeoutMs: 400 });
    const hung = p.renderImage({ design: { fault: 'hang' } } as never);
    const fine = p.renderImage({ design: { label: 'fine' } } as never);
    await assert.rejects(hung, /took longer than 400 ms and was stopped/);
    assert.ok(Buffer.isBuffer((await fine).bytes));
  });

  it('rebuilds typed and untyped errors, and revives Buffers inside Maps', async () => {
    const p = pool(1, { engineModule: FAULT_ENGINE });
    await assert.rejects(p.renderImage({ design: { fault: 'input-error' } } as never), (err) => {
      assert.ok(err instanceof RenderInputError);
      assert.deepEqual(err.problems, [
        { path: 'layers.photo.image', message: 'https://x.test/a.png: not an image' },
        { path: 'layers.title.font_size', message: 'must be a number' },
      ]);
      return true;
    });
    await assert.rejects(
      p.renderImage({ design: { fault: 'error' } } as never),
      (err) => err instanceof Error && err.name === 'TypeError' && err.message === 'boom in engine',
    );
    const maps = await p.renderPdf({
      pages: [],
      assets: { files: new Map([['u', Buffer.from('x')]]), fonts: [] },
    });
    assert.equal(maps.bytes.toString(), 'maps-ok');
  });

  it('runs tasks in order of arrival when all threads are busy, and close() fails waiting ones', async () => {
    const p = pool(1, { engineModule: FAULT_ENGINE });
    const order: string[] = [];
    const tasks = ['a', 'b', 'c'].map((label) =>
      p.renderImage({ design: { fault: 'busy', ms: 60, label } } as never).then(() => {
        order.push(label);
      }),
    );
    await Promise.all(tasks);
    assert.deepEqual(order, ['a', 'b', 'c']);
    const running = p.renderImage({ design: { fault: 'busy', ms: 150 } } as never);
    const waiting = p.renderImage({ design: {} } as never);
    await new Promise((r) => setTimeout(r, 30));
    const closing = p.close();
    await assert.rejects(waiting, /closed before this render started/);
    await running; // the running render still completes
    await closing;
    await assert.rejects(p.renderImage({ design: {} } as never), /closed/);
  });

  it('fails only the task of a thread that runs out of heap, and the pool keeps working', async () => {
    const p = pool(1, { engineModule: FAULT_ENGINE, heapMb: 64 });
    const first = (await p.renderImage({ design: {} } as never)) as unknown as {
      threadId: number;
    };
    await assert.rejects(
      p.renderImage({ design: { fault: 'oom' } } as never),
      (err) =>
        err instanceof RenderThreadError &&
        err.message ===
          'The render thread ran out of memory (its heap limit is 64 MB) and was stopped',
    );
    const after = (await p.renderImage({ design: { label: 'after' } } as never)) as unknown as {
      bytes: Buffer;
      threadId: number;
    };
    assert.equal(after.bytes.subarray(0, 5).toString(), 'after');
    assert.notEqual(after.threadId, first.threadId, 'a fresh thread replaced the dead one');
    assert.equal(p.stats().threads, 1);
  });

  it('retires a thread after a render at or above the recycling size, not after smaller ones', async () => {
    const p = pool(1, { engineModule: FAULT_ENGINE, recycleAbovePixels: 1_000_000 });
    type Out = { threadId: number };
    const small = (await p.renderImage({
      design: { width: 999, height: 1000 },
    } as never)) as unknown as Out;
    const same = (await p.renderImage({
      design: { width: 1000, height: 999 },
    } as never)) as unknown as Out;
    assert.equal(same.threadId, small.threadId);
    assert.equal(p.stats().retired, 0);
    const large = (await p.renderImage({
      design: { width: 1000, height: 1000 },
    } as never)) as unknown as Out;
    assert.equal(large.threadId, small.threadId);
    assert.deepEqual(p.stats(), { threads: 0, running: 0, waiting: 0, retired: 1 });
    const next = (await p.renderImage({ design: {} } as never)) as unknown as Out;
    assert.notEqual(next.threadId, large.threadId, 'the next render runs on a fresh thread');
  });

  it('leaves what renders churn through to young-generation collections, without full ones', async () => {
    // 100 renders' worth of leftovers: from V8's default start of the old generation they cost
    // 1 to 5 full mark-compacts without initialOldSpaceMb's start (runs when it was written).
    const p = pool(1, { engineModule: FAULT_ENGINE });
    const out = (await p.renderImage({
      design: { fault: 'churn', renders: 100 },
    } as never)) as unknown as { majorGcs: number };
    assert.equal(out.majorGcs, 0);
    assert.equal(initialOldSpaceMb(512), 64);
    assert.equal(initialOldSpaceMb(64), 16, 'a quarter of a small heap limit');
  });

  it('passes the merge page cap to the engine and stops a merge past the time limit', async () => {
    const p = pool(1, { engineModule: FAULT_ENGINE, taskTimeoutMs: 300 });
    const merged = (await p.mergePdfs([Buffer.from('a'), Buffer.from('b')], {
      maxPages: 7,
    })) as unknown as { maxPages: number };
    assert.equal(merged.maxPages, 7);
    await assert.rejects(
      p.mergePdfs([Buffer.from('hang'), Buffer.from('b')]),
      (err) =>
        err instanceof RenderThreadError &&
        err.message === 'The merge took longer than 300 ms and was stopped',
    );
    const again = await p.mergePdfs([Buffer.from('c'), Buffer.from('d')]);
    assert.equal(again.bytes.toString(), 'cd');
  });
});
