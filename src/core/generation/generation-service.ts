/**
 * The image/PDF use cases: validate a creation request completely before anything is queued,
 * price it, insert the row (checking the credit limit atomically), then either enqueue its job or
 * render it inside the request (create_now). Transfer credentials travel with the job, sealed
 * with IMPRINT_SECRET_KEY; without that key (one process only) they stay in this process's
 * memory and this process renders the job in the background. Also retrieval, deletion, usage and
 * the job handler the queue consumers call.
 */
import { AppError, FieldErrorCollector, notFound, type FieldErrors } from '../errors.ts';
import type { Caller } from '../projects.ts';
import {
  prepareRender,
  RenderInputError,
  type RasterOptions,
  outputSize,
  pixelSize,
  bleedProblem,
  type Design,
  type LayerData,
} from '../../render/index.ts';
import type { Job } from '../../queue/job-queue.ts';
import { fittedSize, imageCredits, MERGE_RESERVED_CREDITS, pdfCredits } from './credits.ts';
import { isDeadLocalOwner, newClaimOwner } from './claim-owner.ts';
import { ConcurrencySlots } from './concurrency-slots.ts';
import { PixelBudget } from './pixel-budget.ts';
import { RenderSlots } from './render-slots.ts';
import { RENDER_JOB_KIND, type GenerationDeps } from './generation-deps.ts';
import type {
  KeyedResource,
  NewIdempotencyKey,
  RenderRequest,
  RenderRow,
  ResourceType,
} from './generation-repository.ts';
import {
  keyWindowStart,
  requestHash,
  type CreateOptions,
  type IdempotentOperation,
} from './idempotency.ts';
import { replayedRow } from './idempotent-replay.ts';
import { toResourceObject, type ImageObject, type PdfObject } from './resource-object.ts';
import type { RenderListFilter } from './list-filter.ts';
import type { Page, PageRequest } from '../pagination.ts';
import {
  runRenderJob,
  type RenderContext,
  type RenderJobContext,
  type RenderJobReport,
} from './run-render-job.ts';
import { TransferSealer } from './transfer-sealer.ts';
import { assetCapMessage, planAssets, type PageAssets } from './asset-plan.ts';
import { rawAssetOverCap, type RawPageAssets } from './asset-precount.ts';
import { requestWarningLines } from './warning-list.ts';
import { importedProfileData } from '../color-profiles.ts';
import { TransferVault } from './transfer-vault.ts';
import {
  addProblems,
  checkCommonFields,
  checkDestinations,
  checkImageModifications,
  checkMergeUrls,
  checkPdfModifications,
  checkDocInfo,
  type CommonFields,
} from './validate-request.ts';

/** Credits of a project as GET /api/rest/usage reports them. */
export interface UsageObject {
  credits_used: number;
  credits_reserved: number;
  credit_limit: number | null;
  credits_remaining: number | null;
}

const LABEL: Record<ResourceType, string> = { image: 'Image', pdf: 'PDF' };

/** Render slots when the deps name none (a machine with 2 render threads). */
const DEFAULT_RENDER_SLOTS = 4;

/** Retry-After of a creation refused because the job queue is unavailable. */
const RETRY_AFTER_SECONDS = 5;

type Body = Record<string, unknown>;

/** The Idempotency-Key part of a creation (none without the header). */
interface KeyedCreation {
  idempotencyKey?: NewIdempotencyKey;
  onReplay?: () => void;
}

const isRecord = (v: unknown): v is Body =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A template uuid worth looking up (the schema reports any other value). */
const uuidOf = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : undefined;

/**
 * The engine's size check of a raster output (e.g. a 3000 px canvas at 300 dpi), run at creation
 * so a request the engine would refuse is a 422 instead of a queued image ending in error.
 */
function outputSizeProblems(design: Design, options: RasterOptions) {
  try {
    outputSize(design, options);
    return [];
  } catch (err) {
    if (err instanceof RenderInputError) return err.problems;
    throw err;
  }
}

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
    `Not enough credits: this ${type === 'image' ? 'image' : 'PDF'} costs ${credits} credit${credits === 1 ? '' : 's'}, but only ${left} of the project's limit of ${limit} ${left === 1 ? 'is' : 'are'} left. Raise the limit with "imprint project credits <project-id> --limit <n>", or use a test token for free watermarked previews.`,
  );
}

