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
  warningText,
  type RasterOptions,
  type RenderedFile,
} from '../../render/index.ts';
import type { Design, FontSource, LayerData } from '../../render/types.ts';
import type { BlobStorage } from '../../storage/blob-storage.ts';
import { fileUrl, newFileKey } from '../../storage/file-url.ts';
import type { TemplateRepository } from '../templates.ts';
import { imagePixels } from './render-pixels.ts';
import {
  RenderJobFailure,
  checkFonts,
  fetchPictures,
  layersUsing,
  withPixels,
  type RenderContext,
} from './run-render-job.ts';
import { addProblems, problemMessage } from './validate-request.ts';

/** Width of a thumbnail in px (narrower designs keep their own width). */
export const THUMBNAIL_WIDTH = 400;

/** A preview: PNG bytes and what the render ignored or could not do. */
export interface Preview {
  bytes: Buffer;
  width: number;
  height: number;
  warnings: string[];
}

/** The body of POST /templates/{uuid}/preview, before checking. */
export interface PreviewInput {
  design?: unknown;
  layers?: unknown;
  modifications?: unknown;
}

/** What the preview service needs. */
export interface PreviewDeps {
  /** The generation service's render context (ports and pixel budget). */
  render: RenderContext;
  templates: Pick<TemplateRepository, 'getDesign' | 'setThumbnail'>;
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
  return new AppError('validation', `The preview could not be rendered: ${first}`, fields);
}

/** Previews and thumbnails of templates. */
export class PreviewService {
  private readonly background = new Set<Promise<void>>();
  /** The newest revision saved in this process per template: older thumbnails are not rendered. */
  private readonly newest = new Map<string, number>();

  constructor(private readonly deps: PreviewDeps) {}

  /**
   * POST /templates/{uuid}/preview: the stored design, or `design` from the body, with `layers`
   * data, as a PNG; `modifications.width` (and `height`) size it. Bad input is one 422 naming
   * every field, an unknown template a 404.
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
    const found = await this.deps.templates.getDesign(projectId, uuid);
    if (!found) {
      errors.throwIfAny();
      throw notFound('Template');
    }
    if (!design && !errors.hasUnder('design')) design = found.design;
    if (design) addProblems(errors, prepareRender(design, layers).problems);
    errors.throwIfAny();
    const file = await this.renderNow(projectId, design!, layers, options);
    return {
      bytes: file.bytes,
      width: file.width,
      height: file.height,
      warnings: (file.warnings ?? []).map(warningText),
    };
  }

  /**
   * Renders and stores the thumbnail of a saved revision in the background, after deleting the
   * thumbnail the save replaced. A newer save meanwhile wins: the older thumbnail is deleted.
   */
  refreshThumbnail(
    projectId: string,
    saved: { uuid: string; revision: number; design: Design },
    replacedKey: string | null,
  ): void {
    this.newest.set(saved.uuid, Math.max(saved.revision, this.newest.get(saved.uuid) ?? 0));
    const p = this.storeThumbnail(projectId, saved, replacedKey)
      .catch((err) => this.deps.render.deps.log?.warn({ err }, 'rendering a thumbnail failed'))
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
      .catch((err) => this.deps.render.deps.log?.warn({ err, key }, 'deleting a thumbnail failed'));
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
    saved: { uuid: string; revision: number; design: Design },
    replacedKey: string | null,
  ): Promise<void> {
    await this.deleteThumbnail(replacedKey);
    // Saved again while this waited (an editor saving often): only the newest is rendered.
    if ((this.newest.get(saved.uuid) ?? 0) > saved.revision) return;
    const width = Math.min(THUMBNAIL_WIDTH, saved.design.width);
    const file = await this.renderNow(projectId, saved.design, {}, { width, format: 'auto' });
    const key = newFileKey(`thumbnails/${saved.uuid}`, `${saved.revision}.${file.ext}`);
    await this.deps.storage.put(key, file.bytes, file.mime);
    if (!(await this.deps.templates.setThumbnail(saved.uuid, saved.revision, key))) {
      await this.deleteThumbnail(key); // saved again (or deleted) meanwhile
    }
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
  private async renderNow(
    projectId: string,
    design: Design,
    layers: LayerData,
    options: RasterOptions,
  ): Promise<RenderedFile> {
    const ctx = this.deps.render;
    const { deps } = ctx;
    const prepared = prepareRender(design, layers);
    try {
      const files = await fetchPictures(
        ctx,
        prepared.assetUrls.map((url) => ({ url, where: layersUsing(prepared.design, url, '') })),
      );
      const fonts: FontSource[] = prepared.fontKeys.length
        ? await deps.fonts.loadFontSources(projectId, prepared.fontKeys)
        : [];
      await checkFonts(ctx, fonts, (key) => layersUsing(prepared.design, key, ''));
      return await withPixels(ctx, imagePixels(design, options), () =>
        deps.renderer.renderImage({ design, layers, assets: { files, fonts }, options }),
      );
    } catch (err) {
      if (err instanceof RenderJobFailure) throw renderFailed(err.messages);
      if (err instanceof RenderInputError) {
        throw renderFailed(err.problems.map((p) => problemMessage(p)));
      }
      throw err;
    }
  }
}
