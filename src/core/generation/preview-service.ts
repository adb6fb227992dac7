/**
 * Renders that are not stored as images: the template editor's previews (a PNG answered at once,
 * no row, no credits) and template thumbnails (rendered in the background after a design save,
 * stored through BlobStorage). Both run on the render threads, under the process's pixel budget,
 * with pictures and fonts loaded as for POST /images.
 */
import { AppError, FieldErrorCollector, notFound, type FieldErrors } from '../errors.ts';
import {
  MAX_CANVAS_SIDE,
  prepareRender,
  RenderInputError,
  validateDesign,
  type RasterOptions,
  type RenderedFile,
  type Design,
  type FontSource,
  type LayerData,
  type RenderAssets,
  pixelSize,
  usedLayerData,
  type RenderWarning,
  warningText,
} from '../../render/index.ts';
import type { BlobStorage } from '../ports/blob-storage.ts';
import { fileUrl, newFileKey } from '../../storage/file-url.ts';
import type { TemplateStore } from '../ports/template-store.ts';
import type { TemplateVersionStore } from '../ports/template-version-store.ts';
import { imagePixels, pdfPixels } from './render-pixels.ts';
import { checkFonts, layersUsing } from './check-fonts.ts';
import type { RenderContext } from './execute-render.ts';
import { fetchEachPicture, fetchPictures, type FetchedPictures } from './fetch-pictures.ts';
import { PICTURE_PLACEHOLDER, placeholderWarnings } from './picture-placeholder.ts';
import { RenderJobFailure } from './job-failure.ts';
import { withPixels } from './with-pixels.ts';
import { addProblems, problemMessage } from './validate-request.ts';
import { assetCapMessage, planAssets } from './asset-plan.ts';
import { capWarningList, requestWarningList } from './warning-list.ts';

/** Width of a thumbnail in px (narrower designs keep their own width). */
export const THUMBNAIL_WIDTH = 400;

/**
 * A saved design whose thumbnail is rendered: with versions, `designHash` and `createdVersion`
 * (null when the save made no version: the latest version's thumbnail is reused).
 */
export interface SavedDesign {
  uuid: string;
  revision: number;
  design: Design;
  version: number;
  designHash?: string;
  createdVersion?: number | null;
}

/** A preview: PNG (or PDF) bytes and what the render ignored or could not do. */
export interface Preview {
  bytes: Buffer;
  /** `image/png`, or `application/pdf` for `format: "pdf"`. */
  mime: string;
  width: number;
  height: number;
  /** The warnings as the API reports them: `<path>: <message>`, at most MAX_WARNINGS + 1 lines. */
  warnings: string[];
  /** The same warnings, in the same order, with their codes (what the editor reads). */
  warningDetails: RenderWarning[];
}

/** The body of POST /templates/{uuid}/preview, before checking. */
export interface PreviewInput {
  design?: unknown;
  layers?: unknown;
  modifications?: unknown;
  format?: unknown;
}

/** What a preview can be: the PNG (default) or the PDF of the same design. */
export const PREVIEW_FORMATS = ['png', 'pdf'] as const;

/** What the preview service needs. */
export interface PreviewDeps {
  /** The generation service's render context (ports and pixel budget). */
  render: RenderContext;
  templates: Pick<TemplateStore, 'getDesign' | 'setThumbnail'>;
  /** Each version keeps its thumbnail; versions with the same design share one (absent: none). */
  versions?: Pick<TemplateVersionStore, 'thumbnailOfDesign' | 'setThumbnail' | 'find'>;
  storage: BlobStorage;
  publicUrl: string;
  filesBaseUrl?: string | null;
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The 422 of a render that could not load its pictures or fonts, each under its layer. */
function renderFailed(messages: string[]): AppError {
  const fields: FieldErrors = {};
  for (const m of messages) {
    const where = /^(layers\.[^:,]+?)[:,] /.exec(m)?.[1] ?? 'design';
    (fields[where] ??= []).push(m);
  }
  const first = Object.values(fields)[0]?.[0] ?? 'The render failed.';
  return new AppError('validation', `The preview could not be rendered: ${first}`, { fields });
}

/** Previews and thumbnails of templates. */
export class PreviewService {
  private readonly background = new Set<Promise<void>>();
  /** The newest revision saved in this process per template: older thumbnails are not rendered. */
  private readonly newest = new Map<string, number>();

