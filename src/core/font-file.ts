/**
 * What the API knows about font files without parsing them: the signature the four accepted
 * formats start with, the table directory (every table inside the file, decoded sizes bounded)
 * and what parsing one tells (the FontInspector port, ports/font-inspector.ts, parses a file in
 * isolation). Parsing itself (fontkit, font-parse.ts) runs only in the font checker's child
 * process: a hostile file can make a parser allocate without bound, and V8 cannot catch that ("invalid size" and out-of-memory errors end the whole process).
 */
import { type AppError, fieldError } from './errors.ts';

/** The accepted font file formats (spec 8). */
export type FontFormat = 'ttf' | 'otf' | 'woff' | 'woff2';

/** The accepted formats, in the order error messages list them. */
export const FONT_FORMATS: readonly FontFormat[] = ['ttf', 'otf', 'woff', 'woff2'];

const ALLOWED = `Allowed formats: ${FONT_FORMATS.join(', ')}.`;

/**
 * Largest decoded size of a WOFF/WOFF2 font (the sum of its tables' original lengths). Real fonts
 * stay far below (a full CJK font is about 20 MiB); a header claiming more is a decompression bomb.
 */
export const FONT_MAX_DECODED_BYTES = 128 * 1024 * 1024;

/** How a face is slanted: upright, italic, or oblique (OS/2 fsSelection bit 9). */
export type FontFaceStyle = 'normal' | 'italic' | 'oblique';

/** What inspecting a valid font file tells us. */
export interface FontFileInfo {
  format: FontFormat;
  /** The typographic family name from the font's name table ('' when it has none). */
  family: string;
  /** OS/2 weight class (1–1000). */
  weight: number;
  /** Slant: normal, italic or oblique. */
  style: FontFaceStyle;
  numGlyphs: number;
}

/** The format named by the first four bytes, or undefined when they match none of the four. */
export function sniffFontFormat(data: Buffer): FontFormat | 'ttc' | undefined {
  if (data.length < 12) return undefined;
  const tag = data.subarray(0, 4);
  if (tag.equals(Buffer.from([0x00, 0x01, 0x00, 0x00]))) return 'ttf';
  switch (tag.toString('latin1')) {
    case 'true':
      return 'ttf';
    case 'OTTO':
      return 'otf';
    case 'wOFF':
      return 'woff';
    case 'wOF2':
      return 'woff2';
    case 'ttcf':
      return 'ttc';
    default:
      return undefined;
  }
}

/**
 * True when every table the directory lists lies inside the file and, for WOFF, the decoded
 * tables stay under FONT_MAX_DECODED_BYTES. fontkit reads tables lazily, so without this a font
 * cut short (an interrupted upload) could pass the parse and fail later.
 */
function sfntOrWoffDirectoryOk(data: Buffer, woff: boolean): boolean {
  const count = data.readUInt16BE(woff ? 12 : 4);
  const first = woff ? 44 : 12;
  const size = woff ? 20 : 16;
  if (count === 0 || first + count * size > data.length) return false;
  let decoded = 0;
  for (let i = 0; i < count; i++) {
    const entry = first + i * size;
    const offset = data.readUInt32BE(entry + (woff ? 4 : 8));
    const length = data.readUInt32BE(entry + (woff ? 8 : 12)); // WOFF: compressed length
    if (offset + length > data.length) return false;
    if (woff) {
      const origLength = data.readUInt32BE(entry + 12);
      if (length > origLength) return false; // the spec's rule; fontkit would misread it
      decoded += origLength;
    }
  }
  return decoded <= FONT_MAX_DECODED_BYTES;
}

/** A WOFF2 UIntBase128 at `pos`: [value, next position], or undefined when malformed. */
function readBase128(data: Buffer, pos: number): [number, number] | undefined {
  let value = 0;
  for (let i = 0; i < 5; i++) {
    if (pos >= data.length) return undefined;
    const byte = data[pos++];
    if (i === 0 && byte === 0x80) return undefined; // leading zeros are not allowed
    if (value > 0x01ffffff) return undefined; // would overflow 32 bits
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return [value, pos];
  }
  return undefined;
}

