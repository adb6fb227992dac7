/**
 * renderPdf: one vector page per design with Skia's PDF backend and the same painter as images
 * (real text with subset fonts, vector shapes, JPEG pictures at the page's resolution), link
 * annotations for `link_target`, the test watermark, then the colour step: CMYK conversion with
 * Ghostscript and/or an output intent for a named profile.
 */
import { PDFDocument, type SKRSContext2D } from '@napi-rs/canvas';
import {
  RenderInputError,
  type Design,
  type DrawEnv,
  type LayerData,
  type Rect,
  type RenderAssets,
  type RenderProblem,
} from '../types.ts';
import { paintDesign } from '../paint/index.ts';
import { createFontResolver, resolveFontFamily } from '../fonts/index.ts';
import { drawWatermark } from '../watermark.ts';
import { checkPdfOptions, pdfColorMode } from './check-options.ts';
import { prepareRender } from './prepare-render.ts';
import { DEFAULT_CMYK_PROFILE, findColorProfile } from './icc-profiles.ts';
import { addOutputIntent, convertPdfToCmyk } from './cmyk-pdf.ts';
import { editSkiaPdf, type DocInfo, type PageBoxes } from './skia-pdf-edit.ts';
import {
  bleedProblem,
  drawCropMarks,
  fillBleed,
  pageBoxes,
  pageLayout,
  withBleed,
} from './bleed.ts';
import { PHYSICAL_PX_PER_INCH, isPhysical } from '../design/units.ts';
import type { PdfOptions, RenderedFile } from './options.ts';

/** Skia's JPEG quality for pictures per image_quality (101 would be its huge lossless default). */
export const PDF_JPEG_QUALITY = { high: 90, medium: 75, low: 50 } as const;

/** Most pages in one PDF. */
export const MAX_PDF_PAGES = 500;

/** Prefixes a page's problems with `pages.<i>.` so a multi-page request names the page. */
function onPage(i: number, problems: RenderProblem[]): RenderProblem[] {
  return problems.map((p) => ({ ...p, path: `pages.${i}.${p.path}` }));
}

/** Creator and Producer of the PDFs Imprint makes. */
export const PDF_CREATOR = 'Imprint';
export const PDF_PRODUCER = 'Imprint (Skia/PDF)';

/** The document information of a render: the options' title, author and language, made now. */
function docInfo(options: PdfOptions): DocInfo {
  return {
    title: options.title || undefined,
    author: options.author || undefined,
    lang: options.lang || undefined,
    creator: PDF_CREATOR,
    producer: PDF_PRODUCER,
    created: new Date(),
  };
}

/** Renders the pages to one PDF; bad options, layer data or assets throw RenderInputError. */
export async function renderPdfDocument(input: {
  pages: Array<{ design: Design; layers?: LayerData }>;
  assets: RenderAssets;
  options?: PdfOptions;
}): Promise<RenderedFile> {
  const options = input.options ?? {};
  const optionProblems = checkPdfOptions(options);
  if (input.pages.length === 0 || input.pages.length > MAX_PDF_PAGES) {
    optionProblems.push({
      path: 'pages',
      message: `must have 1 to ${MAX_PDF_PAGES} pages; received ${input.pages.length}`,
    });
  }
  if (optionProblems.length > 0) throw new RenderInputError(optionProblems);
  const prepared = input.pages.map((page, i) => {
    const p = prepareRender(page.design, page.layers);
    return {
      design: p.design,
      problems: onPage(i, p.problems),
      warnings: onPage(i, p.warnings),
    };
  });
  const problems = prepared.flatMap((p) => p.problems);
  input.pages.forEach((page, i) => {
    const p = bleedProblem(page.design, options.bleed, options.dpi ?? 96, 'modifications.bleed');
    if (p) problems.push(...onPage(i, [p]));
  });
  if (problems.length > 0) throw new RenderInputError(problems);
  // Only this render's fonts resolve: a font deleted since (or of another project) falls back.
  const resolveFont = createFontResolver(input.assets.fonts);
  const warnings = prepared.flatMap((p) => p.warnings);

  // Points per painter pixel: a px design's pixels are 1/dpi inch; a physical design is its size.
  const dpi = options.dpi ?? 96;
  const ptOf = (design: Design): number =>
    isPhysical(design) ? 72 / PHYSICAL_PX_PER_INCH : 72 / dpi;
  const imageQuality = options.imageQuality ?? 'high';
  const doc = new PDFDocument({ encodingQuality: PDF_JPEG_QUALITY[imageQuality] });
  const boxes: PageBoxes[] = [];
  for (const [i, prep] of prepared.entries()) {
    const pt = ptOf(prep.design);
    const layout = pageLayout(prep.design, options.bleed ?? 0, options.cropMarks === true, pt);
    const design = withBleed(prep.design, layout.bleed);
    boxes.push(pageBoxes(design, layout, pt));
    const [pageW, pageH] = [layout.pageWidth * pt, layout.pageHeight * pt];
    // Skia's PDF page context is the same class as a raster one; the typings only name it differently.
    const ctx = doc.beginPage(pageW, pageH) as unknown as SKRSContext2D;
    ctx.scale(pt, pt);
    fillBleed(ctx, design, layout);
    if (options.cropMarks) drawCropMarks(ctx, design, layout, pt);
    ctx.translate(layout.offset, layout.offset);
    const links: Array<{ rect: Rect; url: string }> = [];
    const env: DrawEnv = {
      target: 'pdf',
      scale: pt,
      files: input.assets.files,
      resolveFont,
      addLink: (rect, url) => links.push({ rect, url }),
      warn: (path, message) => warnings.push(...onPage(i, [{ path, message }])),
    };
    try {
      await paintDesign(ctx, design, env);
    } catch (err) {
      if (err instanceof RenderInputError) throw new RenderInputError(onPage(i, err.problems));
      throw err;
    }
    ctx.setTransform(pt, 0, 0, pt, layout.offset * pt, layout.offset * pt);
    for (const { rect, url } of links) {
      ctx.annotateLinkUrl(rect.x, rect.y, rect.x + rect.width, rect.y + rect.height, url);
    }
    if (options.watermark) drawWatermark(ctx, design.width, design.height, resolveFontFamily(null));
    doc.endPage();
  }
  const info = docInfo(options);
  // Skia rounds page sizes to whole points; put back the exact px × 72 / dpi.
  let bytes = editSkiaPdf(doc.close(), boxes, info);

  const named = findColorProfile(options.colorProfile);
  if (pdfColorMode(options) === 'cmyk') {
    const profile = named ?? DEFAULT_CMYK_PROFILE;
    bytes = await convertPdfToCmyk(bytes, profile, imageQuality);
    // Ghostscript writes its own Producer and dates and drops Lang: set them again.
    bytes = await addOutputIntent(bytes, profile, info);
  } else if (named) {
    bytes = await addOutputIntent(bytes, named, info);
  }
  const first = prepared[0].design;
  return {
    bytes,
    mime: 'application/pdf',
    ext: 'pdf',
    width: first.width,
    height: first.height,
    pages: prepared.length,
    warnings,
  };
}