/** Images and PDFs: creation, retrieval, deletion, usage and the render job handler. */
export class GenerationService {
  readonly vault = new TransferVault();
  private readonly sealer: TransferSealer | null;
  private readonly slots: ConcurrencySlots;
  private readonly ctx: RenderJobContext;
  private readonly background = new Set<Promise<void>>();
  private renewTimer: NodeJS.Timeout | null = null;
  private sweepTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(private readonly deps: GenerationDeps) {
    this.slots = new ConcurrencySlots(deps.createNowLimit);
    this.sealer = deps.secretKey ? new TransferSealer(deps.secretKey) : null;
    this.ctx = {
      deps,
      vault: this.vault,
      sealer: this.sealer,
      owner: newClaimOwner(),
      leaseMs: deps.claimLeaseMs ?? 20_000,
      running: new Set(),
      budget: new PixelBudget(deps.maxPixelsInFlight),
      renderSlots: new RenderSlots(deps.renderSlots ?? DEFAULT_RENDER_SLOTS),
    };
  }

  /** The ports and pixel budget renders outside jobs share (previews, thumbnails). */
  get renderContext(): RenderContext {
    return this.ctx;
  }

  /** Refuses webhook and transfer destinations the outbound policy would refuse later. */
  private async checkDestinations(
    common: CommonFields,
    errors: FieldErrorCollector,
  ): Promise<void> {
    const refused = this.deps.refusedDestination;
    if (refused) await checkDestinations(common, errors, refused);
  }

  /** The process's pixel budget, shared by queued jobs and create_now (for logs and tests). */
  get pixelBudget(): PixelBudget {
    return this.ctx.budget;
  }

  /**
   * POST /images. `schemaErrors` are the route schema's (the body then lacks the values they
   * reject): every check runs anyway so one 422 names all bad fields. An unknown template is a
   * 404 when nothing else is wrong.
   */
  async createImage(
    caller: Caller,
    body: Body,
    schemaErrors: FieldErrors = {},
    options: CreateOptions = {},
  ): Promise<ImageObject> {
    const keyed = await this.keyed(caller, 'image', body, options);
    if ('replay' in keyed) return keyed.replay as ImageObject;
    const errors = new FieldErrorCollector(schemaErrors);
    const common = checkCommonFields(body, errors);
    await this.checkDestinations(common, errors);
    // Placid's v1 body: refused rather than rendered without its layer data.
    if (body.fields !== undefined && body.fields !== null) {
      errors.add(
        'fields',
        'The fields field is the v1 API’s layer data, which Imprint does not support: send `layers` (v2) instead.',
      );
    }
    const mods = checkImageModifications(
      isRecord(body.modifications) ? body.modifications : undefined,
      errors,
    );
    const uuid = uuidOf(body.template_uuid);
    const layers = (isRecord(body.layers) ? body.layers : {}) as LayerData;
    const found = uuid ? await this.deps.templates.getDesign(caller.project.id, uuid) : undefined;
    if (found) {
      this.refuseRawAssetsOverCap([{ design: found.design, layers, prefix: '' }], errors);
      const prepared = prepareRender(found.design, layers);
      addProblems(errors, prepared.problems);
      this.checkAssetCap([{ design: prepared.design, prefix: '' }], errors);
      common.warnings = requestWarningLines(
        [{ design: found.design, layers, prefix: '' }],
        options.unknownFields,
      );
      // Sized from modifications that are all valid, or the message would blame the wrong field.
      if (!errors.hasUnder('modifications'))
        addProblems(errors, outputSizeProblems(found.design, mods.options));
    }
    errors.throwIfAny();
    if (!found || !uuid) throw notFound('Template');
    const out = fittedSize(found.design, mods.modifications);
    const canvas = pixelSize(found.design);
    const longest = Math.max(canvas.width, canvas.height, out.width, out.height);
    const request: RenderRequest = {
      kind: 'image',
      template_uuid: uuid,
      layers,
      modifications: mods.modifications,
    };
    const credits = imageCredits({ width: longest, height: longest });
    return this.create(caller, 'image', request, common, credits, {
      createNow: body.create_now === true,
      ...keyed,
    }) as Promise<ImageObject>;
  }

