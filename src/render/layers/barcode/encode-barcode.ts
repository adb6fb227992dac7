/**
 * Barcode encoding into modules, before any drawing: every symbology, QR included, goes through
 * bwip-js's raw encoder (one engine, one set of rules for what a value must look like).
 * Encodings are cached (a batch renders the same codes often, and validate() already encodes once
 * to report bad values).
 */
import bwipjs from 'bwip-js';
import { LRUCache } from 'lru-cache';
import {
  lruFigures,
  RENDER_CACHE_BYTES,
  stringBytes,
  type RenderCacheFigures,
} from '../../cache-budgets.ts';

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
  'upce',
  'azteccode',
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

/** One dark bar of a linear code, in modules from the symbol's left edge. */
export interface Bar {
  start: number;
  width: number;
  /** Guard bars of EAN/UPC reach down between the human-readable digits. */
  guard: boolean;
}

/**
 * One human-readable digit under an EAN/UPC code, centred on `x` (modules from the left edge);
 * for ITF-14, the whole line of 14 digits.
 */
export interface HumanDigit {
  char: string;
  x: number;
  /** The digits printed outside the bars (UPC's number system and check digit) are smaller. */
  small: boolean;
}

/** A 1D symbol: dark bars over `modules` modules, with human-readable digits for EAN/UPC and ITF-14. */
export interface LinearSymbol {
  kind: 'linear';
  modules: number;
  bars: Bar[];
  quiet: number;
  digits: HumanDigit[];
}

/** An encoded barcode. */
export type BarcodeSymbol = MatrixSymbol | LinearSymbol;

/**
 * Light modules each side of a linear code. EAN/UPC have the widths of their standard, widened
 * where a digit printed outside the bars (EAN-13's first, UPC's first and last) needs room.
 */
const LINEAR_QUIET: Partial<Record<BarcodeFormat, number>> = {
  ean13: 11,
  ean8: 7,
  upca: 9,
  upce: 9,
};

/**
 * Where each human-readable digit sits, as the centre (in modules) of the 7-module character it
 * belongs to; negative and past-the-end positions are digits printed outside the bars.
 */
const DIGIT_CENTRES: Partial<Record<BarcodeFormat, (i: number) => [number, boolean]>> = {
  ean13: (i) =>
    i === 0 ? [-6, false] : [i <= 6 ? 3 + 7 * (i - 1) + 3.5 : 50 + 7 * (i - 7) + 3.5, false],
  ean8: (i) => [i <= 3 ? 3 + 7 * i + 3.5 : 36 + 7 * (i - 4) + 3.5, false],
  upca: (i) => {
    if (i === 0) return [-4.5, true];
    if (i === 11) return [99.5, true];
    return [i <= 5 ? 10 + 7 * (i - 1) + 3.5 : 50 + 7 * (i - 6) + 3.5, false];
  },
  upce: (i) => {
    if (i === 0) return [-4.5, true];
    if (i === 7) return [55.5, true];
    return [3 + 7 * (i - 1) + 3.5, false];
  },
};

/** A fair estimate of a symbol's bytes: its bars, digits or module bitmap, and object overhead. */
function symbolBytes(sym: BarcodeSymbol): number {
  if (sym.kind === 'matrix') return sym.dark.byteLength + 128;
  return (sym.bars.length + sym.digits.length) * 48 + 128;
}

/** By bytes: a key holds the value (long for 2D codes) and a symbol can hold thousands of modules. */
const cache = new LRUCache<string, BarcodeSymbol>({
  maxSize: RENDER_CACHE_BYTES.thread_barcodes,
  sizeCalculation: (sym, key) => stringBytes(key) + symbolBytes(sym),
});

/** Entries and bytes of the barcode cache (GET /metrics through the render pool). */
export function barcodeCacheFigures(): RenderCacheFigures {
  return lruFigures(cache);
}

