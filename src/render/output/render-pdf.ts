/**
 * renderPdf: one vector page per design with Skia's PDF backend and the same painter as images
 * (real text with subset fonts, vector shapes, pictures at up to 300 ppi, JPEGs as they are), link
 * annotations for `link_target` (not in PDF/X-4 files), the test watermark, then the colour step:
 * CMYK conversion with Ghostscript and/or an output intent for a named profile, and PDF/X-4.
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
  type RenderWarning,
} from '../types.ts';
import { paintDesign } from '../paint/index.ts';
import { createFontResolver, resolveFontFamily } from '../fonts/index.ts';
import { drawWatermark } from '../watermark.ts';
import { checkPdfOptions } from './check-options.ts';
import { DEFAULT_CMYK_PROFILE } from './icc-profiles.ts';
import { inkLimitOf, preflightDesign, preflightPdf } from './preflight.ts';
import { prepareRender } from './prepare-render.ts';
import { planPdfColors } from './pdf-colors.ts';
import { spotConflicts } from './spot-conflicts.ts';
import { editSkiaPdf, skiaLift, type DocInfo, type PageBoxes } from './skia-pdf-edit.ts';
import { attachPdfPictures, createPdfPictureSink } from '../images/pdf-picture.ts';
import { swapPdfPictures } from './pdf-picture-swap.ts';
import { addActualText, prepareCmykText } from './pdf-actual-text.ts';
import { attachPdfText, createPdfTextSink } from '../text/pdf-text-marks.ts';
import {
  bleedProblem,
  drawCropMarks,
  fillBleed,
  pageBoxes,
  pageLayout,
  withBleed,
} from './bleed.ts';
import { PHYSICAL_PX_PER_INCH, isPhysical } from '../design/units.ts';
import { flowPages, numberPages } from '../flow/flow-pages.ts';
import type { PdfOptions, RenderedFile } from './options.ts';

/** Skia's JPEG quality for pictures per image_quality (101 would be its huge lossless default). */
export const PDF_JPEG_QUALITY = { high: 90, medium: 75, low: 50 } as const;

/** Most pages in one PDF. */
export const MAX_PDF_PAGES = 500;

/** Prefixes a page's problems with `pages.<i>.` so a multi-page request names the page. */
function onPage<P extends RenderProblem>(i: number, problems: P[]): P[] {
  return problems.map((p) => ({ ...p, path: `pages.${i}.${p.path}` }));
}