  /** POST /pdfs; `schemaErrors` as for createImage, and a 404 only when nothing else is wrong. */
  async createPdf(
    caller: Caller,
    body: Body,
    schemaErrors: FieldErrors = {},
    options: CreateOptions = {},
  ): Promise<PdfObject> {
    const keyed = await this.keyed(caller, 'pdf', body, options);
    if ('replay' in keyed) return keyed.replay as PdfObject;
    const errors = new FieldErrorCollector(schemaErrors);
    const common = checkCommonFields(body, errors);
    await this.checkDestinations(common, errors);
    const rawMods = isRecord(body.modifications) ? body.modifications : undefined;
    const profileData = await importedProfileData(this.deps.colorProfiles, rawMods?.color_profile);
    const mods = checkPdfModifications(rawMods, errors, profileData);
    const rawPages: unknown[] = Array.isArray(body.pages) ? body.pages : [];
    if (rawPages.length === 0) errors.add('pages', 'The pages field must have at least 1 page.');
    const pages: Array<{ template_uuid: string; layers: LayerData }> = [];
    const warned: Parameters<typeof requestWarningLines>[0] = [];
    const sizes: Array<{ width: number; height: number }> = [];
    // Unknown templates by page path: the 404 keeps Placid's message and says which page(s).
    const missing: FieldErrors = {};
    // The cap counts the distinct URLs of all pages together: one job downloads them all.
    const assetPages: PageAssets[] = [];
    const designs: Array<Awaited<ReturnType<typeof this.deps.templates.getDesign>>> = [];
    for (const p of rawPages) {
      const uuid = isRecord(p) ? uuidOf(p.template_uuid) : undefined;
      designs.push(uuid ? await this.deps.templates.getDesign(caller.project.id, uuid) : undefined);
    }
    this.refuseRawAssetsOverCap(
      rawPages.flatMap((p, i) => {
        const found = designs[i];
        if (!found || !isRecord(p)) return [];
        const layers = (isRecord(p.layers) ? p.layers : {}) as LayerData;
        return [{ design: found.design, layers, prefix: `pages.${i}.` }];
      }),
      errors,
    );
    for (const [i, p] of rawPages.entries()) {
      // Pages the schema rejected (not an object, no usable uuid) are already in `errors`.
      const uuid = isRecord(p) ? uuidOf(p.template_uuid) : undefined;
      if (!isRecord(p) || !uuid) continue;
      const layers = (isRecord(p.layers) ? p.layers : {}) as LayerData;
      const found = designs[i];
      if (!found) {
        missing[`pages.${i}.template_uuid`] = [`Template not found (${uuid})`];
        continue;
      }
      const prepared = prepareRender(found.design, layers);
      addProblems(errors, prepared.problems, `pages.${i}.`);
      assetPages.push({ design: prepared.design, prefix: `pages.${i}.` });
      if (!errors.hasUnder('modifications')) {
        const dpi = mods.options.dpi ?? 96;
        const p = bleedProblem(found.design, mods.options.bleed, dpi, 'modifications.bleed');
        if (p) addProblems(errors, [p]);
      }
      warned.push({ design: found.design, layers, prefix: `pages.${i}.` });
      pages.push({ template_uuid: uuid, layers });
      sizes.push(pixelSize(found.design));
    }
    this.checkAssetCap(assetPages, errors);
    common.warnings = requestWarningLines(warned, options.unknownFields);
    errors.throwIfAny();
    if (Object.keys(missing).length) throw notFound('Template', missing);
    const request: RenderRequest = { kind: 'pdf', pages, modifications: mods.modifications };
    return this.create(caller, 'pdf', request, common, pdfCredits(sizes), {
      createNow: body.create_now === true,
      ...keyed,
    }) as Promise<PdfObject>;
  }

