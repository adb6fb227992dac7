/**
 * The colour step of a PDF render: which CMYK profile the render uses, the cmyk() colours of its
 * pages resolved before painting (cmyk-colors.ts), and after painting the CMYK conversion with
 * black and cmyk() colours kept as inks (black text and thin strokes overprinting, crop marks in
 * registration colour) with the chosen rendering intent, spot colours as Separation colour spaces
 * in every PDF, and the output intent of the chosen profile (sRGB for an RGB PDF/X-4 without one)
 * with, when asked, the rest of PDF/X-4.
 */
import type { Design } from '../types.ts';
import { pdfColorMode } from './check-options.ts';
import { addOutputIntent, convertPdfToCmyk } from './cmyk-pdf.ts';
import { resolveCmykColors, rewritePdfColors, spotInks } from './cmyk-colors.ts';
import { restoreSpotNames } from './spot-colors.ts';
import {
  DEFAULT_CMYK_PROFILE,
  SRGB_PROFILE,
  findColorProfile,
  type ColorProfile,
} from './icc-profiles.ts';
import type { PdfOptions } from './options.ts';
import { profileSource } from './profile-source.ts';
import type { DocInfo, PageBoxes } from './skia-pdf-edit.ts';
import type { CmykTextPlans } from './pdf-actual-text.ts';
import { addCmykActualText } from './cmyk-actual-text.ts';

/**
 * The text layer of a CMYK PDF: what its markers stand for, and the PDF without them (and so
 * without spans) for when Ghostscript's output cannot be read.
 */
export interface CmykText {
  plans: CmykTextPlans;
  unmarked: () => Buffer;
}

/** The pages to paint, and what to do with the painted PDF. */
export interface PdfColorPlan {
  /** The pages' designs with cmyk() colours as RGB (or sentinels in CMYK PDFs), spots as sentinels. */
  designs: Design[];
  /** The colour crop marks are drawn with (a sentinel for registration colour in CMYK PDFs). */
  markColor: string;
  /** In a CMYK PDF, the profile of its conversion (the named one, else the generic default). */
  cmykProfile?: ColorProfile;
  /**
   * Converts `pdf` to CMYK and/or adds the output intent, as the options ask; `boxes` are the
   * pages' exact boxes, written again after Ghostscript. A CMYK PDF's `text` markers become
   * ActualText spans after Ghostscript (cmyk-actual-text.ts).
   */
  finish(pdf: Buffer, info: DocInfo, boxes: readonly PageBoxes[], text?: CmykText): Promise<Buffer>;
}

/** Plans the colours of a PDF render with checked `options`. */
export async function planPdfColors(
  designs: readonly Design[],
  options: PdfOptions,
): Promise<PdfColorPlan> {
  const named = findColorProfile(options.colorProfile);
  const cmykPdf = pdfColorMode(options) === 'cmyk';
  // cmyk() colours convert through the CMYK profile of the PDF, else the default one.
  const cmyk = profileSource(
    cmykPdf && named ? named : DEFAULT_CMYK_PROFILE,
    options.colorProfileData,
  );
  const resolved = await resolveCmykColors(designs, {
    icc: cmyk.bytes,
    cmykPdf,
    spots: true,
    black: options.black,
    cropMarks: options.cropMarks === true,
  });
  return {
    designs: resolved.designs,
    markColor: resolved.markColor,
    ...(cmykPdf ? { cmykProfile: cmyk.profile } : {}),
    async finish(pdf, info, boxes, text) {
      if (cmykPdf) {
        const convert = async (input: Buffer) =>
          convertPdfToCmyk(
            await rewritePdfColors(input, resolved.inks, {
              overprint: options.blackOverprint,
              spotPlaceholders: true,
            }),
            cmyk,
            options.imageQuality ?? 'high',
            options.renderingIntent,
          );
        let converted = await convert(pdf);
        if (text) {
          // A marker that could stay in Ghostscript's output: convert the page without them.
          converted = addCmykActualText(converted, text.plans) ?? (await convert(text.unmarked()));
        }
        // Ghostscript writes its own Producer and dates and drops Lang: set them again. It
        // would mangle some spot names: they went through under placeholders.
        const spots = spotInks(resolved.inks);
        return addOutputIntent(converted, cmyk, info, boxes, options.pdfStandard, (doc) => {
          if (spots.length > 0) restoreSpotNames(doc, spots);
        });
      }
      // An RGB PDF's inks are only its spot colours (none: the PDF comes back as it was).
      // In PDF/X-4 the spots' CMYK alternates are ICCBased on the profile cmyk() colours use:
      // the file's output intent is RGB, and device CMYK would break the standard.
      const spotted = await rewritePdfColors(pdf, resolved.inks, {
        overprint: false,
        ...(options.pdfStandard === 'x4' ? { spotAlternateIcc: cmyk.bytes } : {}),
      });
      // PDF/X-4 needs an output intent: an RGB PDF without a named profile is sRGB.
      const rgb = named ?? (options.pdfStandard === 'x4' ? SRGB_PROFILE : undefined);
      if (!rgb) return spotted;
      const source = profileSource(rgb, options.colorProfileData);
      return addOutputIntent(spotted, source, info, undefined, options.pdfStandard);
    },
  };
}
