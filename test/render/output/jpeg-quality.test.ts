/**
 * JPEG output keeps the quality of Skia's encoder at quality 90 (the encoder before libjpeg-turbo
 * through sharp): measured as SSIM against the lossless PNG of the same card, and in bytes.
 * Speed is measured by `npm run bench`, never here.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import sharp from 'sharp';
import { ssim } from 'ssim.js';
import { renderImage } from '../../../src/render/index.ts';
import { photoAssets, sampleDesign } from './output-kit.ts';

/** RGBA pixels of an encoded image, as ssim.js takes them. */
async function pixels(bytes: Buffer) {
  const { data, info } = await sharp(bytes)
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data: new Uint8ClampedArray(data), width: info.width, height: info.height };
}

describe('JPEG quality', () => {
  it('matches Skia quality 90 in SSIM, with 4:2:0 chroma, at most 10% more bytes', async () => {
    const assets = await photoAssets();
    const design = sampleDesign();
    const png = await renderImage({ design, assets, options: { format: 'png' } });
    const jpg = await renderImage({ design, assets, options: { format: 'jpg' } });

    // Skia's quality-90 JPEG of the same pixels: the quality the output had before.
    const canvas = createCanvas(png.width, png.height);
    canvas.getContext('2d').drawImage(await loadImage(png.bytes), 0, 0);
    const skia = canvas.encodeSync('jpeg', { quality: 90 });

    const reference = await pixels(png.bytes);
    const ours = ssim(reference, await pixels(jpg.bytes), { downsample: false }).mssim;
    const before = ssim(reference, await pixels(skia), { downsample: false }).mssim;
    assert.ok(ours >= before - 0.001, `SSIM ${ours.toFixed(5)} vs Skia's ${before.toFixed(5)}`);
    assert.ok(ours > 0.98, `SSIM ${ours.toFixed(5)}`);
    assert.equal((await sharp(jpg.bytes).metadata()).chromaSubsampling, '4:2:0');
    assert.ok(
      jpg.bytes.length <= skia.length * 1.1,
      `${jpg.bytes.length} bytes vs Skia's ${skia.length}`,
    );
  });
});
