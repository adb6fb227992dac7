/**
 * Intake: after a request passed its checks (request-checks.ts), prices it for the caller, inserts
 * its row (checking the credit limit and recording its Idempotency-Key atomically), then either
 * enqueues its job or renders it inside the request (create_now). Transfer credentials travel with
 * the job, sealed with IMPRINT_SECRET_KEY; without that key (one process only) they stay in this
 * process's memory and this process renders the job in the background.
 */
import { AppError } from '../errors.ts';
import type { Caller } from '../projects.ts';
import type { IdempotencyKeyStore } from '../ports/idempotency-key-store.ts';
import type { RenderRowStore } from '../ports/render-row-store.ts';
import { enqueueRender } from './claim-recovery.ts';
import { ConcurrencySlots } from './concurrency-slots.ts';
import type { GenerationDeps } from './generation-deps.ts';
import {
  keyWindowStart,
  requestHash,
  type CreateOptions,
  type IdempotentOperation,
} from './idempotency.ts';
import { replayedRow } from './idempotent-replay.ts';
import type { RenderClaims } from './render-claims.ts';
import type { KeyedResource, NewIdempotencyKey, RenderRow, ResourceType } from './render-row.ts';
import type { CheckedRequest } from './request-checks.ts';
import type { RenderJobReport } from './run-render-job.ts';
import type { TransferSealer } from './transfer-sealer.ts';
import type { TransferVault } from './transfer-vault.ts';
import type { KnownDesigns } from './execute-render.ts';

const LABEL: Record<ResourceType, string> = { image: 'Image', pdf: 'PDF', video: 'Video' };

/** The word for a resource in messages ("this image costs…"). */
const NOUN: Record<ResourceType, string> = { image: 'image', pdf: 'PDF', video: 'video' };

/** Retry-After of a creation refused because the job queue is unavailable. */
const RETRY_AFTER_SECONDS = 5;

/** What intake needs besides the checks: rows, keys, the queue, and how to render in-process. */
export type IntakeDeps = Pick<
  GenerationDeps,
  'queue' | 'inMemoryTransfers' | 'createNowLimit' | 'log'
> & {
  rows: Pick<RenderRowStore, 'insert' | 'findForProject' | 'remove'>;
  keys: Pick<IdempotencyKeyStore, 'find'>;
  claims: RenderClaims;
  vault: TransferVault;
  sealer: TransferSealer | null;
  /** Renders a row this process inserted claimed; returns how it ended and the row now. */
  renderClaimed(
    row: RenderRow,
    known?: KnownDesigns,
  ): Promise<RenderJobReport & { row?: RenderRow }>;
  /** The public object of a row. */
  view(row: RenderRow): unknown;
};

/** 503 for a transfer this set-up cannot carry to the process that will run it. */
function transferNeedsKey(): AppError {
  const message =
    'Transfers need IMPRINT_SECRET_KEY on this installation: another process may run the job, and without the shared key the credentials can only stay in the memory of the process that received them. Set the same IMPRINT_SECRET_KEY (at least 32 characters) on every process.';
  return new AppError('unavailable', message, { fields: { transfer: [message] } });
}

/** 402 when a creation's cost does not fit in what the project's limit leaves. */
function notEnoughCredits(
  type: ResourceType,
  credits: number,
  over: { limit: number; left: number },
): AppError {
  const { limit, left } = over;
  return new AppError(
    'payment_required',
    `Not enough credits: this ${NOUN[type]} costs ${credits} credit${credits === 1 ? '' : 's'}, but only ${left} of the project's limit of ${limit} ${left === 1 ? 'is' : 'are'} left. Raise the limit with "imprint project credits <project-id> --limit <n>", or use a test token for free watermarked previews.`,
  );
}

/** The Idempotency-Key part of a creation (none without the header). */
interface KeyedCreation {
  idempotencyKey?: NewIdempotencyKey;
  onReplay?: () => void;
}

/** Creation of images and PDFs once their request is checked. */
export class Intake {
  private readonly slots: ConcurrencySlots;
  private readonly background = new Set<Promise<void>>();

  private readonly deps: IntakeDeps;
  constructor(deps: IntakeDeps) {
    this.deps = deps;
    this.slots = new ConcurrencySlots(deps.createNowLimit);
  }

  /** create_now renders running in this process. */
  get createNowInUse(): number {
    return this.slots.inUse;
  }

  /**
   * Creates the object of a request: the earlier object of its Idempotency-Key (looked up
   * before any check, so a retry gets its object even if the template changed since), or a new
   * row from `check`'s result.
   */
  async create(
    caller: Caller,
    type: ResourceType,
    operation: IdempotentOperation,
    body: { create_now?: boolean | null },
    options: CreateOptions,
    check: () => Promise<CheckedRequest>,
  ): Promise<unknown> {
    // A video is never composed inside the request: create_now waits for its job instead
    // (GenerationService.createVideo), so a long video cannot hold a create_now slot.
    const createNow = body.create_now === true && type !== 'video';
    const keyed = await this.keyed(caller, operation, body, options, createNow);
    if ('replay' in keyed) return keyed.replay;
    const checked = await check();
    return this.insertAndRun(caller, type, checked, { ...keyed, createNow });
  }

  /** Waits for the renders this process runs in the background (in-memory transfers). */
  async close(): Promise<void> {
    await Promise.allSettled([...this.background]);
  }

