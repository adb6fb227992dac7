/**
 * Body of a render worker thread: loads the rendering engine once (so parsed fonts and decoded
 * pictures stay cached across renders in this thread) and runs the tasks the pool sends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { RenderedFile } from '../render/index.ts';
import { AssetLru, decodeAssets } from './asset-cache.ts';
import { storeInThread } from './store-in-thread.ts';
import {
  reviveBuffers,
  toWireError,
  transferables,
  type RenderOp,
  type ResultMessage,
  type TaskMessage,
  type ThreadCaches,
} from './thread-messages.ts';

type Engine = Record<RenderOp, (input: unknown, options?: unknown) => Promise<unknown>> & {
  renderCacheStats?: () => ThreadCaches;
};

const port = parentPort;
if (!port) throw new Error('render-thread.ts must run in a worker thread');

// The pool may name another engine module (tests inject faults that way); default: the real one.
const engineUrl: string =
  (workerData as { engineModule?: string } | null)?.engineModule ??
  // Compiled (dist/) threads import the compiled engine, the TypeScript ones the source.
  new URL(`../render/index.${import.meta.url.endsWith('.js') ? 'js' : 'ts'}`, import.meta.url).href;
const engine = (await import(engineUrl)) as Engine;

/** mergePdfs takes its Buffer list and options as arguments; the others take one input object. */
async function run(op: RenderOp, input: unknown): Promise<unknown> {
  const fn = engine[op];
  if (typeof fn !== 'function') throw new Error(`render engine has no ${op}()`);
  if (op === 'mergePdfs') {
    const { files, options } = input as { files: unknown; options: unknown };
    return fn(files, options);
  }
  return fn(input);
}

const assets = new AssetLru<Buffer>();

port.on('message', (task: TaskMessage) => {
  // Assets are resolved synchronously, in message order, to stay in step with the pool's mirror.
  let input: unknown;
  let decodeError: unknown = null;
  try {
    input = reviveBuffers(decodeAssets(task.input, assets));
  } catch (err) {
    decodeError = err;
  }
  void (async () => {
    let reply: ResultMessage;
    let transfer: ArrayBuffer[] = [];
    try {
      if (decodeError) throw decodeError;
      let value = await run(task.op, input);
      // Stored here, the bytes never cross back: the reply carries the file's facts only.
      if (task.store) value = storeInThread(value as RenderedFile, task.store);
      reply = { type: 'result', id: task.id, ok: true, value };
      transfer = transferables(value);
    } catch (err) {
      reply = { type: 'result', id: task.id, ok: false, error: toWireError(err) };
    }
    // The caches' sizes ride on every result, so GET /metrics needs no round trip to the threads.
    reply.caches = engine.renderCacheStats?.();
    try {
      port.postMessage(reply, transfer);
    } catch (err) {
      // Node 22+ refuses to transfer an ArrayBuffer that native code allocated outside V8's heap
      // (an external buffer, as some encoders return): DataCloneError, thrown before anything is
      // sent. Such a result is copied instead; JS-allocated results are still moved for free.
      if (!(err instanceof Error && err.name === 'DataCloneError') || transfer.length === 0)
        throw err;
      port.postMessage(reply);
    }
  })();
});
port.postMessage({ type: 'ready' } satisfies ResultMessage);
