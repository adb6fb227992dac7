/**
 * The render job: turns a queued image/PDF row into a stored file, then (in this order) runs the
 * transfer, marks the row finished, charges its credits once and enqueues the webhook. Safe to
 * run again for the same row (at-least-once queues, restarts): only a queued row is rendered, a
 * claim in the row keeps two processes from rendering it at once, and the after-steps (charge,
 * webhook) are idempotent, so a re-delivered job completes them without repeating them.
 */
import {
  RenderInputError,
  prepareRender,
  type RenderedFile,
  type Design,
  type FontSource,
  type LayerData,
  pixelSize,
  usedLayerData,
  getLayerType,
} from '../../render/index.ts';
import { displayUrl } from '../../net/fetch-error.ts';
import { newFileKey, sanitizeFilename } from '../../storage/file-url.ts';
import { AppError } from '../errors.ts';
import { isDeadLocalOwner } from './claim-owner.ts';
import type { GenerationDeps } from './generation-deps.ts';
import type { RenderRow, ResourceType } from './generation-repository.ts';
import { toResourceObject } from './resource-object.ts';
import type { Transfer } from '../../storage/transfer/transfer.ts';
import { TransferUnsealError, type TransferSealer } from './transfer-sealer.ts';
import { TRANSFER_LOST_MESSAGE, type TransferVault } from './transfer-vault.ts';
import { mergeCredits, pdfCredits } from './credits.ts';
import type { PixelBudget } from './pixel-budget.ts';
import type { ReleaseSlot, RenderSlots } from './render-slots.ts';
import { imagePixels, mergePixels, pdfPixels } from './render-pixels.ts';
import { pdfOptionsOf, problemMessage, rasterOptionsOf } from './validate-request.ts';
import { importedProfileData } from '../color-profiles.ts';
import {
  assetCapMessage,
  describeUsers,
  planAssets,
  type AssetNeed,
  type PageAssets,
} from './asset-plan.ts';
import { appendWarnings } from './warning-list.ts';

/** What runRenderJob needs besides the row reference. */
export interface RenderJobContext {
  deps: GenerationDeps;
  vault: TransferVault;
  /** Opens transfer credentials sealed with IMPRINT_SECRET_KEY; null without the key. */
  sealer: TransferSealer | null;
  /** This process's claim owner id. */
  owner: string;
  leaseMs: number;
  /** Rows this process is rendering right now: claims are per process, so this guards within it. */
  running: Set<string>;
  /** The process's pixel budget: every render takes its pixels before it reaches a thread. */
  budget: PixelBudget;
  /** The process's render slots: a job takes one after its downloads, before its fonts. */
  renderSlots: RenderSlots;
}

/** How one run of a render job ended, for the job log and metrics. */
export interface RenderJobReport {
  /** finished: a file was made; error: the row ended in error; skipped: nothing to do here. */
  outcome: 'finished' | 'error' | 'skipped';
  /** The project of the row (null when the row is gone). */
  projectId: string | null;
  /** Why: the row's errors, or why the run was skipped. */
  reason?: string;
}

/** A render failure with messages meant for the client (the row's `errors`). */
export class RenderJobFailure extends Error {
  constructor(readonly messages: string[]) {
    super(messages.join('; '));
    this.name = 'RenderJobFailure';
  }
}

// Errors whose messages are written for users by their modules (no internals, no secrets).
const USER_SAFE_ERRORS = new Set(['FetchError', 'TransferError', 'RenderThreadError']);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Claims the row, waiting up to `waitMs` for another owner's claim to end or expire. */
async function claimRow(
  ctx: RenderJobContext,
  type: ResourceType,
  id: number,
  waitMs: number,
): Promise<boolean> {
  const deadline = Date.now() + waitMs;
  const claim = { owner: ctx.owner, leaseMs: ctx.leaseMs };
  for (;;) {
    const r = await ctx.deps.repo.claim(type, id, claim);
    if (r === 'claimed') return true;
    if (r === 'gone') return false;
    // Held: a crashed process of this host gives its claim up at once, others when it expires.
    const holder = (await ctx.deps.repo.find(type, id))?.claimed_by;
    if (
      isDeadLocalOwner(holder) &&
      (await ctx.deps.repo.claim(type, id, claim, holder!)) === 'claimed'
    )
      return true;
    if (Date.now() >= deadline) return false;
    await sleep(Math.min(500, ctx.leaseMs / 4));
  }
}

