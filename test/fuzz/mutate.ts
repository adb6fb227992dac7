/**
 * Byte mutations inside one region of a file (a font table, a PNG chunk, a JPEG segment…), so
 * every part of a format is reached, not only the bytes a decoder reads first.
 */
import type { Rng } from './fuzz-settings.ts';

/** A named byte range of a file. */
export interface Region {
  name: string;
  start: number;
  end: number;
}

/** Values parsers treat specially: zero, sign edges, all ones. */
const EDGE_BYTES = [0x00, 0x01, 0x7f, 0x80, 0xfe, 0xff];
const EDGE_WORDS = [0, 1, 0x7fff, 0x8000, 0xffff, 0x7fffffff, 0x80000000, 0xffffffff, 0x0a000000];

/** What was done, for the failure message. */
export interface Mutant {
  data: Buffer;
  description: string;
}

/**
 * A copy of `data` with 1–4 mutations inside `region`: a random byte, a flipped bit, an edge byte,
 * or an edge 16/32-bit big-endian value (sizes, counts and offsets are what parsers trust).
 */
export function mutateRegion(data: Buffer, region: Region, rng: Rng): Mutant {
  const out = Buffer.from(data);
  const size = region.end - region.start;
  const done: string[] = [];
  if (size <= 0) return { data: out, description: `${region.name}: empty` };
  const times = 1 + rng.int(4);
  for (let i = 0; i < times; i++) {
    const at = region.start + rng.int(size);
    const kind = rng.int(5);
    if (kind === 0) {
      out[at] = rng.int(256);
      done.push(`byte@${at}=${out[at]}`);
    } else if (kind === 1) {
      out[at] ^= 1 << rng.int(8);
      done.push(`bit@${at}`);
    } else if (kind === 2) {
      out[at] = rng.pick(EDGE_BYTES);
      done.push(`edge@${at}=${out[at]}`);
    } else if (kind === 3 && at + 2 <= out.length) {
      out.writeUInt16BE(rng.pick(EDGE_WORDS) & 0xffff, at);
      done.push(`u16@${at}=${out.readUInt16BE(at)}`);
    } else if (at + 4 <= out.length) {
      out.writeUInt32BE(rng.pick(EDGE_WORDS), at);
      done.push(`u32@${at}=${out.readUInt32BE(at)}`);
    }
  }
  return { data: out, description: `${region.name}: ${done.join(' ')}` };
}

/** Sometimes (1 in 12) the file is also cut short at a random point inside the region. */
export function maybeTruncate(mutant: Mutant, region: Region, rng: Rng): Mutant {
  if (rng.int(12) !== 0 || region.end <= region.start) return mutant;
  const cut = region.start + rng.int(region.end - region.start);
  return { data: mutant.data.subarray(0, cut), description: `${mutant.description} cut@${cut}` };
}