/** Where a WOFF2's brotli stream lies and how large fontkit expects it to decode. */
export interface Woff2Layout {
  streamStart: number;
  streamLength: number;
  /** The sum of the tables' stored lengths: the size fontkit decompresses the stream to. */
  decodedSize: number;
  /** The largest of each table's stored and original lengths, summed: the memory it may need. */
  boundSize: number;
}

/** The layout of a WOFF2 read from its directory, or undefined when the directory is malformed. */
export function woff2Layout(data: Buffer): Woff2Layout | undefined {
  const count = data.readUInt16BE(12);
  const streamLength = data.readUInt32BE(20);
  if (count === 0 || data.length < 48) return undefined;
  let pos = 48;
  let decodedSize = 0;
  let boundSize = 0;
  for (let i = 0; i < count; i++) {
    if (pos >= data.length) return undefined;
    const flags = data[pos++];
    if ((flags & 0x3f) === 0x3f) pos += 4; // an explicit tag
    const length = readBase128(data, pos);
    if (!length) return undefined;
    [, pos] = length;
    let stored = length[0];
    const known = flags & 0x3f; // index into the spec's table of known tags; 63: explicit tag
    const version = flags >>> 6;
    // glyf (10) and loca (11) are transformed at version 0; every other table at versions 1–3.
    const transformed = known === 10 || known === 11 ? version === 0 : version !== 0;
    if (transformed) {
      const t = readBase128(data, pos);
      if (!t) return undefined;
      [stored, pos] = t;
    }
    decodedSize += stored;
    boundSize += Math.max(stored, length[0]);
  }
  if (pos + streamLength > data.length) return undefined;
  return { streamStart: pos, streamLength, decodedSize, boundSize };
}

/**
 * True when the WOFF2 directory reads to its end and the sizes fontkit decompresses to (brotli's
 * output buffer is allocated for them) stay under the bound.
 */
function woff2DirectoryOk(data: Buffer): boolean {
  const layout = woff2Layout(data);
  return !!layout && layout.boundSize <= FONT_MAX_DECODED_BYTES;
}

/** Throws the 422 on `file` used for every unusable upload. */
function refuse(message: string): never {
  throw fieldError('file', message);
}

/** The 422 on `file` for bytes that start like a font of `format` but cannot be read as one. */
export function unreadableFontError(format: FontFormat, why = ''): AppError {
  const article = format === 'otf' ? 'an' : 'a';
  return fieldError(
    'file',
    `The file starts like ${article} ${format} font but could not be read as one (${why || 'damaged, cut short or not a font'}). ${ALLOWED}`,
  );
}

/** Throws unreadableFontError. */
export function unreadableFont(format: FontFormat, why = ''): never {
  throw unreadableFontError(format, why);
}

/**
 * The checks that need no parser, safe on the API's main thread: not empty, an accepted
 * signature, a table directory inside the file with bounded decoded sizes. Returns the format;
 * throws the 422 on `file` otherwise.
 */
export function precheckFontFile(data: Buffer): FontFormat {
  if (data.length === 0) refuse(`The file is empty; upload a font file. ${ALLOWED}`);
  const format = sniffFontFormat(data);
  if (format === 'ttc')
    refuse(`The file is a font collection (.ttc), which is not supported. ${ALLOWED}`);
  if (!format) refuse(`The file must be a font file. ${ALLOWED}`);
  if (data.length < 44) unreadableFont(format);
  const ok =
    format === 'woff2' ? woff2DirectoryOk(data) : sfntOrWoffDirectoryOk(data, format === 'woff');
  if (!ok) unreadableFont(format);
  return format;
}
