/**
 * Proof of the raster outputs: each format's magic bytes and size, `auto` by background
 * transparency, aspect-preserving width/height, dpi scaling and density metadata, CMYK JPEG with
 * an ICC profile, option checks before rendering, and the test watermark.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PNG } from 'pngjs';
import sharp from 'sharp';
import { setPngDensity } from '../../../src/render/output/encode-raster.ts';
import {
  checkRasterOptions,
  renderImage,
  RenderInputError,
  type Design,
} from '../../../src/render/index.ts';
import { isWatermarkRed, keep, photoAssets, redShare, sampleDesign } from './output-kit.ts';

/** A 300×200 design of shapes only (fast, no fonts). */
function shapes(background: string | null): Design {
  return {
    width: 300,
    height: 200,
    background,
    layers: [
      {
        name: 'a',
        type: 'shape',
        x: 20,
        y: 20,
        width: 120,
        height: 80,
        background_color: '#f59e0b',
        border_radius: 10,
      },
      {
        name: 'b',
        type: 'shape',
        x: 160,
        y: 100,
        width: 120,
        height: 80,
        background_color: '#2563eb',
      },
    ],
  };
}

const noAssets = { files: new Map<string, Buffer>(), fonts: [] };

const MAGIC: Record<string, (b: Buffer) => boolean> = {
  png: (b) =>
    b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])),
  jpg: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff,
  webp: (b) => b.subarray(0, 4).toString() === 'RIFF' && b.subarray(8, 12).toString() === 'WEBP',
  avif: (b) => b.subarray(4, 12).toString() === 'ftypavif',
};

