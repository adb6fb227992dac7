/** The output options and result types of the public render API (re-exported by render/index.ts). */
import type { RenderWarning } from '../types.ts';

/** Raster output options (the image `modifications` of the REST API, in camelCase). */
export interface RasterOptions {
  /** `auto` (default) picks png for a transparent canvas background, else jpg. */
  format?: 'auto' | 'jpg' | 'png' | 'webp' | 'avif';
  /** Output box in pixels; the design's aspect ratio is kept (fit inside). */
  width?: number;
  height?: number;
  /** 72 (default), 150 or 300: scales the pixel size by dpi/72 unless width/height are given. */
  dpi?: 72 | 150 | 300;
  /** `cmyk` gives a CMYK JPEG with an embedded CMYK ICC profile (jpg/auto only). */
  colorMode?: 'rgb' | 'cmyk';
  /** PNG effort: `fast` (default), `balanced` or `small` (see PNG_COMPRESSION in encode-raster). */
  pngCompression?: 'fast' | 'balanced' | 'small';
  /** Draws the diagonal "TEST" mark of test mode. */
  watermark?: boolean;
}

/** PDF output options (the PDF `modifications` of the REST API, in camelCase). */
export interface PdfOptions {
  /** Design pixels per inch: a page is `px × 72 / dpi` points. Default 96. */
  dpi?: 96 | 150 | 300;
  /** JPEG quality of embedded pictures: high (default), medium, low. */
  imageQuality?: 'high' | 'medium' | 'low';
  /** `cmyk` converts the document with Ghostscript and adds a CMYK output intent. */
  colorMode?: 'rgb' | 'cmyk';
  /** `none` (default) or one of `rgb-profile-1..3`, `cmyk-profile-1..5` (see docs/rendering.md). */
  colorProfile?: string;
  /**
   * The ICC bytes of `colorProfile` when it has no bundled file: the profile the owner imported
   * (`imprint icc import`), loaded by the caller.
   */
  colorProfileData?: Uint8Array;
  /** CMYK PDFs: pure black text and vectors on K only (`k`, default) or converted (`rich`). */
  black?: 'k' | 'rich';
  /** CMYK PDFs: K-only black text and thin strokes overprint (default true). */
  blackOverprint?: boolean;
  /** Document title in the PDF metadata. */
  title?: string;
  /** Bleed in the design's unit: the page grows by it on every side (TrimBox, BleedBox). */
  bleed?: number;
  /** Draws crop marks outside the bleed. */
  cropMarks?: boolean;
  /** Author in the PDF metadata. */
  author?: string;
  /** Language of the text (BCP 47, e.g. `en`, `de-CH`): the PDF catalog's Lang. */
  lang?: string;
  /** Draws the diagonal "TEST" mark of test mode on every page. */
  watermark?: boolean;
  /** `x4` makes a PDF/X-4 file (pdf-x4.ts); default: no standard. */
  pdfStandard?: 'x4';
  /**
   * CMYK PDFs: the intent of the RGB → CMYK conversion (`relative`, the default, is relative
   * colorimetric with black-point compensation).
   */
  renderingIntent?: RenderingIntent;
}

/** The ICC rendering intents of the `rendering_intent` PDF modification. */
export type RenderingIntent = 'perceptual' | 'relative' | 'saturation' | 'absolute';

/** A rendered file: its bytes, MIME type, extension and size in pixels (PDF: of the first page). */
export interface RenderedFile {
  bytes: Buffer;
  mime: string;
  ext: string;
  width: number;
  height: number;
  /** PDFs only: number of pages. */
  pages?: number;
  /**
   * What drawing could not do as asked: fonts that fell back, text that does not fit its box.
   * Never a failure. Ignored request data (unknown layers or properties, values for static
   * layers) is not here: requestWarnings lists it.
   */
  warnings?: RenderWarning[];
}
