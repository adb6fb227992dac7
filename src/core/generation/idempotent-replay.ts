/**
 * The answer to a creation whose Idempotency-Key already names an object: that object as it is
 * now. A create_now request is answered with the finished (or failed) object, as its first
 * request would have been, so its retry waits while the first one is still rendering (in this
 * process or another), up to a bound, then answers 409 with Retry-After.
 */
import { notFound } from '../errors.ts';
import type { RenderRowStore } from '../ports/render-row-store.ts';
import type { KeyedResource, RenderRow } from './render-row.ts';
import { IDEMPOTENCY_FIELD, keyReusedError, stillRenderingError } from './idempotency.ts';

/** How long a create_now retry waits for the first request's render before answering 409. */
export const REPLAY_WAIT_MS = 30_000;
/** Retry-After of that 409. */
const RETRY_AFTER_SECONDS = 2;

const LABEL = { image: 'Image', pdf: 'PDF', video: 'Video' } as const;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What a replay needs to know. */
export interface ReplayRequest {
  projectId: string;
  /** The hash of this request (see requestHash). */
  hash: string;
  /** The request asks for create_now: answer only once the object left `queued`. */
  untilDone: boolean;
  /** Longest wait for that (default REPLAY_WAIT_MS). */
  waitMs?: number;
}

/**
 * The row of the resource the key created; a 422 when the key came with another request, a 404
 * when the object was deleted since (as its polling URL answers).
 */
export async function replayedRow(
  repo: Pick<RenderRowStore, 'findForProject'>,
  earlier: KeyedResource,
  request: ReplayRequest,
): Promise<RenderRow> {
  if (earlier.hash !== request.hash) throw keyReusedError();
  const deadline = Date.now() + (request.waitMs ?? REPLAY_WAIT_MS);
  for (let pause = 50; ; pause = Math.min(pause * 2, 500)) {
    const row = await repo.findForProject(earlier.type, request.projectId, earlier.id);
    if (!row) {
      const what = LABEL[earlier.type];
      throw notFound(what, {
        [IDEMPOTENCY_FIELD]: [
          `The ${what === 'PDF' ? 'PDF' : what.toLowerCase()} this key created (id ${earlier.id}) was deleted.`,
        ],
      });
    }
    if (!request.untilDone || row.status !== 'queued') return row;
    if (Date.now() >= deadline) throw stillRenderingError(RETRY_AFTER_SECONDS);
    await sleep(Math.min(pause, Math.max(0, deadline - Date.now())));
  }
}
