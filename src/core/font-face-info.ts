/**
 * Reads a font file's family, weight, style and embedding permission from its OS/2, head and
 * name tables, the way Skia (through FreeType) reads them, so the face the API reports is the
 * face the renderer sees.
 * It reads only those three small tables, with every offset checked against the bytes it has
 * (WOFF tables inflate and WOFF2 streams decompress to at most the sizes their directories give),
 * so unlike a full parser it is safe to run on the main thread and in migrations.
 */
import zlib from 'node:zlib';
import { sniffFontFormat, woff2Layout, type FontFaceStyle } from './font-file.ts';

export type { FontFaceStyle } from './font-file.ts';

/** A face's place in its family. */
export interface FontFaceInfo {
  /** Typographic family (name ID 16), else the family name (ID 1); '' when the file has neither. */
  family: string;
  /** OS/2 usWeightClass (1–1000), else 700 for a head.macStyle bold face, else 400. */
  weight: number;
  style: FontFaceStyle;
}

/** What a face is taken to be when its tables cannot be read. */
export const DEFAULT_FACE: FontFaceInfo = { family: '', weight: 400, style: 'normal' };

type Tables = Partial<Record<'OS/2' | 'head' | 'name', Buffer>>;
const WANTED = new Set(['OS/2', 'head', 'name']);

/** A slice of `data`, or undefined when it does not lie inside. */
function slice(data: Buffer, offset: number, length: number): Buffer | undefined {
  return offset + length <= data.length ? data.subarray(offset, offset + length) : undefined;
}

function sfntTables(data: Buffer): Tables {
  const out: Tables = {};
  const count = data.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const entry = slice(data, 12 + i * 16, 16);
    if (!entry) break;
    const tag = entry.toString('latin1', 0, 4);
    if (!WANTED.has(tag)) continue;
    const table = slice(data, entry.readUInt32BE(8), entry.readUInt32BE(12));
    if (table) out[tag as keyof Tables] = table;
  }
  return out;
}

function woffTables(data: Buffer): Tables {
  const out: Tables = {};
  const count = data.readUInt16BE(12);
  for (let i = 0; i < count; i++) {
    const entry = slice(data, 44 + i * 20, 20);
    if (!entry) break;
    const tag = entry.toString('latin1', 0, 4);
    if (!WANTED.has(tag)) continue;
    const compLength = entry.readUInt32BE(8);
    const origLength = entry.readUInt32BE(12);
    const stored = slice(data, entry.readUInt32BE(4), compLength);
    if (!stored) continue;
    out[tag as keyof Tables] =
      compLength < origLength
        ? zlib.inflateSync(stored, { maxOutputLength: Math.max(1, origLength) })
        : stored;
  }
  return out;
}

/** The WOFF2 spec's table of known tags; a directory entry gives an index into it (63: explicit). */
const WOFF2_TAGS = ['cmap', 'head', 'hhea', 'hmtx', 'maxp', 'name', 'OS/2', 'post'];

/** A WOFF2 UIntBase128 at `pos`: [value, next position], or undefined when malformed. */
function base128(data: Buffer, pos: number): [number, number] | undefined {
  let value = 0;
  for (let i = 0; i < 5 && pos < data.length; i++) {
    const byte = data[pos++];
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return [value, pos];
  }
  return undefined;
}

function woff2Tables(data: Buffer): Tables {
  const layout = woff2Layout(data);
  if (!layout) return {};
  const stream = zlib.brotliDecompressSync(
    data.subarray(layout.streamStart, layout.streamStart + layout.streamLength),
    { maxOutputLength: Math.max(1, layout.decodedSize) },
  );
  const out: Tables = {};
  const count = data.readUInt16BE(12);
  let pos = 48;
  let at = 0; // where the next table starts in the decompressed stream
  for (let i = 0; i < count; i++) {
    const flags = data[pos++];
    const known = flags & 0x3f;
    let tag = WOFF2_TAGS[known] ?? '';
    if (known === 0x3f) {
      tag = data.toString('latin1', pos, pos + 4);
      pos += 4;
    }
    const orig = base128(data, pos);
    if (!orig) return out;
    let length = orig[0];
    pos = orig[1];
    const version = flags >>> 6;
    const transformed = known === 10 || known === 11 ? version === 0 : version !== 0;
    if (transformed) {
      const t = base128(data, pos);
      if (!t) return out;
      [length, pos] = t;
    }
    if (WANTED.has(tag)) {
      const table = slice(stream, at, length);
      if (table) out[tag as keyof Tables] = table;
    }
    at += length;
  }
  return out;
}