describe('raster output', () => {
  for (const format of ['png', 'jpg', 'webp', 'avif'] as const) {
    it(`encodes ${format} with its magic bytes, MIME type and the design size`, async () => {
      const file = await renderImage({
        design: shapes('#ffffff'),
        assets: noAssets,
        options: { format },
      });
      assert.ok(MAGIC[format](file.bytes), `${format} magic bytes`);
      assert.equal(file.ext, format);
      assert.equal(
        file.mime,
        { png: 'image/png', jpg: 'image/jpeg', webp: 'image/webp', avif: 'image/avif' }[format],
      );
      const meta = await sharp(file.bytes).metadata();
      assert.deepEqual([meta.width, meta.height, file.width, file.height], [300, 200, 300, 200]);
      const { data } = await sharp(file.bytes)
        .flatten()
        .raw()
        .toBuffer({ resolveWithObject: true });
      const at = (x: number, y: number) => [
        ...data.subarray((y * 300 + x) * 3, (y * 300 + x) * 3 + 3),
      ];
      // The amber box and the blue box are where the design puts them, in every format.
      assert.ok(at(80, 60)[0] > 220 && at(80, 60)[2] < 60, `amber at (80,60): ${at(80, 60)}`);
      assert.ok(
        at(220, 140)[2] > 200 && at(220, 140)[0] < 60,
        `blue at (220,140): ${at(220, 140)}`,
      );
    });
  }

  it('auto picks png for a transparent or translucent background and jpg for an opaque one', async () => {
    for (const [background, ext] of [
      [null, 'png'],
      ['transparent', 'png'],
      ['#ffffff80', 'png'],
      ['rgba(0, 0, 0, 0.5)', 'png'],
      ['#1e293b', 'jpg'],
      ['white', 'jpg'],
    ] as const) {
      const file = await renderImage({ design: shapes(background), assets: noAssets });
      assert.equal(file.ext, ext, `background ${background}`);
    }
  });

  it('keeps transparency in png and flattens a transparent canvas on white in jpg', async () => {
    const png = await renderImage({
      design: shapes(null),
      assets: noAssets,
      options: { format: 'png' },
    });
    const px = await sharp(png.bytes).ensureAlpha().raw().toBuffer();
    assert.equal(px[3], 0, 'corner pixel is transparent');
    const jpg = await renderImage({
      design: shapes(null),
      assets: noAssets,
      options: { format: 'jpg' },
    });
    const jpx = await sharp(jpg.bytes).raw().toBuffer();
    assert.ok(
      jpx[0] > 245 && jpx[1] > 245 && jpx[2] > 245,
      `corner is white: ${[...jpx.subarray(0, 3)]}`,
    );
  });

  it('fits width/height inside the box keeping the aspect ratio', async () => {
    const cases: Array<[{ width?: number; height?: number }, number, number]> = [
      [{ width: 600 }, 600, 400],
      [{ height: 100 }, 150, 100],
      [{ width: 600, height: 100 }, 150, 100],
      [{ width: 150, height: 1000 }, 150, 100],
      [{ width: 1000, height: 1000 }, 1000, 667],
    ];
    for (const [box, w, h] of cases) {
      const file = await renderImage({
        design: shapes('#ffffff'),
        assets: noAssets,
        options: { ...box, format: 'png' },
      });
      const meta = await sharp(file.bytes).metadata();
      assert.deepEqual([meta.width, meta.height], [w, h], JSON.stringify(box));
      assert.deepEqual([file.width, file.height], [w, h]);
    }
  });

  it('draws at the output scale: an upscaled render stays sharp (no bitmap resize)', async () => {
    const file = await renderImage({
      design: shapes('#ffffff'),
      assets: noAssets,
      options: { width: 1200, format: 'png' },
    });
    keep('raster-upscaled.png', file.bytes);
    const { data } = await sharp(file.bytes).raw().toBuffer({ resolveWithObject: true });
    // The blue box's left edge at x = 160 × 4 = 640: a bitmap upscale would smear it over ~4 px.
    const row = 140 * 4;
    const px = (x: number) => data[(row * 1200 + x) * 3 + 2];
    assert.ok(
      px(638) > 245 && px(641) > 200 && data[(row * 1200 + 641) * 3] < 60,
      `edge ${px(638)} ${px(641)}`,
    );
  });

  it('png_compression trades encode effort for size, never pixels; other values are refused', async () => {
    const assets = await photoAssets();
    const design = sampleDesign();
    const png = async (pngCompression?: 'fast' | 'balanced' | 'small') =>
      (await renderImage({ design, assets, options: { format: 'png', pngCompression } })).bytes;
    const [plain, fast, balanced, small] = await Promise.all([
      png(),
      png('fast'),
      png('balanced'),
      png('small'),
    ]);
    assert.ok(plain.equals(fast), 'fast is the default');
    assert.ok(
      balanced.length < fast.length * 0.95,
      `balanced ${balanced.length} vs ${fast.length}`,
    );
    assert.ok(small.length < balanced.length, `small ${small.length} vs ${balanced.length}`);
    const pixels = await sharp(fast).raw().toBuffer();
    for (const other of [balanced, small])
      assert.ok(pixels.equals(await sharp(other).raw().toBuffer()), 'lossless: the same pixels');
    const problems = checkRasterOptions({ pngCompression: 'max' as 'fast' });
    assert.deepEqual(
      problems.map((p) => p.path),
      ['modifications.png_compression'],
    );
  });

  it('scales by dpi/72 and writes the density; width/height win over the dpi scale', async () => {
    for (const [dpi, w] of [
      [72, 300],
      [150, 625],
      [300, 1250],
    ] as const) {
      for (const format of ['png', 'jpg'] as const) {
        const file = await renderImage({
          design: shapes('#ffffff'),
          assets: noAssets,
          options: { dpi, format },
        });
        const meta = await sharp(file.bytes).metadata();
        assert.equal(meta.width, w, `${format} at ${dpi} dpi`);
        assert.equal(meta.density, dpi, `${format} density at ${dpi} dpi`);
      }
    }
    const boxed = await renderImage({
      design: shapes('#ffffff'),
      assets: noAssets,
      options: { dpi: 300, width: 600, format: 'jpg' },
    });
    const meta = await sharp(boxed.bytes).metadata();
    assert.deepEqual([meta.width, meta.height, meta.density], [600, 400, 300]);
  });

  it('makes a CMYK JPEG with an embedded CMYK ICC profile', async () => {
    const assets = await photoAssets();
    const design: Design = {
      ...shapes('#ffffff'),
      layers: [
        ...shapes('#ffffff').layers,
        {
          name: 'p',
          type: 'picture',
          x: 150,
          y: 10,
          width: 140,
          height: 80,
          image: 'https://pictures.test/photo.jpg',
        },
      ],
    };
    const file = await renderImage({ design, assets, options: { colorMode: 'cmyk' } });
    assert.equal(file.ext, 'jpg');
    const meta = await sharp(file.bytes).metadata();
    assert.equal(meta.space, 'cmyk');
    assert.equal(meta.channels, 4);
    assert.ok(meta.icc && meta.icc.length > 1000, 'ICC profile embedded');
    assert.equal(meta.icc.subarray(16, 20).toString(), 'CMYK', 'the profile is a CMYK profile');
    // Converted back to sRGB, the amber box is still amber.
    const rgb = await sharp(file.bytes).toColourspace('srgb').raw().toBuffer();
    const i = (60 * 300 + 80) * 3;
    assert.ok(
      rgb[i] > 200 && rgb[i + 1] > 120 && rgb[i + 1] < 190 && rgb[i + 2] < 90,
      `amber: ${[...rgb.subarray(i, i + 3)]}`,
    );
    keep('raster-cmyk.jpg', file.bytes);
  });

  it('refuses cmyk with png/webp/avif and other bad options before rendering, naming the field', async () => {
    assert.deepEqual(checkRasterOptions({}), []);
    assert.deepEqual(
      checkRasterOptions({ format: 'jpg', colorMode: 'cmyk', dpi: 300, width: 100 }),
      [],
    );
    for (const format of ['png', 'webp', 'avif'] as const) {
      const problems = checkRasterOptions({ format, colorMode: 'cmyk' });
      assert.equal(problems.length, 1);
      assert.equal(problems[0].path, 'modifications.color_mode');
      assert.match(problems[0].message, new RegExp(`cmyk.*${format}`));
    }
    const bad = checkRasterOptions({
      format: 'gif' as never,
      dpi: 96 as never,
      width: 0,
      height: 2.5,
      colorMode: 'lab' as never,
    });
    assert.deepEqual(bad.map((p) => p.path).sort(), [
      'modifications.color_mode',
      'modifications.dpi',
      'modifications.height',
      'modifications.image_format',
      'modifications.width',
    ]);
    assert.match(bad.find((p) => p.path === 'modifications.dpi')!.message, /72, 150, 300.*96/);
    await assert.rejects(
      renderImage({
        design: shapes('#fff'),
        assets: noAssets,
        options: { format: 'png', colorMode: 'cmyk' },
      }),
      (err: unknown) =>
        err instanceof RenderInputError && err.problems[0].path === 'modifications.color_mode',
    );
  });

  it('refuses an output too large to render with a problem, not a crash', async () => {
    const big: Design = { ...shapes('#fff'), width: 12000, height: 12000 };
    await assert.rejects(
      renderImage({ design: big, assets: noAssets, options: { dpi: 300 } }),
      (err: unknown) =>
        err instanceof RenderInputError && err.problems[0].path === 'modifications.dpi',
    );
  });

  it('puts a visible diagonal TEST watermark over the whole image', async () => {
    const design = shapes('#ffffff');
    const plain = await renderImage({ design, assets: noAssets, options: { format: 'png' } });
    const marked = await renderImage({
      design,
      assets: noAssets,
      options: { format: 'png', watermark: true },
    });
    keep('raster-watermark.png', marked.bytes);
    assert.equal(await redShare(plain.bytes), 0);
    const share = await redShare(marked.bytes);
    assert.ok(share > 0.05, `watermark covers ${(share * 100).toFixed(1)}% of the image`);
    // Diagonal: red near the centre, none in the top-left and bottom-right corners' tips.
    const { data } = await sharp(marked.bytes).raw().toBuffer({ resolveWithObject: true });
    const isRed = (x: number, y: number) => {
      const i = (y * 300 + x) * 3;
      return isWatermarkRed(data[i], data[i + 1], data[i + 2]);
    };
    let centre = 0;
    for (let x = 100; x < 200; x++) if (isRed(x, 100)) centre++;
    assert.ok(centre > 10, `red pixels across the centre row: ${centre}`);
    assert.ok(!isRed(2, 2) && !isRed(297, 197));
  });

  it('fails with a problem naming the layer and URL when a picture is missing from the assets', async () => {
    const design: Design = {
      ...shapes('#fff'),
      layers: [
        {
          name: 'pic',
          type: 'picture',
          x: 0,
          y: 0,
          width: 50,
          height: 50,
          image: 'https://nowhere.test/x.png',
        },
      ],
    };
    await assert.rejects(
      renderImage({ design, assets: noAssets }),
      (err: unknown) =>
        err instanceof RenderInputError &&
        err.problems.some(
          (p) => p.path === 'layers.pic.image' && p.message.includes('https://nowhere.test/x.png'),
        ),
    );
  });
});

