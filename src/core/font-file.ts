/**
 * Decides whether uploaded bytes are a usable font: first by the signature the four accepted
 * formats start with, then by parsing the file with fontkit, so a renamed PNG or a truncated font
 * is refused at upload instead of failing every render later.
 */
import * as fontkit from 'fontkit';
import { fieldError } from './errors.ts';

/** The accepted font file formats (spec 8). */
export type FontFormat = 'ttf' | 'otf' | 'woff' | 'woff2';

/** The accepted formats, in the order error messages list them. */
export const FONT_FORMATS: readonly FontFormat[] = ['ttf', 'otf', 'woff', 'woff2'];

const ALLOWED = `Allowed formats: ${FONT_FORMATS.join(', ')}.`;

/** What inspecting a valid font file tells us. */
export interface FontFileInfo {
  format: FontFormat;
  /** The family name from the font's name table ('' when it has none). */
  family: string;
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
 * True when every table the directory lists lies inside the file. fontkit reads tables lazily,
 * so without this a font cut short (an interrupted upload) could pass the parse and fail later.
 */
function tablesInBounds(data: Buffer, format: FontFormat): boolean {
  if (format === 'woff2') return true; // one brotli stream: decoding any table checks all of it
  const woff = format === 'woff';
  const count = data.readUInt16BE(woff ? 12 : 4);
  const first = woff ? 44 : 12;
  const size = woff ? 20 : 16;
  if (count === 0 || first + count * size > data.length) return false;
  for (let i = 0; i < count; i++) {
    const entry = first + i * size;
    const offset = data.readUInt32BE(entry + (woff ? 4 : 8));
    const length = data.readUInt32BE(entry + (woff ? 8 : 12)); // WOFF: compressed length
    if (offset + length > data.length) return false;
  }
  return true;
}

/** Throws the 422 on `file` used for every unusable upload. */
function refuse(message: string): never {
  throw fieldError('file', message);
}

/**
 * Checks that `data` is a TTF, OTF, WOFF or WOFF2 font that can be read: a glyph table, a
 * character map and at least one outline that decodes. Throws a 422 on `file` otherwise.
 */
export function inspectFontFile(data: Buffer): FontFileInfo {
  if (data.length === 0) refuse(`The file is empty; upload a font file. ${ALLOWED}`);
  const format = sniffFontFormat(data);
  if (format === 'ttc')
    refuse(`The file is a font collection (.ttc), which is not supported. ${ALLOWED}`);
  if (!format) refuse(`The file must be a font file. ${ALLOWED}`);
  try {
    if (data.length < 44 || !tablesInBounds(data, format)) throw new Error('truncated');
    const parsed = fontkit.create(data);
    if (!('numGlyphs' in parsed)) throw new Error('collection');
    const font = parsed;
    if (!(font.numGlyphs > 0)) throw new Error('no glyphs');
    if (!(font.unitsPerEm >= 16 && font.unitsPerEm <= 16384)) throw new Error('bad unitsPerEm');
    const chars = font.characterSet;
    if (!Array.isArray(chars) || chars.length === 0) throw new Error('no character map');
    // Decoding one outline proves the glyph data (and, for WOFF/WOFF2, the compressed stream) is sound.
    const probe = chars.find((c) => c > 0x20) ?? chars[0];
    void font.glyphForCodePoint(probe).path.commands.length;
    const family = typeof font.familyName === 'string' ? font.familyName : '';
    return { format, family, numGlyphs: font.numGlyphs };
  } catch {
    return refuse(
      `The file starts like ${format === 'otf' ? 'an' : 'a'} ${format} font but could not be read as one (damaged, cut short or not a font). ${ALLOWED}`,
    );
  }
}
