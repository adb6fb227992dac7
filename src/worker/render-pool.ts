/**
 * RenderPool: runs the rendering engine (`src/render/index.ts`) in worker threads so CPU-bound
 * renders never block the API's event loop. Same inputs and outputs as the engine's functions;
 * a RenderInputError thrown in a thread comes back as a RenderInputError with its problems.
 */
import v8 from 'node:v8';
import { Worker } from 'node:worker_threads';
// sharp and Skia must be loaded by the main thread before any worker loads them, or their
// shared libraries can be unloaded when a worker exits and crash the process (sharp's docs).
import 'sharp';
import '@napi-rs/canvas';
import type { RenderCacheFigures } from '../render/index.ts';
import { AssetLru, encodeAssets } from './asset-cache.ts';
import type {
  FileTarget,
  RenderImageInput,
  RenderPdfInput,
  RenderedFile,
  StoredFile,
} from './render-io.ts';
import { fromWireError } from './from-wire-error.ts';
import {
  reviveBuffers,
  type RenderOp,
  type ResultMessage,
  type TaskMessage,
  type ThreadCaches,
} from './thread-messages.ts';

export type {
  FileTarget,
  RenderImageInput,
  RenderPdfInput,
  RenderedFile,
  StoredFile,
} from './render-io.ts';

/**
 * The old generation a render thread starts with, in MB. A render leaves objects that live across
 * a few awaits (and so are promoted) and holds native memory through Node Buffers (the encoded
 * file, PDF parts), which V8 counts towards the old generation's limit until the next full
 * collection. From V8's small default start that limit is reached every few renders, and a full
 * mark-compact of the thread's heap follows for garbage that is small; a larger start leaves it
 * to cheap young-generation collections, for some more RSS (figures: docs/benchmarks.md, "Render
 * threads"). A quarter of the heap limit at most, so a small IMPRINT_RENDER_THREAD_HEAP_MB keeps
 * its meaning.
 */
export function initialOldSpaceMb(heapMb: number): number {
  return Math.max(1, Math.min(64, Math.floor(heapMb / 4)));
}

/**
 * V8 13 (Node 24) starts a full mark-compact whenever a thread's external memory (the Buffers a
 * render allocates and drops) passes a limit of its own, whatever the old generation's size, so
 * renders' leftovers cause full collections that Node 22 never runs. Counting external memory in
 * the heap's global limit instead, as V8 12 did, avoids them. V8 12 (Node 22) does not know the
 * flag and would print an error for it.
 */
const EXTERNAL_MEMORY_IN_GLOBAL_LIMIT = Number.parseInt(process.versions.v8, 10) >= 13;

/** Settings of a pool besides its size. */
export interface RenderPoolOptions {
  /** A render or merge running longer is stopped (its thread replaced) and fails; default 120 s. */
  taskTimeoutMs?: number;
  /** V8 heap limit of each thread in MB (old generation); default 512. */
  heapMb?: number;
  /**
   * A thread whose result had at least this many pixels (width × height × pages) is replaced
   * after it, so the native memory of a large render goes back to the system; default 16 million.
   */
  recycleAbovePixels?: number;
  /** URL of the engine module the threads load; default `src/render/index.ts` (tests inject faults). */
  engineModule?: string;
}

/** Raised when a render thread died or was stopped while running a task. */
export class RenderThreadError extends Error {
  /** Its job failure code (core/generation/job-failure.ts); its message is safe to show. */
  readonly failure = 'render' as const;

  constructor(message: string) {
    super(message);
    this.name = 'RenderThreadError';
  }
}

/** Options of a merge (see the engine's mergePdfs). */
export interface MergeOptions {
  /** Most pages the merged PDF may have; more is a RenderInputError naming the cap. */
  maxPages?: number;
  /** Document information of the merged PDF. */
  title?: string;
  author?: string;
  lang?: string;
}

/** What a task is called in messages to clients. */
const TASK_NAME: Record<RenderOp, string> = {
  renderImage: 'render',
  renderPdf: 'render',
  mergePdfs: 'merge',
};

interface Task {
  id: number;
  op: RenderOp;
  input: unknown;
  store: FileTarget | undefined;
  resolve(value: RenderedFile | StoredFile): void;
  reject(err: Error): void;
}

interface Slot {
  worker: Worker;
  task: Task | null;
  timer: NodeJS.Timeout | null;
  /** The thread has loaded the engine. */
  ready: boolean;
  /** The large assets this thread holds (mirrors the thread's own cache). */
  sent: AssetLru<true>;
  /** What the thread's render caches held after its last task. */
  caches: ThreadCaches;
  dead: boolean;
}

/** Pixels a result stands for: its size times its pages (a merge's size is its first page's). */
function pixelsOf(file: RenderedFile | StoredFile): number {
  return (file.width || 0) * (file.height || 0) * (file.pages ?? 1);
}

