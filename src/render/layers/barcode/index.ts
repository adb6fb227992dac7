/**
 * The barcode layer: `value` encoded as `format` (qrcode by default; EAN/UPC, Code 128/39, ITF-14,
 * Data Matrix, PDF417, Aztec) in `color` on `background_color`, with a quiet zone, drawn as one
 * vector path so PDFs stay sharp and scanners read them; EAN/UPC and ITF-14 get their digits
 * underneath, ITF-14 its bearer bars.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { Path2D } from '@napi-rs/canvas';
import { paintColor } from '../../design/color.ts';
import { propSpecs } from '../../design/prop-specs.ts';
import { addProblem } from '../../design/props.ts';
import type { DrawEnv, LayerOf } from '../../types.ts';
import { defineLayerType } from '../typed-layer.ts';
import { BARCODE_FORMATS, QR_LEVELS, encodeBarcode } from './encode-barcode.ts';
import type { BarcodeSymbol, LinearSymbol } from './encode-barcode.ts';

/** Longest value accepted (a QR code holds at most 2953 bytes anyway). */
export const MAX_BARCODE_VALUE = 4000;

/** Maps a layer-local coordinate on one axis to itself, or to the nearest device-pixel edge. */
type Snap = (v: number) => number;

const exact: Snap = (v) => v;

/**
 * On rasters drawn without rotation or skew, snaps each module edge to the nearest device pixel:
 * crisp modules (each 1 px wider or narrower at most), and the symbol keeps the size it has in a
 * PDF. Rounding the module size down instead made raster QR codes up to 10% smaller than in PDFs.
 */
function pixelSnaps(ctx: SKRSContext2D, env: DrawEnv, module: number): [Snap, Snap] {
  if (env.target !== 'raster') return [exact, exact];
  const t = ctx.getTransform();
  if (Math.abs(t.b) > 1e-9 || Math.abs(t.c) > 1e-9 || t.a <= 0 || t.d <= 0) return [exact, exact];
  // Below 2 px a module, rounding would make some modules twice as wide as others.
  if (module * Math.min(t.a, t.d) < 2) return [exact, exact];
  return [
    (v) => (Math.round(v * t.a + t.e) - t.e) / t.a,
    (v) => (Math.round(v * t.d + t.f) - t.f) / t.d,
  ];
}

/**
 * Width of ITF-14's bearer bars, in modules: GS1's recommended 4.8 mm at the symbol's nominal
 * module of 1.016 mm (at least the 2 modules GS1 requires at any magnification).
 */
export const BEARER_MODULES = 4.8 / 1.016;

/**
 * The size of one module (the narrowest bar) when the symbol, its quiet zone and, with
 * `bearer`, the bearer frame around both fill w×h.
 */
function moduleSize(sym: BarcodeSymbol, w: number, h: number, bearer = false): number {
  if (sym.kind === 'linear') {
    return w / (sym.modules + 2 * sym.quiet + (bearer ? 2 * BEARER_MODULES : 0));
  }
  return Math.min(w / (sym.cols + 2 * sym.quiet), h / (sym.rows * sym.rowHeight + 2 * sym.quiet));
}

/** Cap height of DejaVu Sans Mono's digits, per px of font size. */
const DIGIT_HEIGHT = 0.73;

/**
 * The vertical plan of an EAN/UPC code with its digits: the digits' font sizes and baseline,
 * where the bars end and where the guard bars (reaching between the digits) end. The digits are
 * 11 modules tall as in the standard, at most 30% of the box so short boxes keep their bars.
 */
interface DigitBand {
  size: number;
  smallSize: number;
  baseline: number;
  barsBottom: number;
  guardBottom: number;
}

function digitBand(sym: LinearSymbol, m: number, h: number): DigitBand | undefined {
  if (sym.digits.length === 0) return undefined;
  const size = Math.min(11 * m, 0.3 * h);
  const baseline = h - 0.05 * size;
  const top = baseline - DIGIT_HEIGHT * size;
  return {
    size,
    smallSize: (size * 8) / 11,
    baseline,
    barsBottom: top - 0.2 * size,
    guardBottom: baseline - (DIGIT_HEIGHT * size) / 2,
  };
}

/**
 * ITF-14's bearer bars as a frame filling the box's width, from the top down to `bottom`,
 * `b` thick: GS1 asks for a full frame where the code is printed with plates (corrugated
 * cases), and it also keeps a scanner from reading a partial symbol as a shorter code.
 */
function addBearerFrame(path: Path2D, w: number, bottom: number, b: number, snap: [Snap, Snap]) {
  const [sx, sy] = snap;
  const [left, right, top, base] = [sx(0), sx(w), sy(0), sy(bottom)];
  const [inL, inR, inT, inB] = [sx(b), sx(w - b), sy(b), sy(bottom - b)];
  path.rect(left, top, right - left, inT - top);
  path.rect(left, inB, right - left, base - inB);
  if (inB > inT) {
    path.rect(left, inT, inL - left, inB - inT);
    path.rect(inR, inT, right - inR, inB - inT);
  }
}