describe('setPngDensity', () => {
  /** The chunk types of a PNG, in order. */
  function chunkTypes(png: Buffer): string[] {
    const types: string[] = [];
    for (let at = 8; at < png.length; at += 12 + png.readUInt32BE(at)) {
      types.push(png.toString('latin1', at + 4, at + 8));
    }
    return types;
  }
  const tiny = () =>
    sharp(Buffer.alloc(4 * 3, 200), { raw: { width: 2, height: 2, channels: 3 } })
      .png()
      .toBuffer();

  it("rewrites libvips' pHYs in place, with a valid CRC", async () => {
    const png = await tiny();
    assert.deepEqual(chunkTypes(png), ['IHDR', 'pHYs', 'IDAT', 'IEND']);
    const out = setPngDensity(png, 96);
    assert.equal(out.length, png.length);
    assert.equal((await sharp(out).metadata()).density, 96);
    // pngjs checks every chunk's CRC.
    assert.equal(PNG.sync.read(out).width, 2);
  });

  it('adds a pHYs after IHDR when there is none', async () => {
    const png = PNG.sync.write(PNG.sync.read(await tiny()));
    assert.equal(chunkTypes(png).includes('pHYs'), false);
    const out = setPngDensity(png, 300);
    assert.deepEqual(chunkTypes(out).slice(0, 2), ['IHDR', 'pHYs']);
    assert.equal((await sharp(out).metadata()).density, 300);
    assert.equal(PNG.sync.read(out).height, 2);
  });

  it('leaves out the sRGB profile and EXIF that withMetadata would add: PNG output is untagged sRGB', async () => {
    const file = await renderImage({
      design: shapes('#ffffff'),
      assets: noAssets,
      options: { dpi: 150, format: 'png' },
    });
    assert.deepEqual(chunkTypes(file.bytes), ['IHDR', 'pHYs', 'IDAT', 'IEND']);
  });
});