// Compiled (dist/, .js) threads load the compiled module; from the TypeScript sources a small
// .mjs bootstrap registers tsx first.
const BOOTSTRAP = import.meta.url.endsWith('.js')
  ? new URL('./render-thread.js', import.meta.url)
  : new URL('./render-thread.mjs', import.meta.url);

/** A fixed-size pool of render worker threads, started on first use, with a FIFO task queue. */
export class RenderPool {
  private readonly slots: Slot[] = [];
  private readonly waiting: Task[] = [];
  private readonly taskTimeoutMs: number;
  private readonly engineModule: string | undefined;
  private readonly heapMb: number;
  private readonly recycleAbovePixels: number;
  private nextId = 1;
  private retired = 0;
  private closed = false;

  /** `size` threads at most (config.renderThreads). */
  readonly size: number;
  constructor(size: number, opts: RenderPoolOptions = {}) {
    this.size = size;
    if (!Number.isInteger(size) || size < 1) throw new RangeError('RenderPool size must be ≥ 1');
    this.taskTimeoutMs = opts.taskTimeoutMs ?? 120_000;
    this.engineModule = opts.engineModule;
    this.heapMb = opts.heapMb ?? 512;
    this.recycleAbovePixels = opts.recycleAbovePixels ?? 16_000_000;
  }

  /**
   * The pictures and fonts the threads keep (their asset caches, as mirrored here), summed over
   * the threads; the budget is per thread times the threads running.
   */
  assetCacheStats(): { entries: number; bytes: number; maxBytes: number } {
    const sum = { entries: 0, bytes: 0, maxBytes: 0 };
    for (const slot of this.slots) {
      if (slot.dead) continue;
      const s = slot.sent.stats();
      sum.entries += s.entries;
      sum.bytes += s.bytes;
      sum.maxBytes += s.maxBytes;
    }
    return sum;
  }

  /**
   * What the render engine's caches hold (decoded pictures, SVGs, text measures, ...), summed
   * per cache over the running threads as each reported after its last task; the budget is per
   * thread times the threads that reported.
   */
  threadCacheStats(name: string): RenderCacheFigures {
    const sum = { entries: 0, bytes: 0, maxBytes: 0 };
    for (const slot of this.slots) {
      const s = slot.dead ? undefined : slot.caches[name];
      if (!s) continue;
      sum.entries += s.entries;
      sum.bytes += s.bytes;
      sum.maxBytes += s.maxBytes;
    }
    return sum;
  }

  /**
   * Renders one image (see the engine's renderImage). With a `store` target the thread stores
   * the file itself and answers its facts (StoredFile) instead of its bytes.
   */
  renderImage(input: RenderImageInput): Promise<RenderedFile>;
  renderImage(input: RenderImageInput, store?: FileTarget): Promise<RenderedFile | StoredFile>;
  renderImage(input: RenderImageInput, store?: FileTarget): Promise<RenderedFile | StoredFile> {
    return this.submit('renderImage', input, store);
  }

  /** Renders a PDF, one page per design (see the engine's renderPdf); `store` as renderImage's. */
  renderPdf(input: RenderPdfInput): Promise<RenderedFile>;
  renderPdf(input: RenderPdfInput, store?: FileTarget): Promise<RenderedFile | StoredFile>;
  renderPdf(input: RenderPdfInput, store?: FileTarget): Promise<RenderedFile | StoredFile> {
    return this.submit('renderPdf', input, store);
  }

  /** Merges PDFs in order (see the engine's mergePdfs); `store` as renderImage's. */
  mergePdfs(files: Buffer[], options?: MergeOptions): Promise<RenderedFile>;
  mergePdfs(
    files: Buffer[],
    options?: MergeOptions,
    store?: FileTarget,
  ): Promise<RenderedFile | StoredFile>;
  mergePdfs(
    files: Buffer[],
    options: MergeOptions = {},
    store?: FileTarget,
  ): Promise<RenderedFile | StoredFile> {
    return this.submit('mergePdfs', { files, options }, store);
  }

  /** Threads started, tasks running and waiting, threads retired after large renders (logs, tests). */
  stats(): { threads: number; running: number; waiting: number; retired: number } {
    return {
      threads: this.slots.length,
      running: this.slots.filter((s) => s.task).length,
      waiting: this.waiting.length,
      retired: this.retired,
    };
  }