  private readonly deps: PreviewDeps;
  constructor(deps: PreviewDeps) {
    this.deps = deps;
  }

  /**
   * POST /templates/{uuid}/preview: the stored design, or `design` from the body, with `layers`
   * data, as a PNG; `modifications.width` (and `height`) size it. With `format: "pdf"` it is the
   * vector PDF instead (one page at the design's own size, as POST /pdfs makes it by default).
   * Bad input is one 422 naming every field, an unknown template a 404.
   */
  async preview(projectId: string, uuid: string, body: PreviewInput): Promise<Preview> {
    const errors = new FieldErrorCollector();
    let design: Design | undefined;
    if (body.design !== undefined && body.design !== null) {
      const checked = validateDesign(body.design);
      addProblems(errors, checked.problems, 'design.');
      design = checked.design;
    }
    if (body.layers !== undefined && body.layers !== null && !isRecord(body.layers)) {
      errors.add('layers', 'The layers field must be an object keyed by layer name.');
    }
    const layers = (isRecord(body.layers) ? body.layers : {}) as LayerData;
    const options = this.previewOptions(body.modifications, errors);
    const pdf = body.format === 'pdf';
    if (
      body.format !== undefined &&
      body.format !== null &&
      !PREVIEW_FORMATS.includes(body.format as 'png')
    ) {
      errors.add('format', `The format field must be one of: ${PREVIEW_FORMATS.join(', ')}.`);
    }
    const found = await this.deps.templates.getDesign(projectId, uuid);
    if (!found) {
      errors.throwIfAny();
      throw notFound('Template');
    }
    if (!design && !errors.hasUnder('design')) design = found.design;
    if (design) {
      const prepared = prepareRender(design, layers);
      addProblems(errors, prepared.problems);
      const cap = this.deps.render.maxAssetsPerJob;
      const { overCap } = planAssets([{ design: prepared.design, prefix: '' }], cap);
      if (overCap) errors.add(overCap.field, assetCapMessage(overCap, cap));
    }
    errors.throwIfAny();
    const listed = requestWarningList([{ design: design!, layers, prefix: '' }]);
    // Only what the render uses goes to its thread: not a request's unknown names and properties.
    const used = usedLayerData(design!, layers) ?? {};
    // A picture that cannot be loaded is drawn as a placeholder, with a warning naming its layer.
    const unavailable: RenderWarning[] = [];
    const file = pdf
      ? await this.renderPdfNow(projectId, design!, used, found.template.title, unavailable)
      : await this.renderNow(projectId, design!, used, options, unavailable);
    const details = capWarningList(
      [
        ...listed.warnings,
        ...unavailable,
        // A one-page PDF names its warnings under pages.0.; the same paths as the PNG are clearer.
        ...(file.warnings ?? []).map((w) => ({ ...w, path: w.path.replace(/^pages\.0\./, '') })),
      ],
      listed.omitted,
    );
    return {
      bytes: file.bytes,
      mime: file.mime,
      width: file.width,
      height: file.height,
      warnings: details.map(warningText),
      warningDetails: details,
    };
  }

  /**
   * Renders and stores the thumbnail of a saved revision in the background, after deleting the
   * thumbnail the save replaced. A newer save meanwhile wins: the older thumbnail is deleted.
   */
  refreshThumbnail(projectId: string, saved: SavedDesign, replacedKey: string | null): void {
    this.newest.set(saved.uuid, Math.max(saved.revision, this.newest.get(saved.uuid) ?? 0));
    const p = this.storeThumbnail(projectId, saved, replacedKey)
      .catch((err) => this.deps.render.log?.warn({ err }, 'rendering a thumbnail failed'))
      .finally(() => {
        this.background.delete(p);
        if (this.newest.get(saved.uuid) === saved.revision) this.newest.delete(saved.uuid);
      });
    this.background.add(p);
  }

