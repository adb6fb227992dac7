/**
 * What the render pool and its worker threads send each other, and the (de)serialisation that
 * keeps Buffers and RenderInputError intact across the thread boundary (structured clone turns a
 * Buffer into a plain Uint8Array and an Error into a bare Error without its own fields).
 * The thread loads this module before its engine, which is whatever module the pool names
 * (tests inject faulty ones): so it imports only types from render/, never the engine itself;
 * the main thread rebuilds RenderInputErrors in from-wire-error.ts.
 */
import type { RenderCacheFigures, RenderProblem } from '../render/index.ts';
import type { FileTarget } from '../storage/blob-sink.ts';

/** The engine functions a pool can run. */
export type RenderOp = 'renderImage' | 'renderPdf' | 'mergePdfs';

/** Main thread → worker: run `op` on `input`, and store the file at `store` when given. */
export interface TaskMessage {
  id: number;
  op: RenderOp;
  input: unknown;
  store?: FileTarget;
}

/** An error as it crosses the boundary. */
export interface WireError {
  name: string;
  message: string;
  stack?: string;
  problems?: RenderProblem[];
}

/** What the thread's render caches hold after a task, by cache name (a few numbers). */
export type ThreadCaches = Record<string, RenderCacheFigures>;

/** Worker → main thread: the outcome of one task, or the worker's start-up signal. */
export type ResultMessage =
  | { type: 'ready' }
  | { type: 'result'; id: number; ok: true; value: unknown; caches?: ThreadCaches }
  | { type: 'result'; id: number; ok: false; error: WireError; caches?: ThreadCaches };

/** Turns every non-Buffer Uint8Array inside `value` back into a Buffer (without copying). */
export function reviveBuffers<T>(value: T): T {
  return revive(value) as T;
}

function revive(value: unknown): unknown {
  if (value instanceof Uint8Array) {
    return Buffer.isBuffer(value)
      ? value
      : Buffer.from(value.buffer, value.byteOffset, value.byteLength);
  }
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = revive(value[i]);
    return value;
  }
  if (value instanceof Map) {
    for (const [k, v] of value) value.set(k, revive(v));
    return value;
  }
  if (
    value !== null &&
    typeof value === 'object' &&
    Object.getPrototypeOf(value) === Object.prototype
  ) {
    const obj = value as Record<string, unknown>;
    for (const key of Object.keys(obj)) obj[key] = revive(obj[key]);
  }
  return value;
}

/**
 * The ArrayBuffers of Buffers inside a result that can be moved instead of copied: only those a
 * Buffer owns alone (pooled small Buffers share their ArrayBuffer with unrelated data).
 */
export function transferables(value: unknown, out: ArrayBuffer[] = []): ArrayBuffer[] {
  if (value instanceof Uint8Array) {
    const buf = value.buffer;
    if (
      buf instanceof ArrayBuffer &&
      value.byteOffset === 0 &&
      value.byteLength === buf.byteLength &&
      !out.includes(buf)
    ) {
      out.push(buf);
    }
  } else if (Array.isArray(value)) {
    for (const v of value) transferables(v, out);
  } else if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) transferables(v, out);
  }
  return out;
}

/**
 * An error as it crosses the boundary; keeps a RenderInputError's problems. The error is known by
 * its name and problems list, since the class is the engine's (see the top of this file).
 */
export function toWireError(err: unknown): WireError {
  if (!(err instanceof Error)) return { name: 'Error', message: String(err) };
  const { problems } = err as { problems?: unknown };
  if (err.name === 'RenderInputError' && Array.isArray(problems)) {
    const list = problems as RenderProblem[];
    return { name: err.name, message: err.message, stack: err.stack, problems: list };
  }
  return { name: err.name, message: err.message, stack: err.stack };
}