/** Empties the barcode cache (tests). */
export function clearBarcodeCache(): void {
  cache.clear();
}

/** bwip-js messages start with an internal code ("bwipp.ean13badLength#6878: …"); keep the text. */
function cleanMessage(err: unknown): string {
  return String((err as Error)?.message ?? err).replace(/^[\w.]+#\d+:\s*/, '');
}

/** bwip-js's raw output for one symbol (the fields this module reads). */
interface RawSymbol {
  sbs?: number[];
  bbs?: number[];
  txt?: Array<[string, ...unknown[]]>;
  pixs?: number[];
  pixx?: number;
  pixy?: number;
}

/**
 * Width of ITF-14's wide bars and spaces in narrow modules. bwip-js's raw encoder gives 2 (its
 * renderer would apply `barratio`); GS1's General Specifications ask for 2.25 to 3, target 2.5.
 */
export const ITF14_WIDE = 2.5;

function linearOf(sym: RawSymbol, raw: number[], format: BarcodeFormat): LinearSymbol {
  const sbs = format === 'itf14' ? raw.map((w) => (w === 2 ? ITF14_WIDE : w)) : raw;
  const bars: Bar[] = [];
  let at = 0;
  sbs.forEach((w, i) => {
    if (i % 2 === 0) bars.push({ start: at, width: w, guard: (sym.bbs?.[i / 2] ?? 0) < 0 });
    at += w;
  });
  const place = DIGIT_CENTRES[format];
  const digits: HumanDigit[] = [];
  if (place && sym.txt) {
    sym.txt.forEach(([char], i) => {
      const [x, small] = place(i);
      digits.push({ char, x, small });
    });
  } else if (format === 'itf14' && sym.txt?.[0]) {
    // ITF-14's 14 digits (the check digit included) as one line centred under the symbol.
    digits.push({ char: sym.txt[0][0], x: at / 2, small: false });
  } else {
    for (const bar of bars) bar.guard = false;
  }
  return { kind: 'linear', modules: at, bars, quiet: LINEAR_QUIET[format] ?? 10, digits };
}

/** ECI 26 announces UTF-8 (bwip-js writes text as UTF-8 bytes). */
const ECI_UTF8 = '^ECI000026';

/**
 * A QR value outside ASCII gets ECI 26 in front: without it, readers guess the bytes' encoding
 * and disagree (zbar read "Grüße" as Shift JIS). ASCII values are encoded as before, without
 * the 12 bits of the ECI. With parsefnc on, a literal caret is written "^^".
 */
function qrData(value: string, options: Record<string, unknown>): string {
  if (!/[\u0080-\uffff]/.test(value)) return value;
  options.parsefnc = true;
  return ECI_UTF8 + value.replaceAll('^', '^^');
}

function encodeUncached(value: string, format: BarcodeFormat, level: string): BarcodeSymbol {
  const withText = DIGIT_CENTRES[format] || format === 'itf14';
  const options: Record<string, unknown> = withText ? { includetext: true } : {};
  let data = value;
  if (format === 'qrcode') {
    options.eclevel = level;
    data = qrData(value, options);
  }
  const [sym] = bwipjs.raw(format, data, options) as RawSymbol[];
  if (Array.isArray(sym.sbs)) return linearOf(sym, sym.sbs, format);
  const { pixs, pixx: cols, pixy } = sym;
  // Every symbology bwip-js encodes gives bars or a module bitmap.
  if (!pixs || !cols || !pixy) throw new Error(`${format} gave no symbol`);
  const rows = pixs.length / cols;
  return {
    kind: 'matrix',
    cols,
    rows,
    rowHeight: pixy / rows,
    dark: Uint8Array.from(pixs),
    // QR asks for 4 light modules around it; Data Matrix, PDF417 and Aztec need less.
    quiet: format === 'qrcode' ? 4 : 2,
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
    cache.set(key, sym);
  }
  return sym;
}