/** Decodes one name record's bytes by its platform (Windows and Unicode: UTF-16BE; Mac: Roman). */
function decodeName(bytes: Buffer, platform: number): string {
  if (platform === 1) return bytes.toString('latin1');
  const swapped = Buffer.from(bytes.subarray(0, bytes.length - (bytes.length % 2)));
  return swapped.swap16().toString('utf16le');
}

/** The best string for a name ID: Windows English first, then any Windows, Unicode, Mac. */
function nameOf(table: Buffer, id: number): string {
  if (table.length < 6) return '';
  const count = table.readUInt16BE(2);
  const strings = table.readUInt16BE(4);
  let best: { rank: number; value: string } | undefined;
  for (let i = 0; i < count; i++) {
    const rec = slice(table, 6 + i * 12, 12);
    if (!rec) break;
    if (rec.readUInt16BE(6) !== id) continue;
    const platform = rec.readUInt16BE(0);
    const lang = rec.readUInt16BE(4);
    const rank =
      platform === 3 ? (lang === 0x409 ? 0 : 1) : platform === 0 ? 2 : platform === 1 ? 3 : 9;
    if (rank === 9 || (best && best.rank <= rank)) continue;
    const bytes = slice(table, strings + rec.readUInt16BE(10), rec.readUInt16BE(8));
    if (!bytes) continue;
    const value = decodeName(bytes, platform)
      // eslint-disable-next-line no-control-regex -- NUL and control characters are no name
      .replace(/[\u0000-\u001f\u007f]/g, '')
      .trim();
    if (value !== '') best = { rank, value };
  }
  return best?.value.slice(0, 200) ?? '';
}

/** The wanted tables of a font file, or undefined when it is no font or its tables are damaged. */
function readTables(data: Buffer): Tables | undefined {
  try {
    const format = sniffFontFormat(data);
    if (format === 'ttf' || format === 'otf') return sfntTables(data);
    if (format === 'woff') return woffTables(data);
    if (format === 'woff2') return woff2Tables(data);
  } catch {
    // Damaged tables: nothing is known.
  }
  return undefined;
}

/** OS/2 fsType bit 1: "Restricted License embedding", the font must not be embedded. */
const FS_TYPE_RESTRICTED = 0x0002;

/**
 * Whether the font's licence forbids embedding it (OS/2 fsType with the restricted bit, the bit
 * Skia reads: it then writes the glyphs into PDFs as outlines, a Type 3 font without the font's
 * name). False when the file has no readable OS/2 table.
 */
export function fontEmbeddingRestricted(data: Buffer): boolean {
  const os2 = readTables(data)?.['OS/2'];
  return !!os2 && os2.length >= 10 && (os2.readUInt16BE(8) & FS_TYPE_RESTRICTED) !== 0;
}

/** Reads the tables (see the module comment); never throws for damaged tables. */
export function readFontFaceInfo(data: Buffer): FontFaceInfo {
  const tables = readTables(data);
  if (!tables) return { ...DEFAULT_FACE };
  const { name, head } = tables;
  const os2 = tables['OS/2'];
  const family = name ? nameOf(name, 16) || nameOf(name, 1) : '';
  const macStyle = head && head.length >= 46 ? head.readUInt16BE(44) : 0;
  let weight = macStyle & 1 ? 700 : 400;
  let style: FontFaceStyle = macStyle & 2 ? 'italic' : 'normal';
  if (os2 && os2.length >= 64) {
    const fsSelection = os2.readUInt16BE(62);
    // FreeType's italic flag comes from fsSelection bit 0 or macStyle; Skia reads bit 9 as oblique.
    if (fsSelection & 1) style = 'italic';
    if (fsSelection & (1 << 9)) style = 'oblique';
    const usWeightClass = os2.readUInt16BE(4);
    // Some old fonts give 1–9 for 100–900.
    if (usWeightClass >= 1 && usWeightClass <= 9) weight = usWeightClass * 100;
    else if (usWeightClass >= 1 && usWeightClass <= 1000) weight = usWeightClass;
  }
  return { family, weight, style };
}