  /** Fails waiting tasks, lets running ones finish, then stops every thread. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const task of this.waiting.splice(0)) {
      task.reject(new RenderThreadError('The render pool was closed before this render started'));
    }
    await Promise.all(
      this.slots.map(
        (slot) =>
          new Promise<void>((resolve) => {
            if (slot.dead) return resolve();
            slot.worker.once('exit', () => resolve());
            if (!slot.task) void slot.worker.terminate();
          }),
      ),
    );
  }

  private submit(
    op: RenderOp,
    input: unknown,
    store: FileTarget | undefined,
  ): Promise<RenderedFile | StoredFile> {
    if (this.closed) return Promise.reject(new RenderThreadError('The render pool is closed'));
    return new Promise<RenderedFile | StoredFile>((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, op, input, store, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      let slot = this.slots.find((s) => !s.task && !s.dead);
      if (!slot) {
        if (this.slots.length >= this.size) return;
        slot = this.spawn();
      }
      this.start(slot, this.waiting.shift()!);
    }
  }

  private start(slot: Slot, task: Task): void {
    slot.task = task;
    slot.worker.ref();
    // A new thread buffers the task until it has loaded the engine; its start-up is not render time.
    if (slot.ready) this.startTimer(slot);
    // Inputs are copied, not transferred: the caller may keep using its Buffers (e.g. cached
    // pictures); large assets the thread already holds are sent as references.
    const input = encodeAssets(task.input, slot.sent);
    const message: TaskMessage = { id: task.id, op: task.op, input };
    if (task.store) message.store = task.store;
    slot.worker.postMessage(message);
  }

  private startTimer(slot: Slot): void {
    const limit = this.taskTimeoutMs;
    const name = TASK_NAME[slot.task!.op];
    slot.timer = setTimeout(() => {
      const took = limit < 1000 ? `${limit} ms` : `${Math.round(limit / 1000)} s`;
      this.kill(
        slot,
        new RenderThreadError(`The ${name} took longer than ${took} and was stopped`),
      );
    }, limit);
  }

  private spawn(): Slot {
    // Read by V8 when it creates the thread's heap (flags are process-wide; the main thread's heap
    // exists already and keeps its own).
    v8.setFlagsFromString(`--initial-old-space-size=${initialOldSpaceMb(this.heapMb)}`);
    if (EXTERNAL_MEMORY_IN_GLOBAL_LIMIT) {
      v8.setFlagsFromString('--external-memory-accounted-in-global-limit');
    }
    const worker = new Worker(BOOTSTRAP, {
      workerData: { engineModule: this.engineModule },
      // Bounds the JavaScript heap (pdf-lib's merges, layout); canvases and decoded pictures are
      // native memory outside it, bounded by the pixel budget instead.
      resourceLimits: {
        maxOldGenerationSizeMb: this.heapMb,
        maxYoungGenerationSizeMb: Math.max(16, Math.min(64, Math.floor(this.heapMb / 8))),
      },
    });
    const slot: Slot = {
      worker,
      task: null,
      timer: null,
      ready: false,
      dead: false,
      sent: new AssetLru<true>(),
      caches: {},
    };
    worker.unref();
    worker.on('message', (msg: ResultMessage) => {
      if (msg.type === 'ready') {
        slot.ready = true;
        if (slot.task && !slot.timer) this.startTimer(slot);
        return;
      }
      if (!slot.task || slot.task.id !== msg.id) return;
      if (msg.caches) slot.caches = msg.caches;
      const task = slot.task;
      this.finish(slot);
      if (msg.ok) {
        const file = reviveBuffers(msg.value) as RenderedFile | StoredFile;
        if (pixelsOf(file) >= this.recycleAbovePixels) this.retire(slot);
        task.resolve(file);
      } else task.reject(fromWireError(msg.error));
      this.dispatch();
    });
    worker.on('error', (err: Error & { code?: string }) => {
      const message =
        err.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? `The render thread ran out of memory (its heap limit is ${this.heapMb} MB) and was stopped`
          : `The render thread crashed: ${err.message}`;
      this.kill(slot, new RenderThreadError(message));
    });
    worker.on('exit', (code) => {
      if (slot.dead) return;
      if (this.closed && !slot.task) {
        slot.dead = true; // stopped by close()
        return;
      }
      this.kill(
        slot,
        new RenderThreadError(`The render thread exited unexpectedly (code ${code})`),
      );
    });
    this.slots.push(slot);
    return slot;
  }

  private finish(slot: Slot): void {
    if (slot.timer) clearTimeout(slot.timer);
    slot.timer = null;
    slot.task = null;
    if (this.closed) void slot.worker.terminate();
    else slot.worker.unref();
  }

  /**
   * Stops an idle thread after a large render: ending the thread frees everything it held (its
   * heap, canvases not yet collected, decoded pictures), which a live thread keeps until a GC
   * that may not come soon. A fresh thread takes its place when a task needs one.
   */
  private retire(slot: Slot): void {
    if (slot.dead) return;
    slot.dead = true;
    this.slots.splice(this.slots.indexOf(slot), 1);
    this.retired++;
    void slot.worker.terminate();
  }

  /** Fails the slot's task with `err`, stops its thread and lets a fresh one take its place. */
  private kill(slot: Slot, err: Error): void {
    if (slot.dead) return;
    slot.dead = true;
    const task = slot.task;
    this.finish(slot);
    void slot.worker.terminate();
    this.slots.splice(this.slots.indexOf(slot), 1);
    task?.reject(err);
    if (!this.closed) this.dispatch();
  }
}