/** What renders outside a job (previews, thumbnails) need of a job's context. */
export type RenderContext = Pick<RenderJobContext, 'deps' | 'budget'>;

/**
 * Which layers (by path) use a value, for messages naming them; one search of the design per
 * call, so it serves the few fonts that fail a check (picture URLs are mapped by planAssets).
 */
export function layersUsing(design: Design, url: string, prefix: string): string[] {
  return design.layers
    .filter(
      (l) =>
        Object.values(l).some((v) => v === url) ||
        // Table cells hold their pictures inside the layer's rows.
        (getLayerType(l.type)?.assetUrls(l).includes(url) ?? false),
    )
    .map((l) => `${prefix}layers.${l.name}`);
}

/**
 * Downloads of one job at once. The process-wide bound (IMPRINT_FETCH_CONCURRENCY) lives in the
 * asset fetcher; this one keeps a job with many pictures from taking all of it.
 */
export const JOB_FETCH_CONCURRENCY = 6;

/**
 * Fetches every picture, at most JOB_FETCH_CONCURRENCY at once; all failures are reported
 * together, in the order of `needs`, each naming its layers.
 */
export async function fetchPictures(
  ctx: RenderContext,
  needs: AssetNeed[],
): Promise<Map<string, Buffer>> {
  const files = new Map<string, Buffer>();
  const failed: string[] = [];
  let next = 0;
  const fetchNext = async (): Promise<void> => {
    while (next < needs.length) {
      const i = next++;
      const need = needs[i];
      try {
        files.set(need.url, await ctx.deps.assets.fetchPicture(need.url));
      } catch (err) {
        failed[i] = `${describeUsers(need.where)}: ${safeMessage(ctx, err)}`;
      }
    }
  };
  const workers = Math.min(JOB_FETCH_CONCURRENCY, needs.length);
  await Promise.all(Array.from({ length: workers }, fetchNext));
  const failures = failed.filter((m) => m !== undefined);
  if (failures.length) throw new RenderJobFailure(failures);
  return files;
}

/**
 * Re-reads the render's stored fonts with the isolated font checker (once per font and process)
 * before a render thread hands them to Skia: a font stored before uploads were checked this way
 * could otherwise end the process. An unreadable font that a layer names fails the job, naming
 * those layers; an unreadable face that only came along with its family is left out. Returns
 * the fonts to render with.
 */
export async function checkFonts(
  ctx: RenderContext,
  fonts: FontSource[],
  usedBy: (key: string) => string[],
): Promise<FontSource[]> {
  const failures: string[] = [];
  const usable: FontSource[] = [];
  for (const font of fonts) {
    try {
      await ctx.deps.fontInspector.inspect(font.data, font.key);
      usable.push(font);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'validation') throw err;
      const users = usedBy(font.key);
      if (users.length === 0 && font.family) continue; // a family's other face: render without it
      const where = users.join(', ') || 'font';
      failures.push(
        `${where}: the font ${font.key} could not be read as a font (damaged or hostile file); upload it again or choose another font`,
      );
    }
  }
  if (failures.length) throw new RenderJobFailure(failures);
  return usable;
}

/**
 * The downloads of a job's pages. Creation refused requests above the cap; a template edited
 * since may still take a job above it, which fails the job naming the field.
 */
function jobAssets(cap: number, pages: PageAssets[]): AssetNeed[] {
  const plan = planAssets(pages, cap);
  if (plan.overCap) throw new RenderJobFailure([assetCapMessage(plan.overCap, cap)]);
  return plan.needs;
}

