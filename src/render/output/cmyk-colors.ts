/**
 * Solid colours that reach a CMYK PDF as inks instead of through the RGB → CMYK conversion:
 * - pure black (#000000) text and vectors print on K only (`black: "k"`, the default), rather
 *   than as the four-ink "rich black" the profile makes of RGB black (`black: "rich"`);
 * - cmyk() colours keep their exact ink values.
 * Skia only draws RGB, so before painting each cmyk() colour of a CMYK PDF becomes a sentinel RGB
 * that no other colour of the render uses; after painting, `rewritePdfColors` replaces the
 * `r g b rg`/`RG` operators of those colours (and of black) in the page content with `c m y k
 * k`/`K`. Ghostscript keeps DeviceCMYK colours as they are when it converts the rest.
 * Everywhere else (images, RGB PDFs) a cmyk() colour is painted as its RGB through the CMYK
 * profile. Crop marks get a sentinel too, written as registration colour (every plate, 100%).
 * Spot colours get a sentinel in every PDF, RGB or CMYK, written as their Separation colour space
 * at tint 1 (spot-colors.ts); images paint their CMYK alternate like a cmyk() colour.
 * With the inks written, K-only black text and thin strokes are set to overprint
 * (black-overprint.ts); spot colours knock out, as a spot ink usually does.
 */
import { PDFDocument, PDFName, PDFRawStream, decodePDFRawStream, type PDFRef } from 'pdf-lib';
import { OVERPRINT_OFF, OVERPRINT_ON, overprintContent } from './black-overprint.ts';
import { addResource, contentStreams, lineWidths, sharedResources } from './pdf-content-streams.ts';
import { cmykInks, type CmykInks } from '../design/cmyk-color.ts';
import { spotColor } from '../design/spot-color.ts';
import { SPOT_SPACE_PREFIX, registerSeparation, type SpotInk } from './spot-colors.ts';
import { getLayerType } from '../layers/index.ts';
import type { Design, LayerSpec } from '../types.ts';
import { cmykToRgb, type Rgb } from './cmyk-to-rgb.ts';
import type { PdfOptions } from './options.ts';

/** How pure black prints in a CMYK PDF: K only (default) or as the profile converts it. */
export type BlackMode = NonNullable<PdfOptions['black']>;

/** What a sentinel stands for: process inks, registration colour (`all`) or a spot colour. */
export type Ink = CmykInks | 'all' | SpotInk;

/**
 * Ink values by the RGB painted for them (`r,g,b`, 0–255); `all` is registration colour, 100% of
 * every plate (crop marks).
 */
export type InkMap = Map<string, Ink>;

/** The design colour value standing for registration colour (never a valid colour of a design). */
const REGISTRATION = 'registration';
/** Resource name of the registration colour space (`/Separation /All`). */
export const REGISTRATION_SPACE = 'ImprintAll';

