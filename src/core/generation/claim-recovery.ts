/**
 * Recovery of rows whose job may be lost: re-enqueues, at start and then periodically, rows never
 * claimed (an enqueue that failed, or was lost in a crash between insert and enqueue) and rows
 * whose claim expired or whose owner died. Job ids make it idempotent: a row whose job is still
 * waiting is not queued twice. Runs in every serve process, API-only ones included.
 */
import type { JobQueue } from '../ports/job-queue.ts';
import type { QueuedRowRef, RenderClaimStore } from '../ports/render-claim-store.ts';
import { isDeadLocalOwner } from './claim-owner.ts';

/** The job kind of image and PDF renders. */
export const RENDER_JOB_KIND = 'render';

/**
 * The job kind of videos: a kind of its own so that the queue runs at most the video
 * concurrency of them per process (ConsumeOptions.kindLimits) and a backlog of videos waits in
 * the queue instead of holding the slots images and PDFs need.
 */
export const VIDEO_JOB_KIND = 'render-video';

/** The job kind of a row of type `type`. */
export function renderJobKind(type: QueuedRowRef['type']): string {
  return type === 'video' ? VIDEO_JOB_KIND : RENDER_JOB_KIND;
}

/** What recovery needs: the claims, the queue, and where its failures go. */
export interface ClaimRecoveryDeps {
  claims: Pick<RenderClaimStore, 'expiredClaims' | 'claimedQueued' | 'unclaimedQueued'>;
  queue: Pick<JobQueue, 'enqueue'>;
  log?: { warn(obj: object, msg: string): void };
}

/** Rows looked at per sweep and kind. */
const SWEEP_BATCH = 1000;

/** Enqueues the render job of a row; `jobId` distinguishes a recovery from the first job. */
export function enqueueRender(
  queue: Pick<JobQueue, 'enqueue'>,
  r: QueuedRowRef,
  jobId = `${r.type}:${r.id}`,
): Promise<unknown> {
  // project_id is for the job log only (the handler reads the row); the project is the job's
  // group: one project runs at most its share of the slots.
  return queue.enqueue(
    renderJobKind(r.type),
    { type: r.type, id: r.id, project_id: r.project_id },
    { jobId, group: r.project_id },
  );
}

/** The periodic sweep that puts lost render jobs back in the queue. */
export class ClaimRecovery {
  private timer: NodeJS.Timeout | null = null;
  private sweeping = false;

  private readonly deps: ClaimRecoveryDeps;
  constructor(deps: ClaimRecoveryDeps) {
    this.deps = deps;
  }

  /** Sweeps now, then every `intervalMs` (one sweep at a time). */
  start(intervalMs: number): void {
    if (this.timer) return;
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), intervalMs);
    this.timer.unref();
  }

  /** Stops the sweeps. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One sweep: unclaimed rows and those of dead owners, then expired claims. */
  async sweep(): Promise<void> {
    // One sweep at a time: with the queue down, each may take its time to fail.
    if (this.sweeping) return;
    this.sweeping = true;
    try {
      await this.recoverUnclaimed();
      await this.recoverExpired();
    } finally {
      this.sweeping = false;
    }
  }

  private async recoverUnclaimed(): Promise<void> {
    const { claims, queue, log } = this.deps;
    try {
      // Claims of crashed processes of this host (e.g. transfers and create_now, never queued).
      for (const r of await claims.claimedQueued(SWEEP_BATCH)) {
        if (!isDeadLocalOwner(r.claimed_by)) continue;
        await enqueueRender(queue, r, `${r.type}:${r.id}:${r.claim_until}`);
      }
      for (const r of await claims.unclaimedQueued(SWEEP_BATCH)) await enqueueRender(queue, r);
    } catch (err) {
      log?.warn({ err }, 're-enqueueing queued renders failed');
    }
  }

  private async recoverExpired(): Promise<void> {
    const { claims, queue, log } = this.deps;
    try {
      for (const r of await claims.expiredClaims(SWEEP_BATCH))
        await enqueueRender(queue, r, `${r.type}:${r.id}:${r.claim_until}`);
    } catch (err) {
      log?.warn({ err }, 're-enqueueing abandoned renders failed');
    }
  }
}