/** Loads the design of a page; a template deleted since the request fails the job. */
async function loadPage(
  ctx: RenderJobContext,
  row: RenderRow,
  uuid: string,
  layers: LayerData,
  prefix: string,
) {
  const found = await ctx.deps.templates.getDesign(row.project_id, uuid);
  if (!found) {
    throw new RenderJobFailure([`${prefix}template_uuid: Template not found (${uuid})`]);
  }
  const prepared = prepareRender(found.design, layers);
  if (prepared.problems.length) {
    throw new RenderJobFailure(
      prepared.problems.map((p) => problemMessage({ ...p, path: `${prefix}${p.path}` })),
    );
  }
  // Only what the render uses goes to its thread: not a request's unknown names and properties.
  const used = usedLayerData(found.design, layers);
  return { design: found.design, layers: used, prepared, title: found.template.title };
}

/**
 * The render stage of one job: entered once its downloads are done, left once its file is made
 * (before it is stored and transferred), so neither downloads nor uploads hold a render slot.
 */
function renderStage(ctx: RenderJobContext, projectId: string) {
  let release: ReleaseSlot | null = null;
  return {
    enter: async () => {
      release ??= await ctx.renderSlots.acquire(projectId);
    },
    leave: () => {
      release?.();
      release = null;
    },
  };
}

/** Downloads, then (in `enterRenderStage`'s slot) fonts and the render itself. */
async function render(
  ctx: RenderJobContext,
  row: RenderRow,
  enterRenderStage: () => Promise<void>,
): Promise<RenderedFile> {
  const { deps } = ctx;
  const req = row.request;
  if (req.kind === 'merge') {
    const results = await Promise.allSettled(req.urls.map((u) => deps.assets.fetchPdf(u)));
    const failures = results.flatMap((r, i) =>
      r.status === 'rejected' ? [`urls.${i}: ${safeMessage(ctx, r.reason)}`] : [],
    );
    if (failures.length) throw new RenderJobFailure(failures);
    await enterRenderStage();
    const files = results.map((r) => (r as PromiseFulfilledResult<Buffer>).value);
    const maxPages = deps.mergeMaxPages;
    let merged: RenderedFile;
    try {
      merged = await withPixels(ctx, mergePixels(files, maxPages), () =>
        deps.renderer.mergePdfs(files, { maxPages, ...req.modifications }),
      );
    } catch (err) {
      throw err instanceof RenderInputError ? namingUrls(err, req.urls) : err;
    }
    await priceMerge(ctx, row, merged.pages ?? 0);
    return merged;
  }
  const pageInputs =
    req.kind === 'image'
      ? [{ template_uuid: req.template_uuid, layers: req.layers, prefix: '' }]
      : req.pages.map((p, i) => ({ ...p, prefix: `pages.${i}.` }));
  const pages: Array<Awaited<ReturnType<typeof loadPage>>> = [];
  for (const p of pageInputs)
    pages.push(await loadPage(ctx, row, p.template_uuid, p.layers, p.prefix));
  const needs = jobAssets(
    deps.maxAssetsPerJob,
    pages.map((page, i) => ({ design: page.prepared.design, prefix: pageInputs[i].prefix })),
  );
  const fontKeys = new Set(pages.flatMap((page) => page.prepared.fontKeys));
  const files = await fetchPictures(ctx, needs);
  await enterRenderStage();
  const loaded: FontSource[] = fontKeys.size
    ? await deps.fonts.loadFontSources(row.project_id, [...fontKeys])
    : [];
  const fonts = await checkFonts(ctx, loaded, (key) =>
    pages.flatMap((page, i) => layersUsing(page.prepared.design, key, pageInputs[i].prefix)),
  );
  const assets = { files, fonts };
  if (req.kind === 'image') {
    const options = { ...rasterOptionsOf(req.modifications), watermark: row.test_mode };
    return withPixels(ctx, imagePixels(pages[0].design, options), () =>
      deps.renderer.renderImage({
        design: pages[0].design,
        layers: pages[0].layers,
        assets,
        options,
      }),
    );
  }
  const options = { ...pdfOptionsOf(req.modifications), watermark: row.test_mode };
  // An imported profile travels with the render; one removed since the request fails it (422).
  const profileData = await importedProfileData(deps.colorProfiles, options.colorProfile);
  if (profileData) options.colorProfileData = profileData;
  // Without a title of its own, a PDF is called after its first page's template.
  options.title ||= pages[0].title || undefined;
  const designs = pages.map((p) => p.design);
  const file = await withPixels(ctx, pdfPixels(designs, options), () =>
    deps.renderer.renderPdf({
      pages: pages.map((p) => ({ design: p.design, layers: p.layers })),
      assets,
      options,
    }),
  );
  await priceFlowedPdf(ctx, row, designs, file.pages ?? designs.length);
  return file;
}