  /**
   * A PNG of a design that belongs to no project (a starter template), `width` px wide at most.
   * Such designs use bundled fonts only, so no project's fonts are looked up.
   */
  async renderStandalone(design: Design, width: number): Promise<Buffer> {
    const file = await this.renderNow('', design, {}, { width, format: 'png' });
    return file.bytes;
  }

  /** Deletes a stored thumbnail (its template was deleted); failures are only logged. */
  async deleteThumbnail(key: string | null): Promise<void> {
    if (!key) return;
    await this.deps.storage
      .delete(key)
      .catch((err) => this.deps.render.log?.warn({ err, key }, 'deleting a thumbnail failed'));
  }

  /** The public URL of a stored thumbnail key. */
  thumbnailUrl(key: string | null): string | null {
    return key ? fileUrl(this.deps.publicUrl, key, this.deps.filesBaseUrl) : null;
  }

  /** Waits for the thumbnails being rendered (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.background.size > 0) await Promise.allSettled([...this.background]);
  }

  private async storeThumbnail(
    projectId: string,
    saved: SavedDesign,
    replacedKey: string | null,
  ): Promise<void> {
    await this.deleteThumbnail(replacedKey);
    const versions = this.deps.versions;
    if (versions) return this.storeVersionThumbnail(projectId, saved, versions);
    // Saved again while this waited (an editor saving often): only the newest is rendered.
    if ((this.newest.get(saved.uuid) ?? 0) > saved.revision) return;
    const width = Math.min(THUMBNAIL_WIDTH, Math.round(pixelSize(saved.design).width));
    const file = await this.renderNow(projectId, saved.design, {}, { width, format: 'auto' });
    const key = newFileKey(`thumbnails/${saved.uuid}`, `${saved.revision}.${file.ext}`);
    await this.deps.storage.put(key, file.bytes, file.mime);
    if (!(await this.deps.templates.setThumbnail(saved.uuid, saved.revision, key))) {
      await this.deleteThumbnail(key); // saved again (or deleted) meanwhile
    }
  }

  /**
   * The thumbnail of a saved version: the one already stored for the same design (content hash)
   * of the template, else a new render. Every version gets one (the editor's history shows
   * them); the template's own thumbnail is set unless it was saved again meanwhile.
   */
  private async storeVersionThumbnail(
    projectId: string,
    saved: SavedDesign,
    versions: NonNullable<PreviewDeps['versions']>,
  ): Promise<void> {
    const version = saved.createdVersion ?? saved.version;
    // A new template (version 1) comes without the hash: its version row has it.
    const hash =
      saved.designHash ?? (await versions.find(projectId, saved.uuid, version))?.design_hash;
    if (hash === undefined) return; // deleted meanwhile
    let key = await versions.thumbnailOfDesign(saved.uuid, hash);
    let fresh = false;
    if (key === null) {
      const width = Math.min(THUMBNAIL_WIDTH, Math.round(pixelSize(saved.design).width));
      const file = await this.renderNow(projectId, saved.design, {}, { width, format: 'auto' });
      key = newFileKey(`thumbnails/${saved.uuid}`, `${hash.slice(0, 16)}.${file.ext}`);
      await this.deps.storage.put(key, file.bytes, file.mime);
      fresh = true;
    }
    const kept = await versions.setThumbnail(saved.uuid, version, key);
    const current = await this.deps.templates.setThumbnail(saved.uuid, saved.revision, key);
    // A new file that neither a version nor the template took (both gone meanwhile) is removed.
    if (fresh && !kept && !current) await this.deleteThumbnail(key);
  }

