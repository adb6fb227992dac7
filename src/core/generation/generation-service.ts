/**
 * The image/PDF use cases, composed of generation's four parts: intake (request-checks.ts,
 * intake.ts), claims and recovery (render-claims.ts, claim-recovery.ts), execution
 * (execute-render.ts) and settlement (settlement.ts), run by run-render-job.ts. This class wires
 * them to the ports the composition root hands over and answers retrieval, deletion and usage.
 */
import { notFound, type FieldErrors } from '../errors.ts';
import type { Caller } from '../projects.ts';
import type { Job } from '../ports/job-queue.ts';
import type { Page, PageRequest } from '../pagination.ts';
import { ClaimRecovery, RENDER_JOB_KIND, VIDEO_JOB_KIND } from './claim-recovery.ts';
import type { RenderContext } from './execute-render.ts';
import type { GenerationDeps } from './generation-deps.ts';
import type { CreateOptions } from './idempotency.ts';
import type {
  CreateImageBody,
  CreatePdfBody,
  MergePdfBody,
} from '../request-shapes/images-pdfs.ts';
import type { Checked } from '../request-shapes/schema-helpers.ts';
import { Intake } from './intake.ts';
import type { RenderListFilter } from './list-filter.ts';
import { PixelBudget } from './pixel-budget.ts';
import { RenderClaims, DEFAULT_CLAIM_LEASE_MS } from './render-claims.ts';
import type { RenderRow, ResourceType } from './render-row.ts';
import { RenderSlots } from './render-slots.ts';
import { checkImageRequest, checkMergeRequest, checkPdfRequest } from './request-checks.ts';
import {
  toResourceObject,
  type ImageObject,
  type PdfObject,
  type ResourceObject,
  type VideoObject,
} from './resource-object.ts';
import { checkVideoRequest } from './video-checks.ts';
import { AppError } from '../errors.ts';
import {
  renderClaimed,
  runRenderJob,
  type RenderJobParts,
  type RenderJobReport,
} from './run-render-job.ts';
import { TransferSealer } from './transfer-sealer.ts';
import { TransferVault } from './transfer-vault.ts';

export { RENDER_JOB_KIND, VIDEO_JOB_KIND };

/** Credits of a project as GET /api/rest/usage reports them. */
export interface UsageObject {
  credits_used: number;
  credits_reserved: number;
  credit_limit: number | null;
  credits_remaining: number | null;
}

const LABEL: Record<ResourceType, string> = { image: 'Image', pdf: 'PDF', video: 'Video' };

/** Render slots when the deps name none (a machine with 2 render threads). */
const DEFAULT_RENDER_SLOTS = 4;

/** Images and PDFs: creation, retrieval, deletion, usage and the render job handler. */
export class GenerationService {
  readonly vault = new TransferVault();
  /** The process's pixel budget, shared by queued jobs, create_now and previews. */
  readonly pixelBudget: PixelBudget;
  private readonly claims: RenderClaims;
  private readonly recovery: ClaimRecovery;
  private readonly parts: RenderJobParts;
  private readonly intake: Intake;
  private closed = false;

  private readonly deps: GenerationDeps;
  constructor(deps: GenerationDeps) {
    this.deps = deps;
    const { stores } = deps;
    const sealer = deps.secretKey ? new TransferSealer(deps.secretKey) : null;
    this.pixelBudget = new PixelBudget(deps.maxPixelsInFlight);
    this.claims = new RenderClaims(
      { claims: stores.claims, rows: stores.rows, log: deps.log },
      deps.claimLeaseMs ?? DEFAULT_CLAIM_LEASE_MS,
    );
    this.recovery = new ClaimRecovery({ claims: stores.claims, queue: deps.queue, log: deps.log });
    this.parts = {
      rows: stores.rows,
      claims: this.claims,
      execution: { ...deps, ledger: stores.ledger, budget: this.pixelBudget },
      settlement: { ...deps, ledger: stores.ledger },
      transfers: { vault: this.vault, sealer, rows: stores.rows, log: deps.log },
      renderSlots: new RenderSlots(deps.renderSlots ?? DEFAULT_RENDER_SLOTS),
      videoSlots: new RenderSlots(deps.video?.concurrency ?? 1),
    };
    this.intake = new Intake({
      ...deps,
      rows: stores.rows,
      keys: stores.keys,
      claims: this.claims,
      vault: this.vault,
      sealer,
      renderClaimed: (row, known) => renderClaimed(this.parts, row, known),
      view: (row) => this.view(row),
    });
  }