/**
 * Runs `work` (a render in a thread) holding `pixels` of the process's pixel budget: waits for
 * them first, rather than exceeding the budget, and gives them back however it ends.
 */
export async function withPixels<T>(
  ctx: RenderContext,
  pixels: number,
  work: () => Promise<T>,
): Promise<T> {
  const release = await ctx.budget.acquire(pixels);
  try {
    return await work();
  } finally {
    release();
  }
}

/** Sets a merge's cost once its pages are counted (creation reserved the least a merge costs). */
async function priceMerge(ctx: RenderJobContext, row: RenderRow, pages: number): Promise<void> {
  await setCost(
    ctx,
    row,
    mergeCredits(pages),
    `this merge of ${pages} pages`,
    '1 per started 100 pages',
  );
}

/**
 * Sets a PDF's cost once its pages are counted: a table that continues on new pages adds pages
 * (2 credits each, at the canvas factor of the request's largest page), as a merge's cost is
 * set when its pages are known.
 */
async function priceFlowedPdf(
  ctx: RenderJobContext,
  row: RenderRow,
  designs: Design[],
  pages: number,
): Promise<void> {
  const extra = pages - designs.length;
  if (extra <= 0) return;
  const sizes = designs.map((d) => pixelSize(d));
  const largest = sizes.reduce((a, b) =>
    Math.max(b.width, b.height) > Math.max(a.width, a.height) ? b : a,
  );
  const credits = pdfCredits([...sizes, ...Array.from({ length: extra }, () => largest)]);
  await setCost(
    ctx,
    row,
    credits,
    `this PDF of ${pages} pages`,
    `2 per page; its tables added ${extra}`,
  );
}

/**
 * Raises (or sets) the cost of a queued row once it is known. The row then holds the full cost;
 * when the project's credit limit does not leave room for it, the render fails with the same
 * reason a 402 gives, and nothing is charged. Two rows raising their cost at once each see the
 * other's, so they can never overspend the limit together.
 */
async function setCost(
  ctx: RenderJobContext,
  row: RenderRow,
  credits: number,
  what: string,
  rule: string,
): Promise<void> {
  const { repo } = ctx.deps;
  if (row.test_mode || credits === row.credits) return;
  // A row deleted meanwhile is not finished either; nothing to price.
  if (!(await repo.setCredits(row.type, row.id, credits))) return;
  const limit = await repo.getCreditLimit(row.project_id);
  if (limit === null) return;
  const { used, reserved } = await repo.usage(row.project_id);
  if (used + reserved <= limit) return;
  const left = Math.max(0, limit - used - (reserved - credits));
  throw new RenderJobFailure([
    `credits: Not enough credits: ${what} costs ${credits} credit${credits === 1 ? '' : 's'} (${rule}), but only ${left} of the project's limit of ${limit} ${left === 1 ? 'is' : 'are'} left. Raise the limit with "imprint project credits <project-id> --limit <n>".`,
  ]);
}

/**
 * The engine numbers the merged files ("file 2 is not a readable PDF"); the client named them by
 * URL, as download failures do: "urls.1: https://…/b.pdf: not a readable PDF (…)".
 */
