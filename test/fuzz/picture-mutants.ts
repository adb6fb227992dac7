/**
 * Mutants of real pictures, part by part: PNG chunks (with the CRC fixed half of the time, so
 * the decoder reads the damaged data instead of stopping at the checksum), JPEG segments and
 * entropy-coded data, WebP RIFF chunks, GIF blocks, and SVG text (extreme numbers, deep nesting,
 * entities, external references) besides plain byte damage.
 */
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { Rng } from './fuzz-settings.ts';
import { maybeTruncate, mutateRegion, type Mutant, type Region } from './mutate.ts';

/** A picture to mutate. */
export interface PictureSeed {
  name: string;
  format: 'png' | 'jpg' | 'webp' | 'gif' | 'svg';
  data: Buffer;
}

/** The SVG seed: shapes, a gradient, text, a filter and a transform. */
const SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" viewBox="0 0 120 80">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f00"/><stop offset="1" stop-color="#00f"/></linearGradient>
  <filter id="f"><feGaussianBlur stdDeviation="2"/></filter></defs>
  <rect x="4" y="4" width="112" height="72" rx="8" fill="url(#g)"/>
  <circle cx="60" cy="40" r="20" fill="#fff" filter="url(#f)"/>
  <path d="M10 70 L40 10 L70 70 Z" fill="none" stroke="#000" stroke-width="3" transform="rotate(10 40 40)"/>
  <text x="60" y="45" font-size="14" text-anchor="middle">Fuzz</text>