/** Points per painter pixel: a px design's pixels are 1/dpi inch; a physical design is its size. */
function ptOfDesign(design: Design, dpi: number): number {
  return isPhysical(design) ? 72 / PHYSICAL_PX_PER_INCH : 72 / dpi;
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

/** The warning of a PDF/X-4 page whose `count` links were left out. */
function linksLeftOut(count: number): RenderWarning {
  return {
    code: 'link_left_out',
    path: 'modifications.pdf_standard',
    message: `PDF/X-4 allows no links on the page: ${count} link_target link${count === 1 ? ' was' : 's were'} left out`,
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
    return { design: p.design, problems: onPage(i, p.problems) };
  });
  const problems = prepared.flatMap((p) => p.problems);
  input.pages.forEach((page, i) => {
    const p = bleedProblem(page.design, options.bleed, options.dpi ?? 96, 'modifications.bleed');
    if (p) problems.push(...onPage(i, [p]));
  });
  if (problems.length > 0) throw new RenderInputError(problems);
  // Each page holds one alternate per spot (prepareRender); the document must too.
  const conflicts = spotConflicts(
    prepared.map((p, i) => ({ design: p.design, prefix: `pages.${i}.` })),
  );
  if (conflicts.length > 0) throw new RenderInputError(conflicts);
  // Only this render's fonts resolve: a font deleted since (or of another project) falls back.
  const resolveFont = createFontResolver(input.assets.fonts);
  // Only what drawing finds: the request's own warnings are listed once, at creation.
  const warnings: RenderWarning[] = [];
  const colors = await planPdfColors(
    prepared.map((p) => p.design),
    options,
  );
  const cmykProfile = colors.cmykProfile;
  prepared.forEach((p, i) => {
    // Preflight of the designs sees their cmyk() colours before they are resolved for painting.
    const found = preflightDesign(p.design, {
      pt: ptOfDesign(p.design, options.dpi ?? 96),
      ...(cmykProfile ? { inkLimit: inkLimitOf(cmykProfile) } : {}),
    });
    warnings.push(...onPage(i, found));
    p.design = colors.designs[i];
  });
  // A table longer than its box continues on pages made from the same design; `i` stays the
  // request's page, which problems and warnings name.
  const flowed = prepared.flatMap((p, i) =>
    flowPages(p.design, resolveFont).map((d) => ({ d, i })),
  );
  if (flowed.length > MAX_PDF_PAGES) {
    const message = `the tables need ${flowed.length} pages; at most ${MAX_PDF_PAGES} are allowed`;
    throw new RenderInputError([{ path: 'pages', message }]);
  }
  const numbered = numberPages(flowed.map((f) => f.d));
  const pageList = flowed.map((f, k) => ({ i: f.i, design: numbered[k] }));

  const dpi = options.dpi ?? 96;
  const ptOf = (design: Design): number => ptOfDesign(design, dpi);
  const imageQuality = options.imageQuality ?? 'high';
  const doc = new PDFDocument({ encodingQuality: PDF_JPEG_QUALITY[imageQuality] });
  const pictures = createPdfPictureSink(PDF_JPEG_QUALITY[imageQuality]);
  // CMYK PDFs mark every text: Ghostscript rewrites the fonts' character maps.
  const texts = createPdfTextSink({ skipPlain: !cmykProfile });
  const boxes: PageBoxes[] = [];
  // PDF/X allows annotations only outside the BleedBox (TrimBox): links would lie on the page.
  const x4 = options.pdfStandard === 'x4';
  for (const { i, design: page } of pageList) {
    const pt = ptOf(page);
    // The request's bleed, else the design's own (validated when it was saved).
    const bleed = options.bleed ?? page.bleed ?? 0;
    const layout = pageLayout(page, bleed, options.cropMarks === true, pt);
    const design = withBleed(page, layout.bleed);
    boxes.push(pageBoxes(design, layout, pt));
    const [pageW, pageH] = [layout.pageWidth * pt, layout.pageHeight * pt];
    // Skia's PDF page context is the same class as a raster one; the typings only name it differently.
    const ctx = doc.beginPage(pageW, pageH) as unknown as SKRSContext2D;
    attachPdfPictures(ctx, pictures);
    attachPdfText(ctx, texts);
    // Skia flips the page with its height rounded to whole points; drawing lifted by the
    // difference puts the page on [0, h], the exact MediaBox editSkiaPdf writes.
    const lift = skiaLift(pageH);
    ctx.translate(0, lift);
    ctx.scale(pt, pt);
    fillBleed(ctx, design, layout);
    if (options.cropMarks) drawCropMarks(ctx, design, layout, pt, colors.markColor);
    ctx.translate(layout.offset, layout.offset);
    const links: Array<{ rect: Rect; url: string }> = [];
    const env: DrawEnv = {
      target: 'pdf',
      scale: pt,
      files: input.assets.files,
      screenshots: new Set(input.assets.screenshots ?? []),
      resolveFont,
      addLink: (rect, url) => links.push({ rect, url }),
      warn: (warning) => warnings.push(...onPage(i, [warning])),
    };
    try {
      await paintDesign(ctx, design, env);
    } catch (err) {
      if (err instanceof RenderInputError) throw new RenderInputError(onPage(i, err.problems));
      throw err;
    }
    ctx.setTransform(pt, 0, 0, pt, layout.offset * pt, layout.offset * pt + lift);
    if (x4 && links.length > 0) warnings.push(...onPage(i, [linksLeftOut(links.length)]));
    for (const { rect, url } of x4 ? [] : links) {
      ctx.annotateLinkUrl(rect.x, rect.y, rect.x + rect.width, rect.y + rect.height, url);
    }
    if (options.watermark) drawWatermark(ctx, design.width, design.height, resolveFontFamily(null));
    doc.endPage();
  }
  const info = docInfo(options);
  // Skia rounds page sizes to whole points; put back the exact px × 72 / dpi. Text markers are
  // removed (and spans written) before the colour step, except in CMYK PDFs.
  const skiaPdf = swapPdfPictures(editSkiaPdf(doc.close(), boxes, info), pictures);
  let bytes: Buffer;
  if (cmykProfile) {
    // Ghostscript rewrites the fonts and drops marked content: the spans are written after it.
    const marked = prepareCmykText(skiaPdf, texts);
    bytes = await colors.finish(marked.pdf, info, boxes, {
      plans: marked.plans,
      unmarked: () => addActualText(skiaPdf, texts),
    });
  } else bytes = await colors.finish(addActualText(skiaPdf, texts), info, boxes);
  warnings.push(
    ...preflightPdf(bytes, {
      cmyk: cmykProfile !== undefined,
      genericProfile: cmykProfile === DEFAULT_CMYK_PROFILE,
    }),
  );
  const first = prepared[0].design;
  return {
    bytes,
    mime: 'application/pdf',
    ext: 'pdf',
    width: first.width,
    height: first.height,
    pages: pageList.length,
    warnings,
  };
}