function namingUrls(err: RenderInputError, urls: string[]): RenderJobFailure {
  return new RenderJobFailure(
    err.problems.map((p) => {
      const url = urls[Number(/^urls\.(\d+)$/.exec(p.path)?.[1] ?? NaN)];
      const message = url ? p.message.replace(/^file \d+ is /, `${displayUrl(url)}: `) : p.message;
      return problemMessage({ path: p.path, message });
    }),
  );
}

/** A message fit for the client: user-safe errors as they are, anything else generic (logged). */
function safeMessage(ctx: RenderContext, err: unknown): string {
  if (err instanceof Error && USER_SAFE_ERRORS.has(err.name)) return err.message;
  ctx.deps.log?.error({ err }, 'render job failed unexpectedly');
  return 'an internal error occurred (details are in the server log)';
}

/** The row's `errors` for a failure. */
function failureMessages(ctx: RenderJobContext, err: unknown): string[] {
  if (err instanceof RenderJobFailure) return err.messages;
  if (err instanceof RenderInputError) return err.problems.map((p) => problemMessage(p));
  if (err instanceof Error && err.name === 'TransferError') return [`transfer: ${err.message}`];
  return [safeMessage(ctx, err)];
}

/**
 * Charges a finished row and enqueues its webhook; both are no-ops the second time. `charged`:
 * the caller has just finished the row, which charged it in the same transaction.
 */
export async function settleRow(
  ctx: RenderJobContext,
  row: RenderRow,
  charged = false,
): Promise<void> {
  const { deps } = ctx;
  const payload = toResourceObject(row, deps.publicUrl, deps.filesBaseUrl);
  if (row.status === 'finished') {
    if (!charged && !row.test_mode && row.credits > 0) {
      await deps.repo.charge({
        projectId: row.project_id,
        type: row.type,
        id: row.id,
        credits: row.credits,
      });
    }
    if (row.webhook_success) {
      await deps.webhooks.enqueue({
        projectId: row.project_id,
        resourceType: row.type,
        resourceId: row.id,
        event: 'success',
        url: row.webhook_success,
        payload,
      });
    }
  } else if (row.status === 'error' && row.webhook_error) {
    await deps.webhooks.enqueue({
      projectId: row.project_id,
      resourceType: row.type,
      resourceId: row.id,
      event: 'error',
      url: row.webhook_error,
      payload,
    });
  }
}

/**
 * Runs the job of one row. `waitMs`: how long to wait when another process holds the row's
 * claim (a re-delivered job whose previous process died waits for the claim to expire).
 * `leased`: the queue's lease makes this delivery the only live one (a first delivery); a row
 * no one ever claimed is then rendered without a claim of its own. Any other run (a re-delivery,
 * create_now, a transfer, a recovery job) claims the row first, so a re-delivery meeting a live
 * first run may render too, but the conditional finish lets only one of them finish, charge and
 * send the webhook.
 */
export async function runRenderJob(
  ctx: RenderJobContext,
  ref: { type: ResourceType; id: number },
  waitMs = 0,
  leased = false,
): Promise<RenderJobReport> {
  const { deps, vault } = ctx;
  const { type, id } = ref;
  const first = await deps.repo.find(type, id);
  if (!first) {
    vault.drop(type, id);
    return { outcome: 'skipped', projectId: null, reason: `the ${type} was deleted` };
  }
  const skipped = (reason: string): RenderJobReport => ({
    outcome: 'skipped',
    projectId: first.project_id,
    reason,
  });
  if (first.status !== 'queued') {
    await settleRow(ctx, first);
    return skipped(`the ${type} is already ${first.status}`);
  }
  const key = `${type}:${id}`;
  const elsewhere = 'another run is rendering it';
  if (ctx.running.has(key)) return skipped(elsewhere);
  // In-memory transfers are inserted claimed, so only rows any process may run get here.
  const unclaimed = leased && first.claimed_by === null;
  if (!unclaimed && !(await claimRow(ctx, type, id, waitMs))) return skipped(elsewhere);
  if (ctx.running.has(key)) return skipped(elsewhere);
  ctx.running.add(key);
  try {
    // The claim succeeded, so the row is still queued and not deleted; what it renders never
    // changes, so `first` needs no second read.
    return await renderClaimed(ctx, first);
  } finally {
    ctx.running.delete(key);
  }
}