  /** The ports and pixel budget renders outside jobs share (previews, thumbnails). */
  get renderContext(): RenderContext {
    return this.parts.execution;
  }

  /**
   * POST /images. `schemaErrors` are the route schema's (the body then lacks the values they
   * reject): every check runs anyway so one 422 names all bad fields. An unknown template is a
   * 404 when nothing else is wrong.
   */
  async createImage(
    caller: Caller,
    body: Checked<CreateImageBody>,
    schemaErrors: FieldErrors = {},
    options: CreateOptions = {},
  ): Promise<ImageObject> {
    return (await this.intake.create(caller, 'image', 'image', body, options, () =>
      checkImageRequest(this.deps, caller, body, schemaErrors, options.unknownFields),
    )) as ImageObject;
  }

  /** POST /pdfs; `schemaErrors` as for createImage, and a 404 only when nothing else is wrong. */
  async createPdf(
    caller: Caller,
    body: Checked<CreatePdfBody>,
    schemaErrors: FieldErrors = {},
    options: CreateOptions = {},
  ): Promise<PdfObject> {
    return (await this.intake.create(caller, 'pdf', 'pdf', body, options, () =>
      checkPdfRequest(this.deps, caller, body, schemaErrors, options.unknownFields),
    )) as PdfObject;
  }

  /** POST /pdfs/merge; `schemaErrors` as for createImage. */
  async mergePdfs(
    caller: Caller,
    body: Checked<MergePdfBody>,
    schemaErrors: FieldErrors = {},
    options: CreateOptions = {},
  ): Promise<PdfObject> {
    return (await this.intake.create(caller, 'pdf', 'merge', body, options, () =>
      checkMergeRequest(this.deps, body, schemaErrors, options.unknownFields),
    )) as PdfObject;
  }

  /**
   * POST /videos (docs/videos.md). 503 when videos cannot be made here (no ffmpeg); otherwise
   * checked like the others (one 422 naming every bad field, a 404 only when nothing else is
   * wrong), then queued. create_now waits up to IMPRINT_VIDEO_CREATE_NOW_WAIT_MS for the job
   * (run by any process) and answers the object as it is then: finished, error, or still queued.
   */
  async createVideo(
    caller: Caller,
    body: Record<string, unknown> & { create_now?: boolean | null },
    schemaErrors: FieldErrors = {},
    options: CreateOptions = {},
  ): Promise<VideoObject> {
    const video = this.deps.video;
    const why = video
      ? await video.composer.availability()
      : { available: false, detail: 'no video composer is configured on this installation' };
    if (!video || !why.available) {
      throw new AppError(
        'unavailable',
        `Videos are not available on this server: ${why.detail ?? 'ffmpeg cannot run'}. Images and PDFs are not affected; the operator needs to install ffmpeg (see docs/videos.md).`,
      );
    }
    const limits = { maxSeconds: video.limits.maxSeconds, clipSeconds: video.clipSeconds };
    const created = (await this.intake.create(caller, 'video', 'video', body, options, () =>
      checkVideoRequest(this.deps, limits, caller, body, schemaErrors, options.unknownFields),
    )) as VideoObject;
    if (body.create_now !== true || created.status !== 'queued') return created;
    return (await this.waitForDone(
      caller,
      'video',
      created.id,
      video.createNowWaitMs,
    )) as VideoObject;
  }

  /** The object once it is no longer queued, or as it is when `waitMs` has passed. */
  private async waitForDone(
    caller: Caller,
    type: ResourceType,
    id: number,
    waitMs: number,
  ): Promise<ResourceObject> {
    const deadline = Date.now() + waitMs;
    for (let pause = 100; ; pause = Math.min(pause * 2, 1000)) {
      const row = await this.deps.stores.rows.findForProject(type, caller.project.id, id);
      if (!row) throw notFound(LABEL[type]);
      if (row.status !== 'queued' || Date.now() >= deadline || this.closed) return this.view(row);
      await new Promise((resolve) => setTimeout(resolve, Math.min(pause, deadline - Date.now())));
    }
  }