const rgbKey = (rgb: Rgb): string => rgb.join(',');
const hex = (rgb: Rgb): string => `#${rgb.map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/**
 * Calls `visit` with every colour property of the design (background and layer colours), a
 * setter, its path (`background`, `layers.<name>.<prop>`) and its layer (null for background).
 */
export function forEachColor(
  design: Design,
  visit: (value: string, set: (v: string) => void, path: string, layer: LayerSpec | null) => void,
): void {
  if (typeof design.background === 'string') {
    visit(design.background, (v) => (design.background = v), 'background', null);
  }
  for (const layer of design.layers) {
    const props = getLayerType(layer.type)?.props ?? {};
    for (const [prop, spec] of Object.entries(props)) {
      const value = (layer as LayerSpec)[prop];
      if (spec.kind === 'color' && typeof value === 'string') {
        visit(
          value,
          (v) => ((layer as LayerSpec)[prop] = v),
          `layers.${layer.name}.${prop}`,
          layer as LayerSpec,
        );
      }
    }
  }
}

/** The spot colours among `inks`. */
export function spotInks(inks: InkMap): SpotInk[] {
  return [...inks.values()].filter((c): c is SpotInk => typeof c === 'object' && !Array.isArray(c));
}

/** The designs with their cmyk() colours resolved, and the inks to write back into the PDF. */
export interface ResolvedColors {
  designs: Design[];
  inks: InkMap;
  /** The colour to draw crop marks with: black, or the registration sentinel of a CMYK PDF. */
  markColor: string;
}

/**
 * Replaces the cmyk() and spot() colours of `designs` (copies; the inputs are untouched) by RGB:
 * a sentinel per colour recorded in `inks` where the PDF writes it as inks (cmyk() colours with
 * `cmykPdf`, with black → K when `black` is "k"; spot colours with `spots`, for every PDF);
 * otherwise the colour (a spot's alternate) converted through `icc`, the CMYK profile.
 */
export async function resolveCmykColors(
  designs: readonly Design[],
  opts: {
    icc: Uint8Array;
    cmykPdf?: boolean;
    spots?: boolean;
    black?: BlackMode;
    cropMarks?: boolean;
  },
): Promise<ResolvedColors> {
  const inks: InkMap = new Map();
  if (opts.cmykPdf && (opts.black ?? 'k') === 'k') inks.set('0,0,0', [0, 0, 0, 1]);
  // Design colour values painted as sentinels, and those painted as their RGB.
  const sentinels = new Map<string, Ink>();
  const converted = new Map<string, CmykInks>();
  if (opts.cmykPdf && opts.cropMarks) sentinels.set(REGISTRATION, 'all');
  const spaces = new Map<string, string>();
  const used = new Set<string>(['0,0,0', '255,255,255']);
  for (const d of designs) {
    forEachColor(d, (value) => {
      const c = cmykInks(value);
      const spot = c ? undefined : spotColor(value);
      if (c) (opts.cmykPdf ? sentinels : converted).set(value, c);
      else if (spot && opts.spots) {
        // One colour space per ink name (spot-conflicts.ts keeps its alternate single).
        if (!spaces.has(spot.name)) spaces.set(spot.name, `${SPOT_SPACE_PREFIX}${spaces.size}`);
        sentinels.set(value, {
          spot: spot.name,
          inks: spot.inks,
          resource: spaces.get(spot.name)!,
        });
      } else if (spot) converted.set(value, spot.inks);
      else if (/^#[0-9a-f]{6}/.test(value)) {
        used.add([1, 3, 5].map((i) => parseInt(value.slice(i, i + 2), 16)).join(','));
      }
    });
  }
  if (sentinels.size + converted.size === 0) {
    return { designs: [...designs], inks, markColor: '#000000' };
  }
  const painted = new Map<string, string>();
  let n = 0;
  for (const [value, c] of sentinels) {
    let rgb: Rgb;
    // Dark, odd greys-blues nobody picks: the first free ones after rgb(1, 2, 3).
    do {
      rgb = [1 + (n % 7), 2 + (Math.floor(n / 7) % 11), 3 + Math.floor(n / 77)];
      n++;
    } while (used.has(rgbKey(rgb)));
    used.add(rgbKey(rgb));
    inks.set(rgbKey(rgb), c);
    painted.set(value, hex(rgb));
  }
  const rgbs = await cmykToRgb([...converted.values()], opts.icc);
  [...converted.keys()].forEach((v, i) => painted.set(v, hex(rgbs[i])));
  const copies = designs.map((d) => structuredClone(d));
  for (const d of copies) {
    forEachColor(d, (value, set) => {
      const p = painted.get(value);
      if (p) set(p);
    });
  }
  return { designs: copies, inks, markColor: painted.get(REGISTRATION) ?? '#000000' };
}

/** A PDF number for an ink amount: at most 4 decimals. */
const ink = (v: number): string => String(Math.round(v * 10000) / 10000);

/** `r g b rg` / `r g b RG` with numbers as Skia writes them (`0`, `1`, `.502`). */
const RGB_OPERATOR = /(^|\s)(\d*\.?\d+) (\d*\.?\d+) (\d*\.?\d+) (rg|RG)(?=\s|$)/g;

/** The content with the colours of `inks` set as DeviceCMYK; undefined when nothing changed. */
export function rewriteContent(content: string, inks: InkMap): string | undefined {
  let changed = false;
  const out = content.replace(RGB_OPERATOR, (all, lead: string, r, g, b, op: string) => {
    const key = [r, g, b].map((v: string) => Math.round(Number(v) * 255)).join(',');
    const c = inks.get(key);
    if (!c) return all;
    changed = true;
    const tint = op === 'rg' ? 'cs 1 scn' : 'CS 1 SCN';
    if (c === 'all') return `${lead}/${REGISTRATION_SPACE} ${tint}`;
    if (!Array.isArray(c)) return `${lead}/${c.resource} ${tint}`;
    return `${lead}${c.map(ink).join(' ')} ${op === 'rg' ? 'k' : 'K'}`;
  });
  return changed ? out : undefined;
}

/**
 * Writes the colours of `inks` as DeviceCMYK (registration colour as the /All separation, spot
 * colours as their own, or under their resource names with `spotPlaceholders`) into the PDF's
 * content streams (Skia's PDF, before Ghostscript, which keeps both), and sets K-only black text
 * and thin strokes to overprint unless `overprint` is false. Returns `pdf` unchanged
 * when there is nothing to write.
 */
export async function rewritePdfColors(
  pdf: Buffer,
  inks: InkMap,
  opts: {
    overprint?: boolean;
    spotPlaceholders?: boolean;
    /** The CMYK profile the spots' alternates are ICCBased on (else DeviceCMYK). */
    spotAlternateIcc?: Uint8Array;
  } = {},
): Promise<Buffer> {
  // K-only black reaches the PDF only through `inks` (Ghostscript makes rich black of RGB).
  const overprint =
    opts.overprint !== false &&
    [...inks.values()].some((c) => Array.isArray(c) && c.join() === '0,0,0,1');
  if (inks.size === 0) return pdf;
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const shared = sharedResources(doc);
  const spots = spotInks(inks);
  const separations = new Map<string, PDFRef>();
  let alternate: PDFRef | undefined;
  const alternateSpace = (): PDFRef | undefined => {
    if (!opts.spotAlternateIcc) return undefined;
    alternate ??= doc.context.register(
      doc.context.obj([
        PDFName.of('ICCBased'),
        doc.context.register(doc.context.flateStream(opts.spotAlternateIcc, { N: 4 })),
      ]),
    );
    return alternate;
  };
  let changed = false;
  for (const { ref, resources } of contentStreams(doc)) {
    const stream = doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) continue;
    const text = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    const inked = rewriteContent(text, inks);
    const overprinted = overprint
      ? overprintContent(inked ?? text, lineWidths(resources()))
      : undefined;
    const out = overprinted ?? inked;
    if (out === undefined) continue;
    if (out.includes(`/${REGISTRATION_SPACE} `)) {
      addResource(doc, resources(), 'ColorSpace', REGISTRATION_SPACE, shared.all());
    }
    for (const spot of spots) {
      if (!out.includes(`/${spot.resource} `)) continue;
      let ref = separations.get(spot.resource);
      if (!ref)
        separations.set(
          spot.resource,
          (ref = registerSeparation(doc, spot, opts.spotPlaceholders, alternateSpace())),
        );
      addResource(doc, resources(), 'ColorSpace', spot.resource, ref);
    }
    if (overprinted) {
      addResource(doc, resources(), 'ExtGState', OVERPRINT_ON, shared.on());
      addResource(doc, resources(), 'ExtGState', OVERPRINT_OFF, shared.off());
    }
    const dict: Record<string, unknown> = {};
    for (const [name, value] of stream.dict.entries()) {
      if (!['/Filter', '/DecodeParms', '/Length'].includes(name.toString())) {
        dict[name.asString().slice(1)] = value;
      }
    }
    const replaced = doc.context.flateStream(Buffer.from(out, 'latin1'), dict as never);
    doc.context.assign(ref, replaced);
    changed = true;
  }
  if (!changed) return pdf;
  return Buffer.from(await doc.save({ useObjectStreams: false, updateFieldAppearances: false }));
}
