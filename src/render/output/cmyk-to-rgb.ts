/**
 * The RGB of cmyk() colours, converted through a CMYK ICC profile by lcms (sharp/libvips): the
 * inks go into a one-row CMYK TIFF that carries the profile, and sharp converts it to sRGB. Each
 * colour is converted once per profile and process.
 */
import { createHash } from 'node:crypto';
import sharp from 'sharp';
import type { CmykInks } from '../design/cmyk-color.ts';

/** An sRGB colour, 0–255 per channel. */
export type Rgb = [r: number, g: number, b: number];

/** Converted colours by profile and inks; cleared when it grows past MAX_CACHED. */
const cache = new Map<string, Rgb>();
const MAX_CACHED = 10_000;
const profileIds = new WeakMap<Uint8Array, string>();

/** A short id of the profile's bytes, for the cache key. */
function profileId(icc: Uint8Array): string {
  let id = profileIds.get(icc);
  if (!id) {
    id = createHash('sha256').update(icc).digest('hex').slice(0, 16);
    profileIds.set(icc, id);
  }
  return id;
}

const SHORT = 3;
const LONG = 4;
const UNDEFINED = 7;

/**
 * An uncompressed little-endian TIFF, `pixels` CMYK pixels wide and one high, with `icc` as its
 * embedded profile (tag 34675). libvips reads a TIFF's profile; it has no raw CMYK input.
 */
export function cmykTiff(pixels: readonly Uint8Array[], icc: Uint8Array): Buffer {
  const data = Buffer.concat(pixels);
  const bitsPerSample = Buffer.alloc(8);
  for (let i = 0; i < 4; i++) bitsPerSample.writeUInt16LE(8, i * 2);
  // [tag, type, count, value | bytes stored after the directory]
  const tags: Array<[number, number, number, number | Buffer]> = [
    [256, LONG, 1, pixels.length], // ImageWidth
    [257, LONG, 1, 1], // ImageLength
    [258, SHORT, 4, bitsPerSample], // BitsPerSample 8,8,8,8
    [259, SHORT, 1, 1], // Compression: none
    [262, SHORT, 1, 5], // PhotometricInterpretation: separated (CMYK)
    [273, LONG, 1, data], // StripOffsets
    [277, SHORT, 1, 4], // SamplesPerPixel
    [278, LONG, 1, 1], // RowsPerStrip
    [279, LONG, 1, data.length], // StripByteCounts
    [284, SHORT, 1, 1], // PlanarConfiguration: chunky
    [332, SHORT, 1, 1], // InkSet: CMYK
    [34675, UNDEFINED, icc.length, Buffer.from(icc)], // ICC profile
  ];
  const dirSize = 2 + tags.length * 12 + 4;
  const dir = Buffer.alloc(dirSize);
  const blobs: Buffer[] = [];
  let offset = 8 + dirSize;
  dir.writeUInt16LE(tags.length, 0);
  tags.forEach(([tag, type, count, value], i) => {
    const at = 2 + i * 12;
    dir.writeUInt16LE(tag, at);
    dir.writeUInt16LE(type, at + 2);
    dir.writeUInt32LE(count, at + 4);
    if (typeof value === 'number') {
      if (type === SHORT) dir.writeUInt16LE(value, at + 8);
      else dir.writeUInt32LE(value, at + 8);
      return;
    }
    dir.writeUInt32LE(offset, at + 8);
    // Values start on a word boundary.
    const padded = value.length % 2 ? Buffer.concat([value, Buffer.alloc(1)]) : value;
    blobs.push(padded);
    offset += padded.length;
  });
  return Buffer.concat([Buffer.from([0x49, 0x49, 42, 0, 8, 0, 0, 0]), dir, ...blobs]);
}

const key = (id: string, inks: CmykInks): string => `${id}:${inks.join(',')}`;

/** The sRGB of each ink combination through the CMYK profile `icc` (the profile's default intent). */
export async function cmykToRgb(colors: readonly CmykInks[], icc: Uint8Array): Promise<Rgb[]> {
  const id = profileId(icc);
  const missing = colors.filter((c) => !cache.has(key(id, c)));
  if (missing.length > 0) {
    if (cache.size + missing.length > MAX_CACHED) cache.clear();
    const pixels = missing.map((inks) => Uint8Array.from(inks.map((v) => Math.round(v * 255))));
    const rgb = await sharp(cmykTiff(pixels, icc)).toColourspace('srgb').raw().toBuffer();
    missing.forEach((inks, i) => {
      cache.set(key(id, inks), [rgb[i * 3], rgb[i * 3 + 1], rgb[i * 3 + 2]]);
    });
  }
  return colors.map((c) => cache.get(key(id, c))!);
}
