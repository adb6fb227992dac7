/**
 * Barcode encoding into modules, before any drawing: QR codes with `qrcode`, the other
 * symbologies with bwip-js's raw encoder. Encodings are cached (a batch renders the same codes
 * often, and validate() already encodes once to report bad values).
 */
import bwipjs from 'bwip-js';
import QRCode from 'qrcode';

/** Barcode formats, default first. */
export const BARCODE_FORMATS = [
  'qrcode',
  'code128',
  'ean13',
  'datamatrix',
  'pdf417',
  'code39',
  'ean8',
  'upca',
  'itf14',
] as const;
/** One of BARCODE_FORMATS. */
export type BarcodeFormat = (typeof BARCODE_FORMATS)[number];
/** QR error-correction levels. */
export const QR_LEVELS = ['L', 'M', 'Q', 'H'] as const;

/** A 2D symbol: `rows`×`cols` dark/light cells; each row is `rowHeight` modules tall. */
export interface MatrixSymbol {
  kind: 'matrix';
  cols: number;
  rows: number;
  rowHeight: number;
  dark: Uint8Array;
  /** Light modules required around the symbol. */
  quiet: number;
}

/** A 1D symbol: dark bars as [start, width] in modules over `modules` modules. */
export interface LinearSymbol {
  kind: 'linear';
  modules: number;
  bars: Array<[number, number]>;
  quiet: number;
}

/** An encoded barcode. */
export type BarcodeSymbol = MatrixSymbol | LinearSymbol;

/** Light modules each side of a linear code where its standard asks for more or less than 10. */
const LINEAR_QUIET: Partial<Record<BarcodeFormat, number>> = { ean13: 11, ean8: 7, upca: 9 };

const cache = new Map<string, BarcodeSymbol>();

/** bwip-js messages start with an internal code ("bwipp.ean13badLength#6878: …"); keep the text. */
function cleanMessage(err: unknown): string {
  return String((err as Error)?.message ?? err).replace(/^[\w.]+#\d+:\s*/, '');
}

function encodeUncached(value: string, format: BarcodeFormat, level: string): BarcodeSymbol {
  if (format === 'qrcode') {
    const qr = QRCode.create(value, { errorCorrectionLevel: level as 'L' | 'M' | 'Q' | 'H' });
    const size = qr.modules.size;
    return {
      kind: 'matrix',
      cols: size,
      rows: size,
      rowHeight: 1,
      dark: Uint8Array.from(qr.modules.data),
      quiet: 4,
    };
  }
  const [sym] = bwipjs.raw(format, value, {}) as Array<Record<string, unknown>>;
  if (Array.isArray(sym.sbs)) {
    const sbs = sym.sbs as number[];
    const bars: Array<[number, number]> = [];
    let at = 0;
    sbs.forEach((w, i) => {
      if (i % 2 === 0) bars.push([at, w]);
      at += w;
    });
    return { kind: 'linear', modules: at, bars, quiet: LINEAR_QUIET[format] ?? 10 };
  }
  const pixs = sym.pixs as number[];
  const cols = sym.pixx as number;
  const rows = pixs.length / cols;
  return {
    kind: 'matrix',
    cols,
    rows,
    rowHeight: (sym.pixy as number) / rows,
    dark: Uint8Array.from(pixs),
    quiet: 2,
  };
}

/** Encodes `value`; throws an Error whose message says why the value does not fit the format. */
export function encodeBarcode(value: string, format: BarcodeFormat, level = 'M'): BarcodeSymbol {
  const key = `${format}|${level}|${value}`;
  let sym = cache.get(key);
  if (!sym) {
    try {
      sym = encodeUncached(value, format, level);
    } catch (err) {
      throw new Error(cleanMessage(err), { cause: err });
    }
    if (cache.size >= 1000) cache.delete(cache.keys().next().value as string);
    cache.set(key, sym);
  }
  return sym;
}
