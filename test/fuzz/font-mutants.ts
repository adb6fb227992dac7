/**
 * Mutants of real font files, table by table: the regions of a TTF/OTF (header, table directory,
 * every table), of a WOFF (header, directory, each compressed table, and each table's decoded
 * bytes re-compressed) and of a WOFF2 (header, directory, the brotli stream, and each table
 * inside the decoded stream re-compressed), so mutations reach every table's parser.
 */
import zlib from 'node:zlib';
import type { Rng } from './fuzz-settings.ts';
import { maybeTruncate, mutateRegion, type Mutant, type Region } from './mutate.ts';

/** A font file to mutate. */
export interface FontSeed {
  name: string;
  format: 'ttf' | 'otf' | 'woff' | 'woff2';
  data: Buffer;
}

/** Header, table directory and every table of a TTF/OTF. */
export function sfntRegions(data: Buffer): Region[] {
  const count = data.readUInt16BE(4);
  const regions: Region[] = [
    { name: 'header', start: 0, end: 12 },
    { name: 'directory', start: 12, end: 12 + count * 16 },
  ];
  for (let i = 0; i < count; i++) {
    const e = 12 + i * 16;
    const offset = data.readUInt32BE(e + 8);
    const length = data.readUInt32BE(e + 12);
    regions.push({ name: data.toString('latin1', e, e + 4), start: offset, end: offset + length });
  }
  return regions;
}

interface WoffTable {
  tag: string;
  offset: number;
  compLength: number;
  origLength: number;
}

function woffTables(data: Buffer): WoffTable[] {
  const count = data.readUInt16BE(12);
  return Array.from({ length: count }, (_, i) => {
    const e = 44 + i * 20;
    return {
      tag: data.toString('latin1', e, e + 4),
      offset: data.readUInt32BE(e + 4),
      compLength: data.readUInt32BE(e + 8),
      origLength: data.readUInt32BE(e + 12),
    };
  });
}

/** Header, directory and the stored (compressed) bytes of every table of a WOFF. */
export function woffRegions(data: Buffer): Region[] {
  const tables = woffTables(data);
  return [
    { name: 'header', start: 0, end: 44 },
    { name: 'directory', start: 44, end: 44 + tables.length * 20 },
    ...tables.map((t) => ({
      name: `${t.tag} (compressed)`,
      start: t.offset,
      end: t.offset + t.compLength,
    })),
  ];
}

/** A WOFF with the decoded bytes of one table mutated, then compressed and laid out again. */
function woffDecodedMutant(data: Buffer, rng: Rng): Mutant {
  const tables = woffTables(data);
  const decoded = tables.map((t): Buffer => {
    const stored = data.subarray(t.offset, t.offset + t.compLength);
    return t.compLength < t.origLength ? zlib.inflateSync(stored) : Buffer.from(stored);
  });
  const which = rng.int(tables.length);
  const mutant = mutateRegion(
    decoded[which],
    { name: `${tables[which].tag} (decoded)`, start: 0, end: decoded[which].length },
    rng,
  );
  decoded[which] = mutant.data;
  const header = Buffer.from(data.subarray(0, 44 + tables.length * 20));
  const parts: Buffer[] = [header];
  let offset = header.length;
  decoded.forEach((bytes, i) => {
    const packed = zlib.deflateSync(bytes);
    const stored = packed.length < bytes.length ? packed : bytes;
    const e = 44 + i * 20;
    header.writeUInt32BE(offset, e + 4);
    header.writeUInt32BE(stored.length, e + 8);
    header.writeUInt32BE(bytes.length, e + 12);
    const padded = Buffer.concat([stored, Buffer.alloc((4 - (stored.length % 4)) % 4)]);
    parts.push(padded);
    offset += padded.length;
  });
  header.writeUInt32BE(offset, 8);
  return { data: Buffer.concat(parts), description: mutant.description };
}

/** A WOFF2 UIntBase128 at `pos`: [value, next position]. */
function base128(data: Buffer, pos: number): [number, number] {
  let value = 0;
  for (;;) {
    const byte = data[pos++];
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) return [value, pos];
  }
}

/** The table directory of a WOFF2: each table's decoded size (in stream order) and the stream start. */
function woff2Directory(data: Buffer): {
  tables: Array<{ tag: string; size: number }>;
  streamStart: number;
} {
  const count = data.readUInt16BE(12);
  let pos = 48;
  const tables: Array<{ tag: string; size: number }> = [];
  for (let i = 0; i < count; i++) {
    const flags = data[pos++];
    let tag = `#${flags & 0x3f}`;
    if ((flags & 0x3f) === 0x3f) {
      tag = data.toString('latin1', pos, pos + 4);
      pos += 4;
    }
    let size: number;
    [size, pos] = base128(data, pos);
    const known = flags & 0x3f;
    const version = flags >>> 6;
    if (known === 10 || known === 11 ? version === 0 : version !== 0)
      [size, pos] = base128(data, pos);
    tables.push({ tag, size });
  }
  return { tables, streamStart: pos };
}

/** Header, directory and the brotli stream of a WOFF2. */
export function woff2Regions(data: Buffer): Region[] {
  const { streamStart } = woff2Directory(data);
  const compressed = data.readUInt32BE(20);
  return [
    { name: 'header', start: 0, end: 48 },
    { name: 'directory', start: 48, end: streamStart },
    { name: 'brotli stream', start: streamStart, end: streamStart + compressed },
  ];
}

/** A WOFF2 with one table of the decoded stream mutated, then compressed again. */
function woff2DecodedMutant(data: Buffer, rng: Rng): Mutant {
  const { tables, streamStart } = woff2Directory(data);
  const compressed = data.readUInt32BE(20);
  const stream = Buffer.from(
    zlib.brotliDecompressSync(data.subarray(streamStart, streamStart + compressed)),
  );
  const which = rng.int(tables.length);
  const start = tables.slice(0, which).reduce((sum, t) => sum + t.size, 0);
  const mutant = mutateRegion(
    stream,
    { name: `${tables[which].tag} (decoded)`, start, end: start + tables[which].size },
    rng,
  );
  const packed = zlib.brotliCompressSync(mutant.data);
  const head = Buffer.from(data.subarray(0, streamStart));
  head.writeUInt32BE(packed.length, 20);
  const tail = data.subarray(streamStart + compressed); // metadata and private data, if any
  const out = Buffer.concat([head, packed, Buffer.alloc((4 - (packed.length % 4)) % 4), tail]);
  out.writeUInt32BE(out.length, 8);
  return { data: out, description: mutant.description };
}

/** One mutant of `seed`, chosen by `rng`. */
export function fontMutant(seed: FontSeed, rng: Rng): Mutant {
  const { data, format } = seed;
  if (format === 'woff' && rng.int(2) === 0) return woffDecodedMutant(data, rng);
  if (format === 'woff2' && rng.int(2) === 0) return woff2DecodedMutant(data, rng);
  const regions =
    format === 'woff'
      ? woffRegions(data)
      : format === 'woff2'
        ? woff2Regions(data)
        : sfntRegions(data);
  const region = rng.pick(regions);
  return maybeTruncate(mutateRegion(data, region, rng), region, rng);
}