  /** GET /images/{id}, /pdfs/{id} and /videos/{id}: 404 for unknown, deleted or other projects' ids. */
  async get(caller: Caller, type: ResourceType, id: number): Promise<ResourceObject> {
    const row = await this.deps.stores.rows.findForProject(type, caller.project.id, id);
    if (!row) throw notFound(LABEL[type]);
    return this.view(row);
  }

  /**
   * GET /images and /pdfs, and `imprint images list`: one page of a project's objects, newest
   * first (list-filter.ts parses the filters).
   */
  async list(
    projectId: string,
    type: ResourceType,
    filter: RenderListFilter,
    page: PageRequest,
  ): Promise<Page<ResourceObject>> {
    const found = await this.deps.stores.rows.list(type, projectId, filter, page);
    return { ...found, items: found.items.map((row) => this.view(row)) };
  }

  /** DELETE /images/{id} and /pdfs/{id}: the row is gone for the API and its file for good. */
  async delete(caller: Caller, type: ResourceType, id: number): Promise<void> {
    const row = await this.deps.stores.rows.markDeleted(type, caller.project.id, id);
    if (!row) throw notFound(LABEL[type]);
    this.vault.drop(type, id);
    if (!row.file_key) return;
    try {
      await this.deps.storage.delete(row.file_key);
    } catch (err) {
      // The row is gone already; the orphan sweep deletes the object within the next hours.
      this.deps.log?.warn(
        { err, key: row.file_key },
        'deleting the file failed; the sweep retries',
      );
    }
  }

  /** GET /usage and `imprint project credits`: a project's credits. */
  async usage(projectId: string): Promise<UsageObject> {
    const { ledger } = this.deps.stores;
    const [limit, { used, reserved }] = await Promise.all([
      ledger.getCreditLimit(projectId),
      ledger.usage(projectId),
    ]);
    return {
      credits_used: used,
      credits_reserved: reserved,
      credit_limit: limit,
      credits_remaining: limit === null ? null : Math.max(0, limit - used),
    };
  }

  /** Sets a project's credit limit (a whole number ≥ 0), or removes it with null. */
  async setCreditLimit(projectId: string, limit: number | null): Promise<void> {
    if (limit !== null && (!Number.isInteger(limit) || limit < 0)) {
      throw new RangeError('A credit limit is a whole number ≥ 0');
    }
    await this.deps.stores.ledger.setCreditLimit(projectId, limit);
  }

  /** The queue's job handler: runs a `render` job ({ type, id }); says how it ended. */
  async handleJob(job: Job): Promise<RenderJobReport> {
    // A video queued before videos had a kind of their own came as a `render` job: still run.
    if (job.kind !== RENDER_JOB_KIND && job.kind !== VIDEO_JOB_KIND) {
      throw new Error(`Unknown job kind ${job.kind}`);
    }
    const { type, id } = job.payload;
    if ((type !== 'image' && type !== 'pdf' && type !== 'video') || typeof id !== 'number') {
      throw new Error(`Malformed render job payload ${JSON.stringify(job.payload)}`);
    }
    this.claims.keepRenewing();
    // A re-delivered job may find the claim of a process that died: wait for it to expire. A
    // first delivery is exclusive by the queue's lease, so an unclaimed row needs no claim.
    const report = await runRenderJob(
      this.parts,
      { type, id },
      this.claims.leaseMs + 1000,
      job.attempt === 1,
    );
    delete (report as { row?: RenderRow }).row;
    return report;
  }

  /** Re-enqueues what may have no job, at start and then every `intervalMs` (ClaimRecovery). */
  startRecovery(intervalMs = this.claims.leaseMs): void {
    if (this.closed) return;
    this.recovery.start(intervalMs);
  }

  /** Stops timers and waits for background renders (transfers) of this process. */
  async close(): Promise<void> {
    this.closed = true;
    this.recovery.stop();
    await this.intake.close();
    this.claims.close();
  }

  /** create_now renders running in this process. */
  get createNowInUse(): number {
    return this.intake.createNowInUse;
  }

  private view(row: RenderRow): ResourceObject {
    return toResourceObject(row, this.deps.publicUrl, this.deps.filesBaseUrl);
  }
}
