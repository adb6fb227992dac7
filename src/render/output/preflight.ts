/**
 * Preflight: what a print shop's check would flag in a PDF, reported as warnings (the PDF is
 * still made). From the pages' designs: colours (cmyk(), and spot colours' CMYK alternates) whose
 * total ink is over the output condition's limit (CMYK PDFs), lines and borders thinner than 0.25 pt. From the finished file: Type 3 fonts
 * (glyphs drawn as outlines, which some workflows reject), RGB left in a CMYK file, and a CMYK
 * file made with the generic profile. Pictures under 250 ppi at their placed size are reported
 * where they are drawn (images/picture-resolution.ts), which knows the placed size.
 */
import { cmykInks } from '../design/cmyk-color.ts';
import { spotColor } from '../design/spot-color.ts';
import { getLayerType, readLayer } from '../layers/index.ts';
import type { Design, LayerSpec, RenderWarning } from '../types.ts';
import { forEachColor } from './cmyk-colors.ts';
import type { ColorProfile } from './icc-profiles.ts';

/** Thinnest line a press holds reliably, in points. */
export const MIN_LINE_PT = 0.25;

/**
 * Total ink limits (percent) of the output conditions Imprint names, from their
 * characterisations; the generic profile gets the common 300 %.
 */
const INK_LIMITS: Record<string, number> = {
  'cmyk-profile-1': 330, // ISO Coated v2 (ECI)
  'cmyk-profile-2': 300, // ISO Coated v2 300% (ECI)
  'cmyk-profile-3': 300, // Coated FOGRA39 300%
  'cmyk-profile-4': 300, // U.S. Web Coated (SWOP) 2006
  'cmyk-profile-5': 350, // Japan Color 2011 Coated
};

/** The total ink limit (percent) of a CMYK PDF made with `profile`. */
export function inkLimitOf(profile: ColorProfile): number {
  return INK_LIMITS[profile.name] ?? 300;
}

/** Keys of line widths, and the colour that makes each visible. */
const LINE_WIDTHS: Array<[width: string, color: string]> = [
  ['stroke_width', 'color'],
  ['border_width', 'border_color'],
];

/**
 * Warnings from one page's design (before its colours are resolved): `pt` is points per design
 * pixel; `inkLimit` is set for CMYK PDFs only (total ink is a property of CMYK files).
 */
export function preflightDesign(
  design: Design,
  opts: { pt: number; inkLimit?: number },
): RenderWarning[] {
  const warnings: RenderWarning[] = [];
  const checkInk = (color: string, path: string): void => {
    if (opts.inkLimit === undefined) return;
    // A spot colour prints as one ink, but as its alternate wherever the spot plate is not run.
    const spot = spotColor(color);
    const inks = spot?.inks ?? cmykInks(color);
    if (!inks) return;
    const total = Math.round(inks.reduce((sum, v) => sum + v, 0) * 100);
    if (total > opts.inkLimit) {
      const what = spot ? `the CMYK alternate of ${color}` : color;
      warnings.push({
        code: 'ink_over_limit',
        path,
        message: `${what} puts ${total} % of ink on paper; the output condition allows ${opts.inkLimit} % (lower the sum of the four values)`,
      });
    }
  };
  forEachColor(design, (value, _set, path, layer) => {
    if (!layer || !isHidden(layer)) checkInk(value, path);
  });
  for (const layer of design.layers) {
    const type = getLayerType(layer.type);
    if (!type || isHidden(layer)) continue;
    const props = readLayer(type, layer) as Record<string, unknown>;
    const at = `layers.${layer.name}`;
    for (const [widthKey, colorKey] of LINE_WIDTHS) {
      const width = props[widthKey];
      if (typeof width !== 'number' || width <= 0 || !props[colorKey]) continue;
      const points = width * opts.pt;
      if (points < MIN_LINE_PT) {
        warnings.push({
          code: 'thin_line',
          path: `${at}.${widthKey}`,
          message: `${round(points, 3)} pt is thinner than the ${MIN_LINE_PT} pt a press prints reliably`,
        });
      }
    }
  }
  return warnings;
}

/**
 * Warnings from the finished file. `cmyk`: the PDF was converted to CMYK; `genericProfile`: with
 * Imprint's generic profile, not one the printer named.
 */
export function preflightPdf(
  pdf: Buffer,
  opts: { cmyk: boolean; genericProfile: boolean },
): RenderWarning[] {
  const warnings: RenderWarning[] = [];
  // Font and image dictionaries are plain text in Skia's and Ghostscript's output (only
  // streams are compressed), so a byte search finds them, without a copy of the file.
  const type3 = count(pdf, '/Type3');
  if (type3 > 0) {
    warnings.push({
      code: 'type3_font',
      path: 'pages',
      message: `the PDF holds ${type3} Type 3 font${type3 === 1 ? '' : 's'} (glyphs drawn as outlines: emoji, colour fonts or fonts that may not be embedded), which some print workflows reject`,
    });
  }
  if (opts.cmyk && count(pdf, '/DeviceRGB') > 0) {
    warnings.push({
      code: 'rgb_in_cmyk',
      path: 'modifications.color_mode',
      message: 'part of the CMYK PDF (a picture or colour) could not be converted and is still RGB',
    });
  }
  if (opts.cmyk && opts.genericProfile) {
    warnings.push({
      code: 'generic_cmyk_profile',
      path: 'modifications.color_profile',
      message:
        "the CMYK conversion used Imprint's generic profile; import your printer's profile (imprint icc import) and name it in color_profile",
    });
  }
  return warnings;
}

/** How often `name` occurs in `pdf` as a whole PDF name (not the start of a longer one). */
function count(pdf: Buffer, name: string): number {
  let n = 0;
  for (let at = pdf.indexOf(name); at !== -1; at = pdf.indexOf(name, at + name.length)) {
    const next = pdf[at + name.length];
    // A name ends at white space or a delimiter; a letter or digit would make it longer.
    if (next === undefined || !/[A-Za-z0-9]/.test(String.fromCharCode(next))) n++;
  }
  return n;
}

/** A layer the painter skips: hidden, or fully transparent. */
function isHidden(layer: LayerSpec): boolean {
  return Boolean(layer.hide) || (layer.opacity ?? 100) <= 0;
}

function round(n: number, digits: number): number {
  const k = 10 ** digits;
  return Math.round(n * k) / k;
}