  /** POST /pdfs/merge; `schemaErrors` as for createImage. */
  async mergePdfs(
    caller: Caller,
    body: Body,
    schemaErrors: FieldErrors = {},
    options: CreateOptions = {},
  ): Promise<PdfObject> {
    const keyed = await this.keyed(caller, 'merge', body, options);
    if ('replay' in keyed) return keyed.replay as PdfObject;
    const errors = new FieldErrorCollector(schemaErrors);
    const common = checkCommonFields(body, errors);
    await this.checkDestinations(common, errors);
    const urls = checkMergeUrls(body.urls, errors);
    const m = isRecord(body.modifications) ? body.modifications : {};
    const docInfo = checkDocInfo(m, errors);
    common.warnings = requestWarningLines([], options.unknownFields);
    errors.throwIfAny();
    const request: RenderRequest = {
      kind: 'merge',
      urls,
      modifications: {
        ...(typeof m.filename === 'string' && m.filename ? { filename: m.filename } : {}),
        ...docInfo,
      },
    };
    return this.create(caller, 'pdf', request, common, MERGE_RESERVED_CREDITS, {
      createNow: body.create_now === true,
      ...keyed,
    }) as Promise<PdfObject>;
  }

  /** GET /images/{id} and /pdfs/{id}: 404 for unknown, deleted or other projects' ids. */
  async get(caller: Caller, type: ResourceType, id: number): Promise<ImageObject | PdfObject> {
    const row = await this.deps.repo.findForProject(type, caller.project.id, id);
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
  ): Promise<Page<ImageObject | PdfObject>> {
    const found = await this.deps.repo.list(type, projectId, filter, page);
    return { ...found, items: found.items.map((row) => this.view(row)) };
  }

