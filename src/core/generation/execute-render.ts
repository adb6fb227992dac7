/**
 * Execution: turns a claimed row into a file. Downloads its pictures (or merge PDFs), then, in a
 * render slot, reads and checks its fonts and renders in a thread while holding its pixels of the
 * process's budget. Settlement stores nothing and charges nothing here: it gets the file back.
 */
import {
  RenderInputError,
  prepareRender,
  type RenderedFile,
  type FontSource,
  type LayerData,
  usedLayerData,
} from '../../render/index.ts';
import { displayUrl } from '../../net/fetch-error.ts';
import type { AssetSource } from '../ports/asset-source.ts';
import type { Renderer, StoredFile } from '../ports/renderer.ts';
import type { FileTarget } from '../../storage/blob-sink.ts';
import { importedProfileData } from '../color-profiles.ts';
import { assetCapMessage, planAssets, type AssetNeed, type PageAssets } from './asset-plan.ts';
import { checkFonts, layersUsing } from './check-fonts.ts';
import { fetchPictures } from './fetch-pictures.ts';
import type { GenerationDeps } from './generation-deps.ts';
import { RenderJobFailure, safeMessage } from './job-failure.ts';
import { priceFlowedPdf, priceMerge, type PricingLedger } from './job-pricing.ts';
import type { PixelBudget } from './pixel-budget.ts';
import { imagePixels, mergePixels, pdfPixels } from './render-pixels.ts';
import type { RenderRow } from './render-row.ts';
import {
  mergeOptionsOf,
  pdfOptionsOf,
  problemMessage,
  rasterOptionsOf,
} from './validate-request.ts';
import type { VideoSetup } from './video-setup.ts';
import { withPixels } from './with-pixels.ts';

/** What execution needs: the engine's ports, the ledger for late prices, and limits. */
export type ExecutionDeps = Pick<
  GenerationDeps,
  | 'templates'
  | 'fonts'
  | 'colorProfiles'
  | 'fontInspector'
  | 'mergeMaxPages'
  | 'maxAssetsPerJob'
  | 'log'
> & {
  assets: AssetSource;
  renderer: Renderer;
  /** Removes a file the render thread stored when the row cannot take it. */
  storage: Pick<GenerationDeps['storage'], 'delete'>;
  ledger: PricingLedger;
  budget: PixelBudget;
  /** Videos' composer, downloader and limits; absent where videos are not set up. */
  video?: VideoSetup;
};

/** What renders outside a job (previews, thumbnails) share with jobs: the engine and the budget. */
export type RenderContext = Pick<
  ExecutionDeps,
  'assets' | 'renderer' | 'fontInspector' | 'fonts' | 'log' | 'budget' | 'maxAssetsPerJob'
>;

/** Template designs already read for this row (create_now), by knownDesignKey. */
export type KnownDesigns = Map<
  string,
  Awaited<ReturnType<GenerationDeps['templates']['getDesign']>>
>;

/** The key of a KnownDesigns entry: the template and the version a page names (if any). */
export function knownDesignKey(uuid: string, version: number | undefined): string {
  return version === undefined ? uuid : `${uuid}@${version}`;
}

/** Loads the design of a page; a template deleted since the request fails the job. */
async function loadPage(
  deps: ExecutionDeps,
  row: RenderRow,
  page: { template_uuid: string; template_version?: number; layers: LayerData; prefix: string },
  known?: KnownDesigns,
) {
  const { template_uuid: uuid, template_version: version, layers, prefix } = page;
  // The version chosen when the request was accepted: a later save or publish does not change it.
  const found =
    known?.get(knownDesignKey(uuid, version)) ??
    (await deps.templates.getDesign(row.project_id, uuid, version));
  if (!found) {
    const message =
      version === undefined
        ? `${prefix}template_uuid: Template not found (${uuid})`
        : `${prefix}template_version: Version ${version} of the template ${uuid} not found`;
    throw new RenderJobFailure('input', [message]);
  }
  const prepared = prepareRender(found.design, layers);
  if (prepared.problems.length) {
    throw new RenderJobFailure(
      'input',
      prepared.problems.map((p) => problemMessage({ ...p, path: `${prefix}${p.path}` })),
    );
  }
  // Only what the render uses goes to its thread: not a request's unknown names and properties.
  const used = usedLayerData(found.design, layers);
  return { design: found.design, layers: used, prepared, title: found.template.title };
}

/**
 * The downloads of a job's pages. Creation refused requests above the cap; a template edited
 * since may still take a job above it, which fails the job naming the field.
 */
function jobAssets(cap: number, pages: PageAssets[]): AssetNeed[] {
  const plan = planAssets(pages, cap);
  if (plan.overCap) throw new RenderJobFailure('input', [assetCapMessage(plan.overCap, cap)]);
  return plan.needs;
}

/**
 * The engine numbers the merged files ("file 2 is not a readable PDF"); the client named them by
 * URL, as download failures do: "urls.1: https://…/b.pdf: not a readable PDF (…)".
 */
function namingUrls(err: RenderInputError, urls: string[]): RenderJobFailure {
  return new RenderJobFailure(
    'input',
    err.problems.map((p) => {
      const url = urls[Number(/^urls\.(\d+)$/.exec(p.path)?.[1] ?? NaN)];
      const message = url ? p.message.replace(/^file \d+ is /, `${displayUrl(url)}: `) : p.message;
      return problemMessage({ path: p.path, message });
    }),
  );
}

