/**
 * The PNG encoder of opaque canvases (Sub filter + zlib): lossless, valid chunks with their CRCs
 * (pngjs checks them), the density in pHYs, and smaller than libspng's unfiltered encode at the
 * same zlib level on a rendered-like picture.
 */
import assert from 'node:assert/strict';
import zlib from 'node:zlib';
import { describe, it } from 'node:test';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { encodeOpaquePng } from '../../../src/render/output/encode-png.ts';

/** Packed RGB of a `width`×`height` picture: gradients, flat areas and noise, seeded. */
function picture(width: number, height: number, seed = 7): Buffer {
  const rgb = Buffer.alloc(width * height * 3);
  let s = seed;
  const rand = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) >>> 24) & 15;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const flat = x < width / 3;
      rgb[i] = flat ? 240 : (x * 255) / width;
      rgb[i + 1] = flat ? 240 : (y * 255) / height;
      rgb[i + 2] = flat ? 250 : 128 + rand();
    }
  }
  return rgb;
}

/** The opaque RGBA of packed RGB (alpha 255), as a canvas holds it. */
function rgba(rgb: Buffer): Buffer {
  const out = Buffer.alloc((rgb.length / 3) * 4, 255);
  for (let i = 0, o = 0; i < rgb.length; i += 3, o += 4) rgb.copy(out, o, i, i + 3);
  return out;
}

/** encodeOpaquePng of packed RGB. */
const encode = (rgb: Buffer, w: number, h: number, opts: { dpi: number; level: number }) =>
  encodeOpaquePng(rgba(rgb), w, h, opts);

/** The chunk types of a PNG, in order. */
function chunkTypes(png: Buffer): string[] {
  const types: string[] = [];
  for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at)) {
    types.push(png.toString('latin1', at + 4, at + 8));
  }
  return types;
}

describe('encodeRgbPng', () => {
  it('encodes the exact RGB of opaque RGBA, every size down to one pixel, with valid chunks and the density', async () => {
    for (const [w, h] of [
      [1, 1],
      [1, 9],
      [9, 1],
      [37, 23],
    ] as const) {
      const rgb = picture(w, h, w * 31 + h);
      const png = await encode(rgb, w, h, { dpi: 150, level: 2 });
      assert.deepEqual(chunkTypes(png), ['IHDR', 'pHYs', 'IDAT', 'IEND'], `${w}×${h}`);
      const decoded = PNG.sync.read(png); // checks every CRC
      assert.deepEqual([decoded.width, decoded.height], [w, h]);
      const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
      assert.equal(info.channels, 3, 'RGB, no alpha channel');
      assert.ok(data.equals(rgb), `the same pixels at ${w}×${h}`);
      assert.equal((await sharp(png).metadata()).density, 150);
    }
  });

  it('Sub-filters every row', async () => {
    const png = await encode(picture(20, 6), 20, 6, { dpi: 72, level: 1 });
    const at = 8 + 25 + 21; // after the signature, IHDR and pHYs
    const rows = zlib.inflateSync(png.subarray(at + 8, at + 8 + png.readUInt32BE(at)));
    assert.equal(rows.length, 6 * (20 * 3 + 1));
    for (let y = 0; y < 6; y++) assert.equal(rows[y * 61], 1, `row ${y}`);
  });

  it('keeps concurrent encodes apart (one spare row buffer per thread)', async () => {
    const a = picture(64, 40, 1);
    const b = picture(64, 40, 2);
    const [pa, pb] = await Promise.all([
      encode(a, 64, 40, { dpi: 72, level: 2 }),
      encode(b, 64, 40, { dpi: 72, level: 2 }),
    ]);
    assert.ok((await sharp(pa).raw().toBuffer()).equals(a));
    assert.ok((await sharp(pb).raw().toBuffer()).equals(b));
  });

  it("is smaller than libspng's unfiltered PNG at the same level", async () => {
    const rgb = picture(600, 300);
    const ours = await encode(rgb, 600, 300, { dpi: 72, level: 2 });
    const unfiltered = await sharp(rgb, { raw: { width: 600, height: 300, channels: 3 } })
      .png({ compressionLevel: 2, adaptiveFiltering: false })
      .toBuffer();
    assert.ok(ours.length < unfiltered.length * 0.9, `${ours.length} vs ${unfiltered.length}`);
  });
});