  /** DELETE /images/{id} and /pdfs/{id}: the row is gone for the API and its file for good. */
  async delete(caller: Caller, type: ResourceType, id: number): Promise<void> {
    const row = await this.deps.repo.markDeleted(type, caller.project.id, id);
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
    const [limit, { used, reserved }] = await Promise.all([
      this.deps.repo.getCreditLimit(projectId),
      this.deps.repo.usage(projectId),
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
    await this.deps.repo.setCreditLimit(projectId, limit);
  }

  /** The queue's job handler: runs a `render` job ({ type, id }); says how it ended. */
  async handleJob(job: Job): Promise<RenderJobReport> {
    if (job.kind !== RENDER_JOB_KIND) throw new Error(`Unknown job kind ${job.kind}`);
    const { type, id } = job.payload;
    if ((type !== 'image' && type !== 'pdf') || typeof id !== 'number') {
      throw new Error(`Malformed render job payload ${JSON.stringify(job.payload)}`);
    }
    this.keepClaims();
    // A re-delivered job may find the claim of a process that died: wait for it to expire. A
    // first delivery is exclusive by the queue's lease, so an unclaimed row needs no claim.
    return runRenderJob(this.ctx, { type, id }, this.ctx.leaseMs + 1000, job.attempt === 1);
  }

  /**
   * Re-enqueues what may have no job, at start and then every `intervalMs`: rows never claimed
   * (an enqueue that failed, or was lost in a crash between insert and enqueue) and rows whose
   * claim expired (their process died mid-render). Job ids make it idempotent: a row whose job
   * is still waiting is not queued twice. Runs in every serve process, API-only ones included.
   */
  startRecovery(intervalMs = this.ctx.leaseMs): void {
    if (this.sweepTimer || this.closed) return;
    let sweeping = false;
    const sweep = async () => {
      // One sweep at a time: with the queue down, each may take its time to fail.
      if (sweeping) return;
      sweeping = true;
      await this.recoverUnclaimed();
      await this.recoverExpired();
      sweeping = false;
    };
    void sweep();
    this.sweepTimer = setInterval(() => void sweep(), intervalMs);
    this.sweepTimer.unref();
  }

  /** Stops timers and waits for background renders (transfers) of this process. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.sweepTimer) clearInterval(this.sweepTimer);
    this.sweepTimer = null;
    await Promise.allSettled([...this.background]);
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.renewTimer = null;
  }

  /** create_now renders running in this process. */
  get createNowInUse(): number {
    return this.slots.inUse;
  }

  /**
   * The same 422 from the request's raw layer data, thrown before the designs are prepared: a
   * request naming tens of thousands of URLs is refused in linear time (asset-precount.ts).
   */
  private refuseRawAssetsOverCap(pages: RawPageAssets[], errors: FieldErrorCollector): void {
    const cap = this.deps.maxAssetsPerJob;
    const over = rawAssetOverCap(pages, cap);
    if (!over) return;
    errors.add(over.field, assetCapMessage(over, cap));
    errors.throwIfAny();
  }

  /** A 422 naming the field that takes a request above IMPRINT_MAX_ASSETS_PER_JOB. */
  private checkAssetCap(pages: PageAssets[], errors: FieldErrorCollector): void {
    const cap = this.deps.maxAssetsPerJob;
    const { overCap } = planAssets(pages, cap);
    if (overCap) errors.add(overCap.field, assetCapMessage(overCap, cap));
  }

  private view(row: RenderRow): ImageObject | PdfObject {
    return toResourceObject(row, this.deps.publicUrl, this.deps.filesBaseUrl);
  }

  /**
   * With an Idempotency-Key: the object an earlier request with the key created (looked up
   * before any validation, so a retry gets its object even if the template changed since), or
   * the key to record with the new row. Without one: nothing to do.
   */
  private async keyed(
    caller: Caller,
    operation: IdempotentOperation,
    body: Body,
    options: CreateOptions,
  ): Promise<{ replay: ImageObject | PdfObject } | KeyedCreation> {
    const key = options.idempotencyKey;
    if (key === undefined) return {};
    const idempotencyKey = {
      key,
      hash: requestHash(operation, caller.testMode, body),
      notBefore: keyWindowStart(),
    };
    const onReplay = options.onReplay;
    const earlier = await this.deps.repo.findIdempotencyKey(
      caller.project.id,
      key,
      idempotencyKey.notBefore,
    );
    if (!earlier) return { idempotencyKey, onReplay };
    const replay = await this.replay(caller, earlier, idempotencyKey.hash, {
      createNow: body.create_now === true,
      onReplay,
    });
    return { replay };
  }

  /** The object of an earlier request with the same key (see replayedRow). */
  private async replay(
    caller: Caller,
    earlier: KeyedResource,
    hash: string,
    how: { createNow: boolean; onReplay?: () => void },
  ): Promise<ImageObject | PdfObject> {
    const row = await replayedRow(this.deps.repo, earlier, {
      projectId: caller.project.id,
      hash,
      untilDone: how.createNow,
    });
    how.onReplay?.();
    return this.view(row);
  }

  private async create(
    caller: Caller,
    type: ResourceType,
    request: RenderRequest,
    common: CommonFields,
    cost: number,
    how: KeyedCreation & { createNow: boolean },
  ): Promise<ImageObject | PdfObject> {
    const { createNow, idempotencyKey } = how;
    const credits = caller.testMode ? 0 : cost;
    const transfer = common.transfer;
    // Sealed credentials travel with the job to any process; without a key they may only stay
    // in this process's memory, which is refused where another process may have to run the job
    // (create_now always renders here, inside the request).
    const sealed = transfer && this.sealer ? this.sealer.seal(transfer) : null;
    if (transfer && !sealed && !createNow && !this.deps.inMemoryTransfers) {
      throw transferNeedsKey();
    }
    if (createNow && !this.slots.tryAcquire()) {
      throw new AppError(
        'too_many_requests',
        `Too many simultaneous create_now requests (at most ${this.deps.createNowLimit} at once in this process). Retry shortly, or create without create_now and poll.`,
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
      const claim = inProcess ? { owner: this.ctx.owner, leaseMs: this.ctx.leaseMs } : undefined;
      const inserted = await this.deps.repo.insert(
        type,
        {
          project_id: caller.project.id,
          request,
          passthrough: common.passthrough,
          webhook_success: common.webhook_success,
          webhook_error: common.webhook_error,
          test_mode: caller.testMode,
          credits,
          has_transfer: transfer !== null,
          transfer_sealed: sealed,
          warnings: common.warnings ?? [],
        },
        claim,
        idempotencyKey,
      );
      if ('overLimit' in inserted) throw notEnoughCredits(type, credits, inserted.overLimit);
      if ('replay' in inserted) {
        // A concurrent request with the same key inserted first (in any process).
        release();
        return await this.replay(caller, inserted.replay, idempotencyKey?.hash ?? '', how);
      }
      const { row } = inserted;
      if (inMemory) this.vault.put(type, row.id, transfer);
      if (inProcess) this.keepClaims();
      if (createNow) {
        await runRenderJob(this.ctx, { type, id: row.id });
        const done = await this.deps.repo.find(type, row.id);
        // DELETE reached it first: its polling_url is already a 404, so the answer is one too.
        if (!done)
          throw new AppError(
            'not_found',
            `${LABEL[type]} not found: it was deleted while it was being rendered`,
          );
        return this.view(done);
      }
      if (inMemory) this.runInBackground(type, row.id);
      else await this.enqueueOrWithdraw(type, row.id, caller.project.id);
      return this.view(row);
    } finally {
      release();
    }
  }

  /**
   * Queues the render job of a new row. When the queue cannot take it (Redis down), the row is
   * removed and the client gets a 503 with Retry-After: it created nothing, so its retry does not
   * render twice. A row that cannot be removed either (the database went away too) stays queued
   * and the periodic sweep (startRecovery) queues it once the queue is back.
   */
  private async enqueueOrWithdraw(
    type: ResourceType,
    id: number,
    projectId: string,
  ): Promise<void> {
    try {
      // project_id is for the job log only (the handler reads the row).
      await this.deps.queue.enqueue(
        RENDER_JOB_KIND,
        { type, id, project_id: projectId },
        // The project is the job's group: one project runs at most its share of the slots.
        { jobId: `${type}:${id}`, group: projectId },
      );
    } catch (err) {
      this.deps.log?.warn({ err }, 'queueing a render job failed');
      await this.deps.repo.remove(type, id).catch(() => undefined);
      throw new AppError(
        'unavailable',
        `The job queue is unavailable, so the ${type === 'image' ? 'image' : 'PDF'} was not created. Retry in a few seconds.`,
        { headers: { 'retry-after': String(RETRY_AFTER_SECONDS) } },
      );
    }
  }

  private runInBackground(type: ResourceType, id: number): void {
    const p: Promise<void> = runRenderJob(this.ctx, { type, id })
      .then(() => undefined)
      .catch((err) => this.deps.log?.error({ err }, 'background render failed'))
      .finally(() => this.background.delete(p));
    this.background.add(p);
  }

  /** Renews this process's claims while it may hold any. */
  private keepClaims(): void {
    if (this.renewTimer || this.closed) return;
    const claim = { owner: this.ctx.owner, leaseMs: this.ctx.leaseMs };
    this.renewTimer = setInterval(
      () => {
        this.deps.repo
          .renewClaims(claim)
          .catch((err) => this.deps.log?.warn({ err }, 'renewing render claims failed'));
      },
      Math.max(50, Math.floor(this.ctx.leaseMs / 3)),
    );
    this.renewTimer.unref();
  }

  private async recoverUnclaimed(): Promise<void> {
    try {
      // Claims of crashed processes of this host (e.g. transfers and create_now, never queued).
      for (const r of await this.deps.repo.claimedQueued(1000)) {
        if (!isDeadLocalOwner(r.claimed_by)) continue;
        const jobId = `${r.type}:${r.id}:${r.claim_until}`;
        await this.deps.queue.enqueue(
          RENDER_JOB_KIND,
          { type: r.type, id: r.id, project_id: r.project_id },
          { jobId, group: r.project_id },
        );
      }
      for (const r of await this.deps.repo.unclaimedQueued(1000)) {
        await this.deps.queue.enqueue(
          RENDER_JOB_KIND,
          { type: r.type, id: r.id, project_id: r.project_id },
          { jobId: `${r.type}:${r.id}`, group: r.project_id },
        );
      }
    } catch (err) {
      this.deps.log?.warn({ err }, 're-enqueueing queued renders failed');
    }
  }

  private async recoverExpired(): Promise<void> {
    try {
      for (const r of await this.deps.repo.expiredClaims(1000)) {
        const jobId = `${r.type}:${r.id}:${r.claim_until}`;
        await this.deps.queue.enqueue(
          RENDER_JOB_KIND,
          { type: r.type, id: r.id, project_id: r.project_id },
          { jobId, group: r.project_id },
        );
      }
    } catch (err) {
      this.deps.log?.warn({ err }, 're-enqueueing abandoned renders failed');
    }
  }
}