  /** Checks `modifications` ({ width?, height? } in px); a preview is always a PNG. */
  private previewOptions(raw: unknown, errors: FieldErrorCollector): RasterOptions {
    const options: RasterOptions = { format: 'png' };
    if (raw === undefined || raw === null) return options;
    if (!isRecord(raw)) {
      errors.add('modifications', 'The modifications field must be an object.');
      return options;
    }
    for (const side of ['width', 'height'] as const) {
      const v = raw[side];
      if (v === undefined || v === null) continue;
      const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > MAX_CANVAS_SIDE) {
        errors.add(
          `modifications.${side}`,
          `The modifications.${side} field must be an integer from 1 to ${MAX_CANVAS_SIDE} (px).`,
        );
      } else options[side] = n;
    }
    return options;
  }

  /** Fetches what the design needs and renders it on a render thread; nothing is stored. */
  private renderNow(
    projectId: string,
    design: Design,
    layers: LayerData,
    options: RasterOptions,
    unavailable?: RenderWarning[],
  ): Promise<RenderedFile> {
    return this.withAssets(
      projectId,
      design,
      layers,
      (assets) =>
        withPixels(this.deps.render.budget, imagePixels(design, options), () =>
          this.deps.render.renderer.renderImage({ design, layers, assets, options }),
        ),
      unavailable,
    );
  }

  /**
   * The same for the PDF: one vector page with the defaults of POST /pdfs, no watermark, titled
   * after the template as POST /pdfs titles it (so a PDF downloaded from the editor has a title).
   */
  private renderPdfNow(
    projectId: string,
    design: Design,
    layers: LayerData,
    title: string,
    unavailable?: RenderWarning[],
  ): Promise<RenderedFile> {
    // The trimmed page, as the editor's canvas shows it: a design's own bleed is left to POST /pdfs.
    const options = { title: title || undefined, bleed: 0 };
    return this.withAssets(
      projectId,
      design,
      layers,
      (assets) =>
        withPixels(this.deps.render.budget, pdfPixels([design], options), () =>
          this.deps.render.renderer.renderPdf({ pages: [{ design, layers }], assets, options }),
        ),
      unavailable,
    );
  }

  /**
   * Fetches the pictures and fonts the design needs, then runs `render` with them; failures to
   * load or render become the 422 naming the layer. With `unavailable`, a picture that cannot be
   * fetched is replaced by the placeholder and its warnings are added there instead.
   */
  private async withAssets(
    projectId: string,
    design: Design,
    layers: LayerData,
    render: (assets: RenderAssets) => Promise<RenderedFile>,
    unavailable?: RenderWarning[],
  ): Promise<RenderedFile> {
    const deps = this.deps.render;
    const prepared = prepareRender(design, layers);
    try {
      // A thumbnail of a saved design above the cap fails here, as the preview did.
      const cap = deps.maxAssetsPerJob;
      const plan = planAssets([{ design: prepared.design, prefix: '' }], cap);
      if (plan.overCap) throw new RenderJobFailure('input', [assetCapMessage(plan.overCap, cap)]);
      let fetched: FetchedPictures;
      if (unavailable) {
        const each = await fetchEachPicture(deps.assets, plan.needs, deps.log);
        for (const { need } of each.failed) each.files.set(need.url, PICTURE_PLACEHOLDER);
        unavailable.push(...placeholderWarnings(each.failed));
        fetched = each;
      } else fetched = await fetchPictures(deps.assets, plan.needs, deps.log);
      const loaded: FontSource[] = prepared.fontKeys.length
        ? await deps.fonts.loadFontSources(projectId, prepared.fontKeys)
        : [];
      const fonts = await checkFonts(deps.fontInspector, loaded, (key) =>
        layersUsing(prepared.design, key, ''),
      );
      return await render({ files: fetched.files, fonts, screenshots: fetched.screenshots });
    } catch (err) {
      if (err instanceof RenderJobFailure) throw renderFailed(err.messages);
      if (err instanceof RenderInputError) {
        throw renderFailed(err.problems.map((p) => problemMessage(p)));
      }
      throw err;
    }
  }
}
