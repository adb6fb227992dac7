/**
 * FontChecker: parses font files in a child process with a heap limit and a time limit, so no
 * font ever reaches a parser on the API's main thread. A worker thread is not enough: V8 ends
 * the whole process, not just the thread, on some out-of-memory paths (a thread with
 * resourceLimits that fontkit makes build a 169-million-element array takes the process with
 * it). When the child dies or runs out of time, the upload gets the 422 on `file` and the next
 * check starts a fresh child.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { AppError, fieldError } from '../core/errors.ts';
import {
  precheckFontFile,
  unreadableFontError,
  type FontFileInfo,
  type FontFormat,
} from '../core/font-file.ts';
import type { FontInspector } from '../core/ports/font-inspector.ts';
import type { FontCheckReply, FontCheckRequest } from './font-check-messages.ts';

/** Limits of the checker. */
export interface FontCheckerOptions {
  /** Heap of the child process (V8's --max-old-space-size), default 128 MB. */
  memoryMb?: number;
  /** A check running longer stops the child and refuses the file; default 10 s. */
  timeoutMs?: number;
  /** Child processes checking at once; default 1 (uploads are rare, checks take milliseconds). */
  processes?: number;
}

/** Default heap of the checker's child process, in MB. */
export const FONT_CHECK_MEMORY_MB = 128;
/** Default time limit of one check, in ms. */
export const FONT_CHECK_TIMEOUT_MS = 10_000;

// Compiled (dist/, .js), the child runs the compiled module; from the TypeScript sources a small
// .mjs bootstrap registers tsx first (as the render threads do).
const ENTRY = import.meta.url.endsWith('.js')
  ? new URL('./font-check-process.js', import.meta.url)
  : new URL('./font-check-process.mjs', import.meta.url);
/** Outcomes remembered per stored font; past this many the memory starts over. */
const CACHE_MAX = 10_000;

interface Check {
  id: number;
  data: Buffer;
  format: FontFormat;
  resolve(info: FontFileInfo): void;
  reject(err: Error): void;
}

interface Child {
  proc: ChildProcess;
  ready: boolean;
  check: Check | null;
  timer: NodeJS.Timeout | null;
  /** The end of its stderr, for the error when it cannot start. */
  stderr: string;
}

/** Raised when the checker itself cannot run (not the font's fault): a 500, logged. */
export class FontCheckerError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FontCheckerError';
  }
}

/** The FontInspector of a process: a small pool of checker child processes, started on first use. */
export class FontChecker implements FontInspector {
  private readonly children: Child[] = [];
  private readonly waiting: Check[] = [];
  private readonly outcomes = new Map<string, FontFileInfo | AppError>();
  /** Refusals for time: a busy machine may be the cause, so they are not remembered. */
  private readonly timedOut = new WeakSet<Error>();
  private readonly memoryMb: number;
  private readonly timeoutMs: number;
  private readonly size: number;
  private nextId = 1;
  private closed = false;

  constructor(opts: FontCheckerOptions = {}) {
    this.memoryMb = opts.memoryMb ?? FONT_CHECK_MEMORY_MB;
    this.timeoutMs = opts.timeoutMs ?? FONT_CHECK_TIMEOUT_MS;
    this.size = opts.processes ?? 1;
  }

  /** See FontInspector.inspect: the parser-free checks here, the parse in a child process. */
  async inspect(data: Buffer, key?: string): Promise<FontFileInfo> {
    const known = key === undefined ? undefined : this.outcomes.get(key);
    if (known instanceof AppError) throw known;
    if (known) return known;
    try {
      const info = await this.parse(data, precheckFontFile(data));
      this.remember(key, info);
      return info;
    } catch (err) {
      if (err instanceof AppError && !this.timedOut.has(err)) this.remember(key, err);
      throw err;
    }
  }

  /** Child processes running now (for tests). */
  processCount(): number {
    return this.children.length;
  }

  /** Refuses waiting checks and stops every child process. */
  async close(): Promise<void> {
    this.closed = true;
    const closing = new FontCheckerError('The font checker was closed');
    for (const check of this.waiting.splice(0)) check.reject(closing);
    await Promise.all(
      [...this.children].map((child) => {
        child.check?.reject(closing);
        return this.stop(child);
      }),
    );
  }