/** The dark modules as one path, centred in the w×h box (inside the bearer frame with `bearer`). */
function symbolPath(
  sym: BarcodeSymbol,
  w: number,
  h: number,
  [sx, sy]: [Snap, Snap],
  band: DigitBand | undefined,
  bearer = false,
): Path2D {
  const path = new Path2D();
  const m = moduleSize(sym, w, h, bearer);
  if (sym.kind === 'linear') {
    const x0 = (w - sym.modules * m) / 2;
    const b = bearer ? BEARER_MODULES * m : 0;
    const frameBottom = band ? band.barsBottom : h;
    if (bearer) addBearerFrame(path, w, frameBottom, b, [sx, sy]);
    const top = bearer ? sy(b) : 0;
    for (const { start, width, guard } of sym.bars) {
      const left = sx(x0 + start * m);
      const bottom = bearer
        ? sy(frameBottom - b)
        : band
          ? sy(guard ? band.guardBottom : band.barsBottom)
          : h;
      if (bottom > top) path.rect(left, top, sx(x0 + (start + width) * m) - left, bottom - top);
    }
    return path;
  }
  const x0 = (w - sym.cols * m) / 2;
  const y0 = (h - sym.rows * sym.rowHeight * m) / 2;
  const rowH = sym.rowHeight * m;
  for (let r = 0; r < sym.rows; r++) {
    const top = sy(y0 + r * rowH);
    const bottom = sy(y0 + (r + 1) * rowH);
    // Runs of dark cells become one rectangle: fewer path segments, no hairline seams.
    let c = 0;
    while (c < sym.cols) {
      if (!sym.dark[r * sym.cols + c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < sym.cols && sym.dark[r * sym.cols + c]) c++;
      const left = sx(x0 + start * m);
      path.rect(left, top, sx(x0 + c * m) - left, bottom - top);
    }
  }
  return path;
}

/** Draws EAN/UPC's human-readable digits under the bars (text, so PDFs keep them as text). */
function drawDigits(
  ctx: SKRSContext2D,
  sym: LinearSymbol,
  band: DigitBand,
  w: number,
  env: DrawEnv,
  bearer: boolean,
): void {
  const m = moduleSize(sym, w, 0, bearer);
  const x0 = (w - sym.modules * m) / 2;
  const family = env.resolveFont('DejaVu Sans Mono');
  ctx.textAlign = 'center';
  ctx.textBaseline = 'alphabetic';
  for (const digit of sym.digits) {
    ctx.font = `${digit.small ? band.smallSize : band.size}px ${family}`;
    ctx.fillText(digit.char, x0 + digit.x * m, band.baseline);
  }
}

/** The barcode layer's properties, in the order they are checked. */
const BARCODE_PROPS = propSpecs({
  value: {
    kind: 'string',
    def: '',
    max: MAX_BARCODE_VALUE,
    description: 'The encoded value; it must suit the format (digits only for EAN, …).',
  },
  format: { kind: 'enum', values: BARCODE_FORMATS, def: 'qrcode', description: 'Symbology.' },
  error_correction: {
    kind: 'enum',
    values: QR_LEVELS,
    def: 'M',
    description: 'QR code error-correction level.',
  },
  human_readable: {
    kind: 'boolean',
    def: true,
    description: 'EAN/UPC and ITF-14: print the digits under the bars.',
  },
  bearer_bars: {
    kind: 'boolean',
    def: true,
    description: 'ITF-14: frame the bars and quiet zones with bearer bars (as GS1 asks).',
  },
  color: { kind: 'color', def: '#000000', description: 'Bar colour.' },
  background_color: {
    kind: 'color',
    def: '#ffffff',
    nullable: true,
    description: 'Background colour; null or "" for transparent.',
  },
});

/** A barcode layer with its properties checked. */
export type BarcodeLayer = LayerOf<typeof BARCODE_PROPS>;

/** The encoded symbol of a layer, or undefined for an empty value. */
function symbolOf(layer: BarcodeLayer): BarcodeSymbol | undefined {
  if (layer.value === '') return undefined;
  return encodeBarcode(layer.value, layer.format, layer.error_correction);
}

/** The barcode layer type. */
export const barcodeLayer = defineLayerType({
  type: 'barcode',
  listedAs: 'barcode',
  props: BARCODE_PROPS,
  editor: {
    label: 'QR / barcode',
    icon: '▦',
    size: { width: 200, height: 200, widthShare: 0.4, heightShare: 0.4, square: true },
    starter: { format: 'qrcode', value: 'https://example.com' },
  },
  checkTogether(layer, path, problems) {
    const value = layer.value;
    if (value === '') return;
    try {
      encodeBarcode(value, layer.format, layer.error_correction);
    } catch (err) {
      addProblem(
        problems,
        path,
        'value',
        `a value the ${layer.format} format can encode (${err instanceof Error ? err.message : String(err)})`,
        value,
      );
      layer.value = '';
    }
  },
  assetUrls: () => [],
  draw(ctx: SKRSContext2D, layer, env) {
    const { width: w, height: h } = layer;
    if (w <= 0 || h <= 0) return;
    const bg = paintColor(layer.background_color);
    if (bg) {
      ctx.fillStyle = bg;
      ctx.fillRect(0, 0, w, h);
    }
    const sym = symbolOf(layer);
    if (!sym) return;
    const bearer = layer.format === 'itf14' && layer.bearer_bars;
    const m = moduleSize(sym, w, h, bearer);
    const band = sym.kind === 'linear' && layer.human_readable ? digitBand(sym, m, h) : undefined;
    ctx.fillStyle = layer.color;
    ctx.fill(symbolPath(sym, w, h, pixelSnaps(ctx, env, m), band, bearer));
    if (band && sym.kind === 'linear') drawDigits(ctx, sym, band, w, env, bearer);
  },
});