</svg>`;

/** The five seeds, made in code from one gradient picture. */
export async function pictureSeeds(): Promise<PictureSeed[]> {
  const width = 48;
  const height = 32;
  const raw = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      raw.set([x * 5, y * 8, (x + y) * 3, 128 + x], (y * width + x) * 4);
  const base = () => sharp(raw, { raw: { width, height, channels: 4 } });
  return [
    { name: 'gradient.png', format: 'png', data: await base().png().toBuffer() },
    { name: 'gradient.jpg', format: 'jpg', data: await base().jpeg({ quality: 80 }).toBuffer() },
    { name: 'gradient.webp', format: 'webp', data: await base().webp({ quality: 80 }).toBuffer() },
    { name: 'gradient.gif', format: 'gif', data: await base().gif().toBuffer() },
    { name: 'drawing.svg', format: 'svg', data: Buffer.from(SVG) },
  ];
}

/** Signature and every chunk of a PNG. */
function pngRegions(data: Buffer): Region[] {
  const regions: Region[] = [{ name: 'signature', start: 0, end: 8 }];
  for (let pos = 8; pos + 12 <= data.length;) {
    const length = data.readUInt32BE(pos);
    const end = Math.min(data.length, pos + 12 + length);
    regions.push({ name: data.toString('latin1', pos + 4, pos + 8), start: pos, end });
    pos = end;
  }
  return regions;
}

/** Recomputes the CRC of every PNG chunk that still lies inside the file. */
function fixPngCrcs(data: Buffer): void {
  for (let pos = 8; pos + 12 <= data.length;) {
    const length = data.readUInt32BE(pos);
    if (pos + 12 + length > data.length) return;
    data.writeUInt32BE(zlib.crc32(data.subarray(pos + 4, pos + 8 + length)), pos + 8 + length);
    pos += 12 + length;
  }
}

/** Every marker segment of a JPEG, and its entropy-coded scan data. */
function jpegRegions(data: Buffer): Region[] {
  const regions: Region[] = [{ name: 'SOI', start: 0, end: 2 }];
  let pos = 2;
  while (pos + 4 <= data.length && data[pos] === 0xff) {
    const marker = data[pos + 1];
    const end = Math.min(data.length, pos + 2 + data.readUInt16BE(pos + 2));
    regions.push({ name: `marker ${marker.toString(16)}`, start: pos, end });
    pos = end;
    if (marker === 0xda) {
      regions.push({ name: 'scan data', start: pos, end: data.length });
      break;
    }
  }
  return regions;
}

/** The RIFF header and every chunk of a WebP. */
function webpRegions(data: Buffer): Region[] {
  const regions: Region[] = [{ name: 'RIFF header', start: 0, end: 12 }];
  for (let pos = 12; pos + 8 <= data.length;) {
    const size = data.readUInt32LE(pos + 4);
    const end = Math.min(data.length, pos + 8 + size + (size % 2));
    regions.push({ name: data.toString('latin1', pos, pos + 4), start: pos, end });
    pos = end;
  }
  return regions;
}

/** Skips GIF data sub-blocks starting at `pos`; returns the position after the terminator. */
function skipSubBlocks(data: Buffer, pos: number): number {
  while (pos < data.length && data[pos] !== 0) pos += data[pos] + 1;
  return Math.min(data.length, pos + 1);
}

/** Header, logical screen, colour tables, extensions and image blocks of a GIF. */
function gifRegions(data: Buffer): Region[] {
  const regions: Region[] = [{ name: 'header + screen', start: 0, end: 13 }];
  let pos = 13;
  if (data[10] & 0x80) {
    const end = pos + 3 * (2 << (data[10] & 7));
    regions.push({ name: 'global colour table', start: pos, end });
    pos = end;
  }
  while (pos < data.length && data[pos] !== 0x3b) {
    const start = pos;
    if (data[pos] === 0x21) {
      pos = skipSubBlocks(data, pos + 2);
      regions.push({ name: `extension ${data[start + 1].toString(16)}`, start, end: pos });
    } else if (data[pos] === 0x2c) {
      const flags = data[pos + 9];
      pos += 10 + (flags & 0x80 ? 3 * (2 << (flags & 7)) : 0);
      regions.push({ name: 'image descriptor', start, end: pos });
      const lzw = pos;
      pos = skipSubBlocks(data, pos + 1);
      regions.push({ name: 'image data', start: lzw, end: pos });
    } else break;
  }
  return regions;
}

/** Text-level SVG mutations that reach the parser's and renderer's limits. */
const SVG_EDITS: Array<[string, (svg: string, rng: Rng) => string]> = [
  [
    'extreme number',
    (svg, rng) => {
      const numbers = [...svg.matchAll(/-?\d+(\.\d+)?/g)];
      const m = rng.pick(numbers);
      const value = rng.pick(['0', '-1', '1e9', '99999999', '1e-30', 'NaN', '-1e9', '4294967296']);
      return svg.slice(0, m.index) + value + svg.slice(m.index! + m[0].length);
    },
  ],
  [
    'huge canvas',
    (svg, rng) =>
      svg.replace(
        'width="120" height="80"',
        `width="${rng.pick(['100000', '1e7', '0'])}" height="${rng.pick(['100000', '80', '-5'])}"`,
      ),
  ],
  [
    'deep nesting',
    (svg, rng) => {
      const depth = 50 + rng.int(2000);
      return svg.replace(
        '</svg>',
        `${'<g>'.repeat(depth)}<rect width="1" height="1"/>${'</g>'.repeat(depth)}</svg>`,
      );
    },
  ],
  [
    'many elements',
    (svg, rng) =>
      svg.replace('</svg>', `${'<circle cx="5" cy="5" r="4"/>'.repeat(100 + rng.int(5000))}</svg>`),
  ],
  [
    'entity expansion',
    (svg) =>
      svg
        .replace(
          '<svg',
          '<!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;"><!ENTITY d "&c;&c;&c;&c;&c;&c;&c;&c;&c;&c;">]>\n<svg',
        )
        .replace('>Fuzz<', '>&d;&d;&d;<'),
  ],
  [
    'external reference',
    (svg, rng) =>
      svg.replace(
        '</svg>',
        `<image href="${rng.pick(['file:///etc/passwd', 'http://127.0.0.1:1/x.png', 'data:image/png;base64,AAAA', '#g'])}" width="10" height="10"/></svg>`,
      ),
  ],
  [
    'self reference',
    (svg) => svg.replace('</svg>', '<g id="loop"><use href="#loop"/></g><use href="#loop"/></svg>'),
  ],
  [
    'huge blur',
    (svg, rng) =>
      svg.replace('stdDeviation="2"', `stdDeviation="${rng.pick(['1e6', '5000', '-1'])}"`),
  ],
  ['cut', (svg, rng) => svg.slice(0, rng.int(svg.length))],
];

/** One mutant of `seed`, chosen by `rng`. */
export function pictureMutant(seed: PictureSeed, rng: Rng): Mutant {
  const { data, format } = seed;
  if (format === 'svg' && rng.int(3) !== 0) {
    const [name, edit] = rng.pick(SVG_EDITS);
    return { data: Buffer.from(edit(data.toString('utf8'), rng)), description: `svg: ${name}` };
  }
  const regions =
    format === 'png'
      ? pngRegions(data)
      : format === 'jpg'
        ? jpegRegions(data)
        : format === 'webp'
          ? webpRegions(data)
          : format === 'gif'
            ? gifRegions(data)
            : [{ name: 'svg text', start: 0, end: data.length }];
  const region = rng.pick(regions);
  const mutant = maybeTruncate(mutateRegion(data, region, rng), region, rng);
  if (format === 'png' && rng.int(2) === 0) {
    fixPngCrcs(mutant.data);
    return { ...mutant, description: `${mutant.description} (CRCs fixed)` };
  }
  return mutant;
}
