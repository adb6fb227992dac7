/**
 * Spot colours in PDFs: each named ink becomes a Separation colour space `[/Separation /<name>
 * /DeviceCMYK <tint transform>]` whose tint transform maps tint 1 to the CMYK alternate, painted at
 * tint 1 (cmyk-colors.ts writes `/ImprintSpotN cs 1 scn` where Skia painted the colour's
 * sentinel). A RIP makes a plate of that name; a device without it prints the alternate.
 * Ghostscript's pdfwrite (CMYK PDFs) keeps Separation spaces but escapes some names twice (`/`,
 * brackets, non-ASCII), so a CMYK PDF's spaces go through it under their resource names and get
 * their real names back afterwards (restoreSpotNames).
 * One render holds one alternate per name (spot-conflicts.ts).
 */
import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFStream,
  type PDFDocument,
  type PDFObject,
  type PDFRef,
} from 'pdf-lib';
import type { CmykInks } from '../design/cmyk-color.ts';

/** A spot colour as the PDF content names it: its ink, alternate and colour space resource. */
export interface SpotInk {
  spot: string;
  inks: CmykInks;
  /** Resource name of its Separation colour space (`ImprintSpot0`, …). */
  resource: string;
}

const SEPARATION = PDFName.of('Separation');

/** Prefix of the resource names of spot colour spaces. */
export const SPOT_SPACE_PREFIX = 'ImprintSpot';

/** The PDF name of a spot (UTF-8 bytes; `#xx` for spaces, delimiters and non-ASCII, as PDF asks). */
export function pdfSpotName(name: string): string {
  let out = '';
  for (const byte of new TextEncoder().encode(name)) {
    const ch = String.fromCharCode(byte);
    out +=
      byte < 0x21 || byte > 0x7e || '()<>[]{}/%#'.includes(ch)
        ? `#${byte.toString(16).toUpperCase().padStart(2, '0')}`
        : ch;
  }
  return out;
}

/**
 * Registers the Separation colour space of `spot` in `doc`, named after the spot, or after its
 * resource with `placeholder` (for restoreSpotNames to rename). Its alternate is DeviceCMYK, or
 * `alternate` (an ICCBased CMYK space: a PDF/X-4 file with an RGB output intent may use no
 * device CMYK, and an alternate space counts as used).
 */
export function registerSeparation(
  doc: PDFDocument,
  spot: SpotInk,
  placeholder = false,
  alternate?: PDFRef,
): PDFRef {
  return doc.context.register(
    doc.context.obj([
      PDFName.of('Separation'),
      // pdf-lib reads the #xx escapes back to bytes and writes each byte escaped as needed.
      PDFName.of(placeholder ? spot.resource : pdfSpotName(spot.spot)),
      alternate ?? PDFName.of('DeviceCMYK'),
      doc.context.obj({
        FunctionType: 2,
        Domain: [0, 1],
        C0: [0, 0, 0, 0],
        C1: spot.inks.map((v) => Math.round(v * 10000) / 10000),
        N: 1,
      }),
    ]),
  );
}

/**
 * Gives the Separation colour spaces of `doc` named after a spot's resource (placeholders that
 * went through Ghostscript) the spot's own name. Returns how many it renamed.
 */
export function restoreSpotNames(doc: PDFDocument, spots: readonly SpotInk[]): number {
  const names = new Map(
    spots.map((s) => [PDFName.of(s.resource), PDFName.of(pdfSpotName(s.spot))]),
  );
  let renamed = 0;
  const visit = (obj: PDFObject | undefined): void => {
    if (obj instanceof PDFArray) {
      const real = obj.get(0) === SEPARATION ? names.get(obj.get(1) as PDFName) : undefined;
      if (real) {
        obj.set(1, real);
        renamed++;
      }
      obj.asArray().forEach(visit);
    } else if (obj instanceof PDFDict) {
      for (const [, value] of obj.entries()) visit(value);
    } else if (obj instanceof PDFStream) visit(obj.dict);
  };
  for (const [, obj] of doc.context.enumerateIndirectObjects()) visit(obj);
  return renamed;
}
