/**
 * The render job: claims a queued row (claims), renders it (execution) and settles it (store,
 * transfer, finish with its charge, webhook). Safe to run again for the same row (at-least-once
 * queues, restarts): only a queued row is rendered, a claim in the row keeps two processes from
 * rendering it at once, and settlement's steps are idempotent, so a re-delivered job completes
 * them without repeating them.
 */
import type { RenderedFile } from '../../render/index.ts';
import type { StoredFile } from '../ports/renderer.ts';
import type { Transfer } from '../../storage/transfer/transfer.ts';
import type { RenderRowStore } from '../ports/render-row-store.ts';
import { executeRender, type ExecutionDeps, type KnownDesigns } from './execute-render.ts';
import { executeVideo } from './execute-video.ts';
import type { JobFailureCode } from './job-failure.ts';
import { transferOf, type TransferSources } from './job-transfer.ts';
import type { RenderClaims } from './render-claims.ts';
import type { RenderRow, ResourceType } from './render-row.ts';
import type { ReleaseSlot, RenderSlots } from './render-slots.ts';
import { failRow, fileNaming, finishRow, settleRow, type SettlementDeps } from './settlement.ts';

/** The parts a render job runs through. */
export interface RenderJobParts {
  rows: Pick<RenderRowStore, 'find'>;
  claims: RenderClaims;
  execution: ExecutionDeps;
  settlement: SettlementDeps;
  transfers: TransferSources;
  /** The process's render slots: a job takes one after its downloads, before its fonts. */
  renderSlots: RenderSlots;
  /**
   * The process's video slots (IMPRINT_VIDEO_CONCURRENCY): a video job composes in one of these
   * instead of a render slot, so videos never take the render slots images and PDFs need.
   */
  videoSlots: RenderSlots;
}

/** How one run of a render job ended, for the job log and metrics. */
export interface RenderJobReport {
  /** finished: a file was made; error: the row ended in error; skipped: nothing to do here. */
  outcome: 'finished' | 'error' | 'skipped';
  /** The project of the row (null when the row is gone). */
  projectId: string | null;
  /** Why: the row's errors, or why the run was skipped. */
  reason?: string;
  /** What kind of failure ended the row in error. */
  failure?: JobFailureCode;
}

/**
 * Runs the job of one row. `waitMs`: how long to wait when another process holds the row's
 * claim (a re-delivered job whose previous process died waits for the claim to expire).
 * `leased`: the queue's lease makes this delivery the only live one (a first delivery); a row
 * no one ever claimed is then rendered without a claim of its own. Any other run (a re-delivery,
 * a transfer, a recovery job) claims the row first, so a re-delivery meeting a live first run may
 * render too, but the conditional finish lets only one of them finish, charge and send the
 * webhook.
 */
export async function runRenderJob(
  parts: RenderJobParts,
  ref: { type: ResourceType; id: number },
  waitMs = 0,
  leased = false,
): Promise<RenderJobReport> {
  const { type, id } = ref;
  const first = await parts.rows.find(type, id);
  if (!first) {
    parts.transfers.vault.drop(type, id);
    return { outcome: 'skipped', projectId: null, reason: `the ${type} was deleted` };
  }
  const skipped = (reason: string): RenderJobReport => ({
    outcome: 'skipped',
    projectId: first.project_id,
    reason,
  });
  if (first.status !== 'queued') {
    await settleRow(parts.settlement, first);
    return skipped(`the ${type} is already ${first.status}`);
  }
  const elsewhere = 'another run is rendering it';
  if (parts.claims.isRunning(type, id)) return skipped(elsewhere);
  // In-memory transfers are inserted claimed, so only rows any process may run get here.
  const unclaimed = leased && first.claimed_by === null;
  if (!unclaimed && !(await parts.claims.claimRow(type, id, waitMs))) return skipped(elsewhere);
  // The claim succeeded, so the row is still queued and not deleted; what it renders never
  // changes, so `first` needs no second read.
  return renderClaimed(parts, first);
}

/**
 * Renders and settles a row this process has claimed (create_now and in-memory transfers
 * insert it claimed and come here directly). `known`: designs already read for it.
 */
export async function renderClaimed(
  parts: RenderJobParts,
  row: RenderRow,
  known?: KnownDesigns,
): Promise<RenderJobReport & { row?: RenderRow }> {
  const { type, id } = row;
  if (!parts.claims.enter(type, id))
    return { outcome: 'skipped', projectId: row.project_id, reason: 'another run is rendering it' };
  let done: RenderRow | undefined;
  let failure: JobFailureCode | undefined;
  try {
    try {
      const transfer = row.has_transfer ? await transferOf(parts.transfers, row) : undefined;
      const file = await renderInSlot(parts, row, known, transfer);
      done = await finishRow(parts.settlement, row, file, transfer);
      if (!done)
        return { outcome: 'skipped', projectId: row.project_id, reason: 'deleted while rendering' };
    } catch (err) {
      ({ row: done, failure } = await failRow(parts.settlement, row, err));
      if (!done) return { outcome: 'skipped', projectId: row.project_id, reason: 'deleted' };
    }
  } finally {
    parts.transfers.vault.drop(type, id);
    parts.claims.leave(type, id);
  }
  await settleRow(parts.settlement, done, done.status === 'finished');
  return done.status === 'finished'
    ? { outcome: 'finished', projectId: done.project_id, row: done }
    : {
        outcome: 'error',
        projectId: done.project_id,
        reason: done.errors.join('; '),
        failure,
        row: done,
      };
}

/**
 * The render stage of one job: entered once its downloads are done, left once its file is made
 * (before it is stored and transferred), so neither downloads nor uploads hold a render slot.
 */
async function renderInSlot(
  parts: RenderJobParts,
  row: RenderRow,
  known?: KnownDesigns,
  transfer?: Transfer,
): Promise<RenderedFile | StoredFile> {
  let release: ReleaseSlot | null = null;
  const req = row.request;
  if (req.kind === 'video') {
    try {
      return await executeVideo(
        parts.execution,
        { ...row, request: req },
        async () => {
          release ??= await parts.videoSlots.acquire(row.project_id);
        },
        known,
      );
    } finally {
      (release as ReleaseSlot | null)?.();
    }
  }
  // Storage on this machine's disk gets the file from the render thread itself, unless a
  // transfer needs the bytes here.
  const sink = transfer ? undefined : parts.settlement.storage.sink?.();
  try {
    return await executeRender(
      parts.execution,
      row,
      async () => {
        release ??= await parts.renderSlots.acquire(row.project_id);
      },
      known,
      sink && { ...fileNaming(row), sink },
    );
  } finally {
    (release as ReleaseSlot | null)?.();
  }
}
