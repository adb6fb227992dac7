/**
 * The PNG of an opaque canvas, encoded here rather than by sharp: every row with PNG's Sub filter
 * (each byte minus the byte of the pixel to its left), then zlib at a low level. libspng, through
 * sharp, offers either no filter (fast, but the card's file is about a fifth larger than
 * Chromium's) or its adaptive choice among the five filters per row (about as small as
 * Chromium's, for several times the encode time). One fixed filter gets most of the adaptive
 * choice's gain on rendered designs, whose flat colours and gradients turn into runs of zeros,
 * at about the cost of libspng's unfiltered encode (figures: docs/benchmarks.md, "PNG size").
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const deflate = promisify(zlib.deflate);

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const IEND = Buffer.concat(chunkParts('IEND', Buffer.alloc(0)));

/** Filtered buffers larger than this are not kept for the next encode (4 megapixels). */
const MAX_SPARE = 4096 * 1024 * 3 + 4096;
/**
 * The filtered rows of the last encode, kept for the next one: a new 2.3 MB buffer per card is
 * paged in by the kernel anew each time. An encode takes it only while no other encode of the
 * thread holds it.
 */
let spare: Buffer | null = null;

/** One PNG chunk as its parts: length and type, data, CRC of type and data (no copy of data). */
function chunkParts(type: string, data: Buffer): Buffer[] {
  const head = Buffer.allocUnsafe(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.allocUnsafe(4);
  crc.writeUInt32BE(zlib.crc32(data, zlib.crc32(head.subarray(4))), 0);
  return [head, data, crc];
}

/**
 * Writes the RGB of opaque RGBA pixels into `out` as PNG rows, each after its filter-type byte
 * (1: Sub) and Sub-filtered: the alpha byte is dropped in the same pass, so no RGB copy of the
 * canvas is made.
 */
function subFilter(rgba: Uint8Array, width: number, height: number, out: Buffer): void {
  let i = 0;
  let o = 0;
  for (let y = 0; y < height; y++) {
    out[o++] = 1;
    let pr = 0;
    let pg = 0;
    let pb = 0;
    for (let x = 0; x < width; x++) {
      const r = rgba[i];
      const g = rgba[i + 1];
      const b = rgba[i + 2];
      i += 4;
      // Uint8Array stores wrap modulo 256, as the filter is defined.
      out[o] = r - pr;
      out[o + 1] = g - pg;
      out[o + 2] = b - pb;
      o += 3;
      pr = r;
      pg = g;
      pb = b;
    }
  }
}

/**
 * A PNG (8-bit RGB, no alpha channel) of `width`×`height` opaque RGBA pixels, with `dpi` in its
 * pHYs chunk, compressed at zlib `level`.
 */
export async function encodeOpaquePng(
  rgba: Uint8Array,
  width: number,
  height: number,
  opts: { dpi: number; level: number },
): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per channel
  header[9] = 2; // colour type: RGB
  // Compression, filter method and interlacing: 0 (deflate, adaptive filtering, none).
  const density = Buffer.alloc(9);
  const perMetre = Math.round(opts.dpi / 0.0254);
  density.writeUInt32BE(perMetre, 0);
  density.writeUInt32BE(perMetre, 4);
  density[8] = 1; // the unit is the metre
  const size = height * (width * 3 + 1);
  const taken = spare && spare.length >= size ? spare : null;
  if (taken) spare = null;
  const rows = taken ?? Buffer.allocUnsafe(size);
  let data: Buffer;
  try {
    subFilter(rgba, width, height, rows);
    // zlib runs in libuv's thread pool, as sharp's encoders do: the thread's loop stays free.
    data = await deflate(rows.subarray(0, size), { level: opts.level });
  } finally {
    if (rows.length <= MAX_SPARE && (!spare || spare.length < rows.length)) spare = rows;
  }
  return Buffer.concat([
    SIGNATURE,
    ...chunkParts('IHDR', header),
    ...chunkParts('pHYs', density),
    ...chunkParts('IDAT', data),
    IEND,
  ]);
}