  private async keyed(
    caller: Caller,
    operation: IdempotentOperation,
    body: object,
    options: CreateOptions,
    createNow: boolean,
  ): Promise<{ replay: unknown } | KeyedCreation> {
    const key = options.idempotencyKey;
    if (key === undefined) return {};
    const idempotencyKey = {
      key,
      hash: requestHash(operation, caller.testMode, body),
      notBefore: keyWindowStart(),
    };
    const onReplay = options.onReplay;
    const earlier = await this.deps.keys.find(caller.project.id, key, idempotencyKey.notBefore);
    if (!earlier) return { idempotencyKey, onReplay };
    return { replay: await this.replay(caller, earlier, idempotencyKey.hash, createNow, onReplay) };
  }

  /** The object of an earlier request with the same key (see replayedRow). */
  private async replay(
    caller: Caller,
    earlier: KeyedResource,
    hash: string,
    createNow: boolean,
    onReplay?: () => void,
  ): Promise<unknown> {
    const row = await replayedRow(this.deps.rows, earlier, {
      projectId: caller.project.id,
      hash,
      untilDone: createNow,
    });
    onReplay?.();
    return this.deps.view(row);
  }

  private async insertAndRun(
    caller: Caller,
    type: ResourceType,
    checked: CheckedRequest,
    how: KeyedCreation & { createNow: boolean },
  ): Promise<unknown> {
    const { deps } = this;
    const { createNow, idempotencyKey } = how;
    const { common } = checked;
    const credits = caller.testMode ? 0 : checked.cost;
    const transfer = common.transfer;
    // Sealed credentials travel with the job to any process; without a key they may only stay
    // in this process's memory, which is refused where another process may have to run the job
    // (create_now always renders here, inside the request).
    const sealed = transfer && deps.sealer ? deps.sealer.seal(transfer) : null;
    if (transfer && !sealed && !createNow && !deps.inMemoryTransfers) throw transferNeedsKey();
    if (createNow && !this.slots.tryAcquire()) {
      throw new AppError(
        'too_many_requests',
        `Too many simultaneous create_now requests (at most ${deps.createNowLimit} at once in this process). Retry shortly, or create without create_now and poll.`,
        { headers: { 'retry-after': '1' } },
      );
    }
    // A retry that finds its key's object waits for it without holding a create_now slot.
    let holding = createNow;
    const release = () => {
      if (holding) this.slots.release();
      holding = false;
    };
    try {
      const inMemory = transfer !== null && sealed === null;
      const inProcess = createNow || inMemory;
      const inserted = await deps.rows.insert(
        type,
        {
          project_id: caller.project.id,
          request: checked.request,
          passthrough: common.passthrough,
          webhook_success: common.webhook_success,
          webhook_error: common.webhook_error,
          test_mode: caller.testMode,
          credits,
          has_transfer: transfer !== null,
          transfer_sealed: sealed,
          warnings: common.warnings ?? [],
        },
        {
          claim: inProcess ? deps.claims.claim : undefined,
          key: idempotencyKey,
          creditLimit: caller.creditLimit,
        },
      );
      if ('overLimit' in inserted) throw notEnoughCredits(type, credits, inserted.overLimit);
      if ('replay' in inserted) {
        // A concurrent request with the same key inserted first (in any process).
        release();
        const hash = idempotencyKey?.hash ?? '';
        return await this.replay(caller, inserted.replay, hash, createNow, how.onReplay);
      }
      const { row } = inserted;
      if (inMemory) deps.vault.put(type, row.id, transfer);
      if (inProcess) deps.claims.keepRenewing();
      if (createNow) {
        // The row was inserted claimed and the designs were read by the checks: neither is
        // read again, and the finished row comes back from the statement that finished it.
        const done = (await deps.renderClaimed(row, checked.known)).row;
        // DELETE reached it first: its polling_url is already a 404, so the answer is one too.
        if (!done)
          throw new AppError(
            'not_found',
            `${LABEL[type]} not found: it was deleted while it was being rendered`,
          );
        return deps.view(done);
      }
      if (inMemory) this.runInBackground(row);
      else await this.enqueueOrWithdraw(row);
      return deps.view(row);
    } finally {
      release();
    }
  }

  /**
   * Queues the render job of a new row. When the queue cannot take it (Redis down), the row is
   * removed and the client gets a 503 with Retry-After: it created nothing, so its retry does not
   * render twice. A row that cannot be removed either (the database went away too) stays queued
   * and the periodic sweep (ClaimRecovery) queues it once the queue is back.
   */
  private async enqueueOrWithdraw(row: RenderRow): Promise<void> {
    try {
      await enqueueRender(this.deps.queue, row);
    } catch (err) {
      this.deps.log?.warn({ err }, 'queueing a render job failed');
      await this.deps.rows.remove(row.type, row.id).catch(() => undefined);
      throw new AppError(
        'unavailable',
        `The job queue is unavailable, so the ${NOUN[row.type]} was not created. Retry in a few seconds.`,
        { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } },
      );
    }
  }

  private runInBackground(row: RenderRow): void {
    const p: Promise<void> = this.deps
      .renderClaimed(row)
      .then(() => undefined)
      .catch((err) => this.deps.log?.error({ err }, 'background render failed'))
      .finally(() => this.background.delete(p));
    this.background.add(p);
  }
}
