/**
 * The RGBA → RGB step in front of sharp's encoders: the same bytes as libvips' removeAlpha for
 * every length (the SIMD steps of 16 pixels, the tail, the chunks of the WebAssembly memory), the
 * embedded module compiled from its .wat source, and encodes that overlap in one thread each
 * getting their own pixels although they share a spare buffer.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { describe, it } from 'node:test';
import { createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import { encodeRaster } from '../../../src/render/output/encode-raster.ts';
import { rgbaToRgb } from '../../../src/render/output/rgba-to-rgb.ts';
import { WASM_BASE64 } from '../../../src/render/output/rgba-to-rgb-wasm.ts';
// @ts-expect-error: a plain .mjs script without type declarations
import { compileWat } from '../../../scripts/build-wasm.mjs';

const WAT = new URL('../../../src/render/output/rgba-to-rgb.wat', import.meta.url).pathname;

/** libvips' answer for the same pixels. */
async function viaSharp(rgba: Buffer): Promise<Buffer> {
  const width = rgba.length / 4;
  return sharp(rgba, { raw: { width, height: 1, channels: 4 } })
    .removeAlpha()
    .raw()
    .toBuffer();
}

describe('rgbaToRgb', () => {
  // 16-pixel steps, a tail of every length, exactly one chunk (16384) and chunks plus a tail.
  for (const pixels of [1, 5, 15, 16, 17, 31, 64, 1000, 16384, 16385, 40_000, 100_003]) {
    it(`drops the alpha byte of ${pixels} pixels as libvips does`, async () => {
      const rgba = randomBytes(pixels * 4);
      assert.deepEqual(rgbaToRgb(rgba), await viaSharp(rgba));
    });
  }

  it('writes into a larger buffer given to it and returns just the pixels', async () => {
    const rgba = randomBytes(20_000 * 4);
    const into = Buffer.alloc(20_000 * 3 + 7, 0xee);
    const rgb = rgbaToRgb(rgba, into);
    assert.equal(rgb.length, 20_000 * 3);
    assert.equal(rgb.buffer, into.buffer);
    assert.deepEqual(rgb, await viaSharp(rgba));
    assert.deepEqual([...into.subarray(20_000 * 3)], Array(7).fill(0xee));
  });

  it('refuses a length that is not whole pixels, or a buffer too small', () => {
    assert.throws(() => rgbaToRgb(Buffer.alloc(6)), /not a multiple of 4/);
    assert.throws(() => rgbaToRgb(Buffer.alloc(8), Buffer.alloc(5)), /cannot hold 2 RGB pixels/);
  });

  it('embeds the module its .wat source compiles to (run scripts/build-wasm.mjs after a change)', async () => {
    const bytes = (await compileWat(WAT)) as Buffer;
    assert.equal(bytes.toString('base64'), WASM_BASE64);
  });
});

describe('opaque encodes sharing the spare RGB buffer', () => {
  /** An opaque canvas of one colour. */
  function plain(colour: string, width = 64, height = 48) {
    const canvas = createCanvas(width, height);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = colour;
    ctx.fillRect(0, 0, width, height);
    return canvas;
  }
  const firstPixel = async (png: Buffer) => [...(await sharp(png).raw().toBuffer()).subarray(0, 3)];
  const png = (canvas: ReturnType<typeof plain>) =>
    encodeRaster(canvas, 'png', { density: 72, opaque: true });

  it('gives each of several overlapping encodes its own pixels', async () => {
    const colours = ['#ff0000', '#00ff00', '#0000ff', '#808080', '#123456'];
    // The first encode leaves a spare buffer; the next ones start while others still run.
    await png(plain('#000000'));
    const files = await Promise.all(colours.map((c) => png(plain(c))));
    const got = await Promise.all(files.map(firstPixel));
    assert.deepEqual(got, [
      [255, 0, 0],
      [0, 255, 0],
      [0, 0, 255],
      [128, 128, 128],
      [0x12, 0x34, 0x56],
    ]);
  });

  it('uses a larger spare for a smaller canvas and encodes a larger one after it', async () => {
    await png(plain('#ffffff', 300, 200));
    const small = await png(plain('#ff8800', 10, 10));
    const large = await png(plain('#0088ff', 400, 300));
    assert.deepEqual(
      await sharp(small)
        .metadata()
        .then((m) => [m.width, m.height]),
      [10, 10],
    );
    assert.deepEqual(await firstPixel(small), [255, 0x88, 0]);
    assert.deepEqual(
      await sharp(large)
        .metadata()
        .then((m) => [m.width, m.height]),
      [400, 300],
    );
    const { data } = await sharp(large).raw().toBuffer({ resolveWithObject: true });
    // Every pixel, not just the first: a stale spare would show the previous colour somewhere.
    for (let i = 0; i < data.length; i += 3) {
      if (data[i] !== 0 || data[i + 1] !== 0x88 || data[i + 2] !== 0xff) {
        assert.fail(`pixel ${i / 3} is ${[...data.subarray(i, i + 3)]}`);
      }
    }
  });
});