/** Downloads and merges a merge row's PDFs, then prices it by its pages. */
async function renderMerge(
  deps: ExecutionDeps,
  row: RenderRow & { request: { kind: 'merge' } },
  enterRenderStage: () => Promise<void>,
  store?: FileTarget,
): Promise<RenderedFile | StoredFile> {
  const req = row.request;
  const results = await Promise.allSettled(req.urls.map((u) => deps.assets.fetchPdf(u)));
  const failures = results.flatMap((r, i) =>
    r.status === 'rejected' ? [`urls.${i}: ${safeMessage(r.reason, deps.log)}`] : [],
  );
  if (failures.length) throw new RenderJobFailure('asset_fetch', failures);
  await enterRenderStage();
  const files = results.map((r) => (r as PromiseFulfilledResult<Buffer>).value);
  const maxPages = deps.mergeMaxPages;
  let merged: RenderedFile | StoredFile;
  try {
    merged = await withPixels(deps.budget, mergePixels(files, maxPages), () =>
      deps.renderer.mergePdfs(files, mergeOptionsOf(req.modifications, maxPages), store),
    );
  } catch (err) {
    throw err instanceof RenderInputError ? namingUrls(err, req.urls) : err;
  }
  return keepUnless(deps, merged, () => priceMerge(deps.ledger, row, merged.pages ?? 0));
}

/**
 * Runs `after` (a late price) on a rendered file; when it fails, removes the copy the render
 * thread stored, which no row will name.
 */
async function keepUnless<F extends RenderedFile | StoredFile>(
  deps: ExecutionDeps,
  file: F,
  after: () => Promise<void>,
): Promise<F> {
  try {
    await after();
  } catch (err) {
    if ('key' in file) await deps.storage.delete(file.key).catch(() => undefined);
    throw err;
  }
  return file;
}

/**
 * Renders a claimed row: downloads first, then (in `enterRenderStage`'s slot) fonts and the
 * render itself. `known`: designs the caller already read for this row. With `store`, the render
 * thread stores the file itself (storage/blob-sink.ts) and only its facts come back.
 */
export async function executeRender(
  deps: ExecutionDeps,
  row: RenderRow,
  enterRenderStage: () => Promise<void>,
  known?: KnownDesigns,
  store?: FileTarget,
): Promise<RenderedFile | StoredFile> {
  const req = row.request;
  if (req.kind === 'merge')
    return renderMerge(deps, { ...row, request: req }, enterRenderStage, store);
  // Video rows run through executeVideo (run-render-job.ts), in their own slots.
  if (req.kind === 'video') throw new Error('executeRender called with a video row');
  const pageInputs =
    req.kind === 'image'
      ? [
          {
            template_uuid: req.template_uuid,
            template_version: req.template_version,
            layers: req.layers,
            prefix: '',
          },
        ]
      : req.pages.map((p, i) => ({ ...p, prefix: `pages.${i}.` }));
  const pages: Array<Awaited<ReturnType<typeof loadPage>>> = [];
  for (const p of pageInputs) pages.push(await loadPage(deps, row, p, known));
  const needs = jobAssets(
    deps.maxAssetsPerJob,
    pages.map((page, i) => ({ design: page.prepared.design, prefix: pageInputs[i].prefix })),
  );
  const fontKeys = new Set(pages.flatMap((page) => page.prepared.fontKeys));
  const { files, screenshots } = await fetchPictures(deps.assets, needs, deps.log);
  await enterRenderStage();
  const loaded: FontSource[] = fontKeys.size
    ? await deps.fonts.loadFontSources(row.project_id, [...fontKeys])
    : [];
  const fonts = await checkFonts(deps.fontInspector, loaded, (key) =>
    pages.flatMap((page, i) => layersUsing(page.prepared.design, key, pageInputs[i].prefix)),
  );
  const assets = { files, fonts, screenshots };
  if (req.kind === 'image') {
    const options = { ...rasterOptionsOf(req.modifications), watermark: row.test_mode };
    return withPixels(deps.budget, imagePixels(pages[0].design, options), () =>
      deps.renderer.renderImage(
        { design: pages[0].design, layers: pages[0].layers, assets, options },
        store,
      ),
    );
  }
  const options = { ...pdfOptionsOf(req.modifications), watermark: row.test_mode };
  // An imported profile travels with the render; one removed since the request fails it (422).
  const profileData = await importedProfileData(deps.colorProfiles, options.colorProfile);
  if (profileData) options.colorProfileData = profileData;
  // Without a title of its own, a PDF is called after its first page's template.
  options.title ||= pages[0].title || undefined;
  const designs = pages.map((p) => p.design);
  const file = await withPixels(deps.budget, pdfPixels(designs, options), () =>
    deps.renderer.renderPdf(
      { pages: pages.map((p) => ({ design: p.design, layers: p.layers })), assets, options },
      store,
    ),
  );
  return keepUnless(deps, file, () =>
    priceFlowedPdf(deps.ledger, row, designs, file.pages ?? designs.length),
  );
}
