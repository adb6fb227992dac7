/**
 * Checks output options before anything is rendered, so the API can answer 422 up front. Paths
 * use the REST names (`modifications.color_mode`, …); messages say what is allowed and what was
 * received.
 */
import type { RenderProblem } from '../types.ts';
import type { PdfOptions, RasterOptions } from './options.ts';
import { findColorProfile, COLOR_PROFILE_NAMES } from './icc-profiles.ts';

/** Largest output side in pixels (a raster image, after width/height/dpi scaling). */
export const MAX_OUTPUT_SIDE = 16384;

const RASTER_FORMATS = ['auto', 'jpg', 'png', 'webp', 'avif'];
const RASTER_DPIS = [72, 150, 300];
const PDF_DPIS = [96, 150, 300];
const IMAGE_QUALITIES = ['high', 'medium', 'low'];
const COLOR_MODES = ['rgb', 'cmyk'];
const PNG_COMPRESSIONS = ['fast', 'balanced', 'small'];
const BLACK_MODES = ['k', 'rich'];
/** PDF/X-1a is not offered: it forbids transparency and RGB, which the renderer would have to flatten. */
const PDF_STANDARDS = ['x4'];
const RENDERING_INTENTS = ['perceptual', 'relative', 'saturation', 'absolute'];

const show = (v: unknown): string => JSON.stringify(v) ?? String(v);

function oneOf(
  problems: RenderProblem[],
  path: string,
  value: unknown,
  allowed: readonly unknown[],
): void {
  if (value === undefined || value === null || allowed.includes(value)) return;
  problems.push({
    path,
    message: `must be one of ${allowed.join(', ')}; received ${show(value)}`,
  });
}

/** Problems with raster options (image modifications); empty when they can be rendered. */
export function checkRasterOptions(o: RasterOptions): RenderProblem[] {
  const problems: RenderProblem[] = [];
  oneOf(problems, 'modifications.image_format', o.format, RASTER_FORMATS);
  for (const key of ['width', 'height'] as const) {
    const v = o[key];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_OUTPUT_SIDE) {
      problems.push({
        path: `modifications.${key}`,
        message: `must be a whole number of pixels from 1 to ${MAX_OUTPUT_SIDE}; received ${show(v)}`,
      });
    }
  }
  oneOf(problems, 'modifications.dpi', o.dpi, RASTER_DPIS);
  oneOf(problems, 'modifications.color_mode', o.colorMode, COLOR_MODES);
  oneOf(problems, 'modifications.png_compression', o.pngCompression, PNG_COMPRESSIONS);
  const format = o.format ?? 'auto';
  if (o.colorMode === 'cmyk' && ['png', 'webp', 'avif'].includes(format)) {
    problems.push({
      path: 'modifications.color_mode',
      message: `cmyk is only available for jpg images (${format} is an RGB format); use image_format jpg or auto, or color_mode rgb; received color_mode "cmyk" with image_format "${format}"`,
    });
  }
  return problems;
}

/** The colour mode a PDF is made in: explicit, else implied by a CMYK colour profile. */
export function pdfColorMode(o: PdfOptions): 'rgb' | 'cmyk' {
  if (o.colorMode) return o.colorMode;
  return findColorProfile(o.colorProfile)?.space === 'cmyk' ? 'cmyk' : 'rgb';
}

/** Longest title or author written into a PDF. */
export const MAX_PDF_TEXT = 500;
/** A BCP 47 language tag, loosely: a 2–3 letter language and optional subtags. */
const LANG_TAG = /^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/;

/** True when the string holds an ASCII control character (a line break in a title, say). */
function hasControlChar(s: string): boolean {
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 0x7f) return true;
  }
  return false;
}

/** Problems with the document information options (PDFs and merges). */
export function checkMetadata(
  problems: RenderProblem[],
  o: Pick<PdfOptions, 'title' | 'author' | 'lang'>,
): void {
  for (const key of ['title', 'author'] as const) {
    const v = o[key];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'string' || v.length > MAX_PDF_TEXT || hasControlChar(v)) {
      problems.push({
        path: `modifications.${key}`,
        message: `must be a string of at most ${MAX_PDF_TEXT} characters without control characters; received ${show(v)}`,
      });
    }
  }
  const lang = o.lang;
  if (lang !== undefined && lang !== null && (typeof lang !== 'string' || !LANG_TAG.test(lang))) {
    problems.push({
      path: 'modifications.lang',
      message: `must be a language tag like "en", "de" or "pt-BR"; received ${show(lang)}`,
    });
  }
}

/** Problems with PDF options (PDF modifications); empty when they can be rendered. */
export function checkPdfOptions(o: PdfOptions): RenderProblem[] {
  const problems: RenderProblem[] = [];
  oneOf(problems, 'modifications.dpi', o.dpi, PDF_DPIS);
  oneOf(problems, 'modifications.image_quality', o.imageQuality, IMAGE_QUALITIES);
  oneOf(problems, 'modifications.color_mode', o.colorMode, COLOR_MODES);
  oneOf(problems, 'modifications.black', o.black, BLACK_MODES);
  oneOf(problems, 'modifications.pdf_standard', o.pdfStandard, PDF_STANDARDS);
  oneOf(problems, 'modifications.rendering_intent', o.renderingIntent, RENDERING_INTENTS);
  checkMetadata(problems, o);
  const bleed = o.bleed;
  if (bleed !== undefined && bleed !== null) {
    if (typeof bleed !== 'number' || !Number.isFinite(bleed) || bleed < 0 || bleed > 1000) {
      problems.push({
        path: 'modifications.bleed',
        message: `must be a number of 0 or more in the design's unit, without the unit (3 for 3 mm in a mm design), at most one inch; received ${show(bleed)}`,
      });
    }
  }
  const flags = { crop_marks: o.cropMarks, black_overprint: o.blackOverprint };
  for (const [key, v] of Object.entries(flags)) {
    if (v !== undefined && v !== null && typeof v !== 'boolean') {
      problems.push({
        path: `modifications.${key}`,
        message: `must be true or false; received ${show(v)}`,
      });
    }
  }
  const name = o.colorProfile;
  // "" is a box a low-code tool left empty: no profile, as null.
  if (name === undefined || name === null || name === 'none' || name.trim() === '') return problems;
  const profile = findColorProfile(name);
  if (!profile) {
    problems.push({
      path: 'modifications.color_profile',
      message: `must be one of ${COLOR_PROFILE_NAMES.join(', ')}; received ${show(name)}`,
    });
    return problems;
  }
  if (!profile.file && !o.colorProfileData) {
    problems.push({
      path: 'modifications.color_profile',
      message: `${name} (${profile.title}) is not available in this installation: ${profile.unavailable}. The owner may import their own copy with \`imprint icc import <file> --name ${name}\`. Use one of ${COLOR_PROFILE_NAMES.filter((n) => n === 'none' || findColorProfile(n)?.file).join(', ')}; received "${name}"`,
    });
    return problems;
  }
  if (o.colorMode && profile.space !== o.colorMode) {
    problems.push({
      path: 'modifications.color_profile',
      message: `${name} is a${profile.space === 'rgb' ? 'n RGB' : ' CMYK'} profile and needs color_mode ${profile.space}; received color_mode "${o.colorMode}" with color_profile "${name}"`,
    });
  }
  return problems;
}