/** The message of a job whose sealed credentials this process cannot open. */
const TRANSFER_UNREADABLE_MESSAGE =
  'transfer: the transfer credentials could not be read by the process that ran the job (its IMPRINT_SECRET_KEY is missing or differs from the one of the process that accepted the request). Create the file again with its transfer.';

/**
 * The transfer credentials of a row: from this process's memory, or opened from the sealed copy
 * stored with the row. Missing or unreadable credentials fail the job with a message that says so.
 */
async function transferOf(ctx: RenderJobContext, row: RenderRow): Promise<Transfer> {
  const held = ctx.vault.get(row.type, row.id);
  if (held) return held;
  const sealed = await ctx.deps.repo.sealedTransfer(row.type, row.id);
  if (!sealed) throw new RenderJobFailure([TRANSFER_LOST_MESSAGE]);
  if (!ctx.sealer) {
    ctx.deps.log?.error({}, 'a transfer job arrived at a process without IMPRINT_SECRET_KEY');
    throw new RenderJobFailure([TRANSFER_UNREADABLE_MESSAGE]);
  }
  try {
    return ctx.sealer.open(sealed);
  } catch (err) {
    if (!(err instanceof TransferUnsealError)) throw err;
    ctx.deps.log?.error({}, 'transfer credentials sealed with another IMPRINT_SECRET_KEY');
    throw new RenderJobFailure([TRANSFER_UNREADABLE_MESSAGE]);
  }
}

/** Renders a queued row this process has claimed, then settles it. */
async function renderClaimed(ctx: RenderJobContext, row: RenderRow): Promise<RenderJobReport> {
  const { deps, vault } = ctx;
  const { type, id } = row;
  let stored: string | null = null;
  let done: RenderRow | undefined;
  try {
    const transfer = row.has_transfer ? await transferOf(ctx, row) : undefined;
    const stage = renderStage(ctx, row.project_id);
    let file: RenderedFile;
    try {
      file = await render(ctx, row, stage.enter);
    } finally {
      stage.leave();
    }
    const fallback = String(row.id);
    const filename = sanitizeFilename(row.request.modifications.filename, file.ext, fallback);
    stored = newFileKey(type === 'image' ? 'images' : 'pdfs', filename);
    try {
      await deps.storage.put(stored, file.bytes, file.mime);
    } catch (err) {
      deps.log?.error({ err }, 'storing a rendered file failed');
      stored = null;
      throw new RenderJobFailure(['storage: the rendered file could not be stored']);
    }
    if (transfer) await deps.transfer(transfer, file.bytes, file.mime);
    // The request's warnings were listed at creation; the render adds only what drawing found.
    const warnings = appendWarnings(row.warnings, file.warnings ?? []);
    done = await deps.repo.markFinished(type, id, stored, warnings);
    if (!done) {
      // Deleted (or finished elsewhere) while rendering: this copy of the file is not wanted.
      await deps.storage.delete(stored);
      return { outcome: 'skipped', projectId: row.project_id, reason: 'deleted while rendering' };
    }
    // markFinished charged the credits in the same transaction.
    if (!done.test_mode) deps.metrics?.creditsCharged(done.credits);
  } catch (err) {
    if (stored) await deps.storage.delete(stored).catch(() => undefined);
    done = await deps.repo.markError(type, id, failureMessages(ctx, err));
    if (!done) return { outcome: 'skipped', projectId: row.project_id, reason: 'deleted' };
  } finally {
    vault.drop(type, id);
  }
  await settleRow(ctx, done, done.status === 'finished');
  return done.status === 'finished'
    ? { outcome: 'finished', projectId: done.project_id }
    : { outcome: 'error', projectId: done.project_id, reason: done.errors.join('; ') };
}