  private remember(key: string | undefined, outcome: FontFileInfo | AppError): void {
    if (key === undefined) return;
    if (this.outcomes.size >= CACHE_MAX) this.outcomes.clear();
    this.outcomes.set(key, outcome);
  }

  private parse(data: Buffer, format: FontFormat): Promise<FontFileInfo> {
    if (this.closed) return Promise.reject(new FontCheckerError('The font checker is closed'));
    return new Promise((resolve, reject) => {
      this.waiting.push({ id: this.nextId++, data, format, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.waiting.length > 0) {
      const child = this.children.find((c) => c.ready && !c.check);
      if (!child) {
        if (this.children.length < this.size) this.spawn();
        return; // a starting child takes the next check once it is ready
      }
      this.send(child, this.waiting.shift()!);
    }
  }

  private send(child: Child, check: Check): void {
    child.check = check;
    child.proc.ref();
    child.proc.channel?.ref();
    const took = this.timeoutMs < 1000 ? `${this.timeoutMs} ms` : `${this.timeoutMs / 1000} s`;
    child.timer = setTimeout(() => {
      this.timedOut.add(this.fail(child, `reading it took longer than ${took}`));
    }, this.timeoutMs);
    child.proc.send({ id: check.id, data: check.data } satisfies FontCheckRequest);
  }

  private spawn(): void {
    const proc = fork(ENTRY, [], {
      // Not the parent's flags (--test, --inspect…): only the heap limit and stack traces off.
      execArgv: [`--max-old-space-size=${this.memoryMb}`, '--max-semi-space-size=16'],
      serialization: 'advanced', // Buffers cross as bytes, not as JSON arrays
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    const child: Child = { proc, ready: false, check: null, timer: null, stderr: '' };
    this.children.push(child);
    this.idle(child);
    proc.stderr?.on('data', (d: Buffer) => {
      child.stderr = (child.stderr + d.toString()).slice(-2000);
    });
    proc.on('message', (msg: FontCheckReply) => {
      if ('ready' in msg) {
        child.ready = true;
        return this.dispatch();
      }
      const check = child.check;
      if (!check || check.id !== msg.id) return;
      this.done(child);
      if (msg.ok) check.resolve(msg.info);
      else if (msg.message) check.reject(fieldError('file', msg.message));
      else check.reject(new FontCheckerError('The font checker failed unexpectedly'));
      this.dispatch();
    });
    proc.on('error', () => undefined); // 'exit' follows and does the work
    proc.on('exit', (code, signal) => {
      if (!this.children.includes(child)) return;
      if (child.check) {
        const why = `reading it needed more than the ${this.memoryMb} MB the font checker allows, or crashed it`;
        this.fail(child, why);
        return;
      }
      this.children.splice(this.children.indexOf(child), 1);
      if (!child.ready && !this.closed) {
        // The checker cannot even start: an installation fault, not the file's.
        const why = `code ${code ?? signal}${child.stderr ? `: ${child.stderr.trim()}` : ''}`;
        for (const c of this.waiting.splice(0))
          c.reject(new FontCheckerError(`The font checker could not start (${why})`));
      }
    });
  }

  /** Clears the child's current check and lets it idle without keeping the process alive. */
  private done(child: Child): void {
    if (child.timer) clearTimeout(child.timer);
    child.timer = null;
    child.check = null;
    this.idle(child);
  }

  private idle(child: Child): void {
    child.proc.unref();
    child.proc.channel?.unref();
  }

  /**
   * Refuses the child's check with `why`, stops it, and lets a fresh child take the queue.
   * Returns the refusal.
   */
  private fail(child: Child, why: string): Error {
    const check = child.check;
    void this.stop(child);
    const refusal = unreadableFontError(check?.format ?? 'ttf', why);
    check?.reject(refusal);
    if (!this.closed) this.dispatch();
    return refusal;
  }

  /** Forgets the child and kills it (SIGKILL: it may be stuck in a loop that ignores signals). */
  private stop(child: Child): Promise<void> {
    const at = this.children.indexOf(child);
    if (at >= 0) this.children.splice(at, 1);
    this.done(child);
    const proc = child.proc;
    if (proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve();
    return new Promise((resolve) => {
      proc.once('exit', () => resolve());
      proc.ref(); // an unreferenced child would let the process end before its exit is seen
      proc.kill('SIGKILL');
    });
  }
}
