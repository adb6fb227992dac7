/**
 * Pictures in PDFs (images/pdf-picture.ts, output/pdf-picture-swap.ts): a JPEG drawn without
 * pixel changes is embedded byte for byte (RGB, grey, CMYK, with an EXIF orientation), anything
 * else is resampled to at most 300 ppi of its placed size and never above the source, alpha stays
 * as a soft mask, palette PNGs stay lossless, and every picture lands where the PNG draws it
 * (crop, focal point, rotation, opacity, rounded corners).
 */
import assert from 'node:assert/strict';
import { runChecked } from '../../helpers/child-processes.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { createCanvas, PDFDocument, type Canvas, type SKRSContext2D } from '@napi-rs/canvas';
import { fitPicture } from '../../../src/render/images/fit-picture.ts';
import { swapPdfPictures } from '../../../src/render/output/pdf-picture-swap.ts';
import { renderImage, renderPdf, type Design } from '../../../src/render/index.ts';
import { readJpegHeader } from '../../../src/render/images/jpeg-header.ts';
import {
  attachPdfPictures,
  createPdfPictureSink,
  drawPdfPicture,
  fitsAsIs,
  MAX_PDF_PICTURE_PIXELS,
  neededPixels,
} from '../../../src/render/images/pdf-picture.ts';
import { QUADRANTS_SVG } from '../layers/fixtures.ts';
import {
  agreement,
  downscaled,
  keep,
  makePhoto,
  pdfImages,
  rasterisePdf,
  tool,
  valid,
} from './output-kit.ts';

const run = runChecked;

/** One row of `pdfimages -list`. */
interface ImageRow {
  type: string;
  width: number;
  height: number;
  color: string;
  comp: number;
  enc: string;
  object: number;
  xppi: number;
  yppi: number;
}

async function imageRows(pdf: Buffer): Promise<ImageRow[]> {
  const list = await pdfImages(pdf);
  return list
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => {
      const c = l.trim().split(/\s+/);
      return {
        type: c[2],
        width: Number(c[3]),
        height: Number(c[4]),
        color: c[5],
        comp: Number(c[6]),
        enc: c[8],
        object: Number(c[10]),
        xppi: Number(c[12]),
        yppi: Number(c[13]),
      };
    });
}

/** The DCT images of a PDF as extracted by `pdfimages -j` (their stream bytes). */
async function extractedJpegs(pdf: Buffer): Promise<Buffer[]> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-pdfimages-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pdf'), pdf);
    await run('pdfimages', ['-j', 'in.pdf', 'img'], { cwd: dir });
    return fs
      .readdirSync(dir)
      .filter((f) => f.endsWith('.jpg'))
      .sort()
      .map((f) => fs.readFileSync(path.join(dir, f)));
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const URL = 'https://pictures.test/p';

/** A single-picture design of `box` px (at 96 dpi: 0.75 pt per px). */
function pictureDesign(
  box: { width: number; height: number },
  picture: Record<string, unknown> = {},
  background = '#ffffff',
): Design {
  return valid({
    width: box.width + 40,
    height: box.height + 40,
    background,
    layers: [
      {
        name: 'pic',
        type: 'picture',
        x: 20,
        y: 20,
        width: box.width,
        height: box.height,
        image: URL,
        ...picture,
      },
    ],
  });
}

/** Renders PNG and PDF of a design and returns how much they agree (as the agreement test does). */
async function pngPdfAgreement(name: string, design: Design, bytes: Buffer): Promise<number> {
  const assets = { files: new Map([[URL, bytes]]), fonts: [] };
  const png = await renderImage({ design, assets, options: { format: 'png' } });
  const pdf = await renderPdf({ pages: [{ design }], assets });
  const page = await rasterisePdf(pdf.bytes, 4 * 96);
  keep(`pictures-${name}.png`, png.bytes);
  keep(`pictures-${name}.pdf.png`, page);
  const a = await downscaled(png.bytes, design.width, design.height, 4);
  const b = await downscaled(page, 4 * design.width, 4 * design.height, 16);
  return agreement(a, b, 38);
}

const pdfOf = async (design: Design, bytes: Buffer, options = {}) =>
  renderPdf({
    pages: [{ design }],
    assets: { files: new Map([[URL, bytes]]), fonts: [] },
    options,
  });

describe('PDF pictures', async () => {
  const quadrants = await sharp(Buffer.from(QUADRANTS_SVG)).png().toBuffer();

  it('embeds a JPEG as it is, byte for byte, when its pixels need no change', async () => {
    // 1000×750 px in a 300×225 px box (225×168.75 pt): 320 ppi, below 1.5 × 300.
    const photo = await makePhoto(1000, 750);
    for (const fit of ['cover', 'contain', 'fill']) {
      const pdf = await pdfOf(
        pictureDesign({ width: 300, height: 225 }, { object_fit: fit }),
        photo,
      );
      const rows = await imageRows(pdf.bytes);
      assert.deepEqual(
        rows.map((r) => [r.type, r.width, r.height, r.enc, r.comp]),
        [['image', 1000, 750, 'jpeg', 3]],
        fit,
      );
      const [jpeg] = await extractedJpegs(pdf.bytes);
      assert.ok(jpeg.equals(photo), `${fit}: the embedded JPEG is the source's bytes`);
    }
    // Cropped by cover with a focal point, rounded, rotated and half transparent: still as it is,
    // and where the PNG draws it.
    const design = pictureDesign(
      { width: 200, height: 225 },
      { object_position: 'right bottom', border_radius: 30, rotation: 20, opacity: 60 },
    );
    const pdf = await pdfOf(design, photo);
    assert.ok((await extractedJpegs(pdf.bytes))[0].equals(photo));
    const share = await pngPdfAgreement('as-is-transformed', design, photo);
    assert.ok(share >= 0.98, `${(share * 100).toFixed(2)}% agree`);
  });

  it('resamples a large picture to 300 ppi of its placed size, at the requested quality', async () => {
    // 2400×1800 px in a 200×150 px box (150×112.5 pt): 1152 ppi; 300 ppi is 625×468 px.
    const photo = await makePhoto(2400, 1800);
    const sizes: number[] = [];
    for (const imageQuality of ['high', 'low'] as const) {
      const pdf = await pdfOf(pictureDesign({ width: 200, height: 150 }), photo, { imageQuality });
      const [row] = await imageRows(pdf.bytes);
      assert.equal(row.enc, 'jpeg');
      assert.ok(
        Math.abs(row.width - 625) <= 1 && Math.abs(row.height - 468) <= 1,
        `${row.width}×${row.height}`,
      );
      assert.ok(row.xppi <= 300 && row.yppi <= 300, `${row.xppi}×${row.yppi} ppi`);
      sizes.push(pdf.bytes.length);
    }
    assert.ok(sizes[0] > sizes[1] * 1.3, `high ${sizes[0]} > low ${sizes[1]}`);
    // The pixels of a PDF page's dpi do not matter: 300 ppi of the placed size at any dpi.
    const at300 = await pdfOf(pictureDesign({ width: 200, height: 150 }), photo, { dpi: 300 });
    const [row] = await imageRows(at300.bytes);
    assert.ok(row.xppi <= 300 && row.xppi >= 295, `dpi 300 page: ${row.xppi} ppi`);
    // A cover crop embeds only the visible part: a 3:1 strip of a 4:3 photo.
    const strip = await pdfOf(pictureDesign({ width: 300, height: 100 }), photo);
    const [s] = await imageRows(strip.bytes);
    assert.ok(Math.abs(s.width / s.height - 3) < 0.05 && s.xppi <= 300, `${s.width}×${s.height}`);
  });

  it('reads the JPEG facts a PDF needs, refusing what DCTDecode cannot take', async () => {
    const photo = await makePhoto(64, 48);
    assert.deepEqual(readJpegHeader(photo), { width: 64, height: 48, components: 3, adobe: false });
    const progressive = await sharp(photo).jpeg({ progressive: true }).toBuffer();
    assert.equal(readJpegHeader(progressive)?.width, 64);
    const cmyk = await sharp(photo).toColourspace('cmyk').jpeg().toBuffer();
    assert.deepEqual(readJpegHeader(cmyk), { width: 64, height: 48, components: 4, adobe: true });
    assert.equal(readJpegHeader(await sharp(photo).png().toBuffer()), undefined);
    assert.equal(readJpegHeader(photo.subarray(0, 20)), undefined, 'cut before the frame');
    // A lossless-process frame (SOF3) is not for DCTDecode.
    const sof = photo.indexOf(Buffer.from([0xff, 0xc0]));
    const lossless = Buffer.from(photo);
    lossless[sof + 1] = 0xc3;
    assert.equal(readJpegHeader(lossless), undefined);
    // A progressive JPEG is embedded as it is and draws like the PNG.
    const big = await sharp(await makePhoto(600, 400))
      .jpeg({ progressive: true })
      .toBuffer();
    const design = pictureDesign({ width: 300, height: 200 });
    assert.ok((await extractedJpegs((await pdfOf(design, big)).bytes))[0].equals(big));
    assert.ok((await pngPdfAgreement('progressive', design, big)) >= 0.98);
  });

  it('never embeds more pixels than the source has', async () => {
    // A 160×120 PNG enlarged into a 400×300 px box (300×225 pt, 300 ppi would be 1250×937).
    const small = await sharp(quadrants).resize(160, 120, { fit: 'fill' }).png().toBuffer();
    const pdf = await pdfOf(
      pictureDesign({ width: 400, height: 300 }, { object_fit: 'fill' }),
      small,
    );
    const [row] = await imageRows(pdf.bytes);
    assert.deepEqual([row.width, row.height], [160, 120]);
    // A small JPEG is its own bytes.
    const jpeg = await sharp(small).jpeg().toBuffer();
    const pdf2 = await pdfOf(
      pictureDesign({ width: 400, height: 300 }, { object_fit: 'fill' }),
      jpeg,
    );
    assert.ok((await extractedJpegs(pdf2.bytes))[0].equals(jpeg));
  });

  it('keeps transparency as a soft mask, and palette PNGs lossless', async () => {
    const disc = await sharp({
      create: { width: 600, height: 600, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
    })
      .composite([
        {
          input: Buffer.from(
            '<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600"><circle cx="300" cy="300" r="280" fill="#e11d48"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    const design = pictureDesign({ width: 200, height: 200 }, {}, '#1e3a8a');
    const pdf = await pdfOf(design, disc);
    const rows = await imageRows(pdf.bytes);
    assert.deepEqual(
      rows.map((r) => [r.type, r.enc]),
      [
        ['image', 'jpeg'],
        ['smask', 'image'],
      ],
    );
    assert.ok(rows[0].width <= 600 && rows[0].xppi <= 300);
    // The corners show the blue background through the mask; the middle is the red disc.
    const page = await sharp(await rasterisePdf(pdf.bytes, 96))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => [
      ...page.data.subarray(
        (y * page.info.width + x) * page.info.channels,
        (y * page.info.width + x) * page.info.channels + 3,
      ),
    ];
    const [cr, , cb] = px(24, 24);
    assert.ok(cb > 100 && cr < 60, `corner: ${px(24, 24)}`);
    const [mr, , mb] = px(120, 120);
    assert.ok(mr > 180 && mb < 100, `middle: ${px(120, 120)}`);
    assert.ok((await pngPdfAgreement('alpha', design, disc)) >= 0.98);

    const palette = await sharp(quadrants).png({ palette: true }).toBuffer();
    const flat = await pdfOf(pictureDesign({ width: 200, height: 100 }), palette);
    const [p] = await imageRows(flat.bytes);
    assert.equal(p.enc, 'image', 'a palette PNG is embedded losslessly (Flate)');
  });

  it('embeds grey and CMYK JPEGs as they are, with their colour space and inversion', async () => {
    const photo = await makePhoto(600, 450);
    const grey = await sharp(photo).toColourspace('b-w').jpeg().toBuffer();
    const cmyk = await sharp(quadrants).toColourspace('cmyk').jpeg().toBuffer();
    assert.equal(readJpegHeader(cmyk)?.components, 4);
    const design = pictureDesign({ width: 300, height: 150 });
    for (const [name, bytes, comp] of [
      ['grey', grey, 1],
      ['cmyk', cmyk, 4],
    ] as const) {
      const pdf = await pdfOf(design, bytes);
      const [row] = await imageRows(pdf.bytes);
      assert.deepEqual([row.enc, row.comp], ['jpeg', comp], name);
      assert.ok((await extractedJpegs(pdf.bytes))[0].equals(bytes), name);
      const share = await pngPdfAgreement(`jpeg-${name}`, design, bytes);
      assert.ok(share >= 0.98, `${name}: ${(share * 100).toFixed(2)}% agree`);
    }
  });

  it('turns a JPEG by its EXIF orientation with the matrix, keeping its bytes', async () => {
    // Each stored so that its orientation stands the quadrants up again.
    const stored = {
      6: [sharp(quadrants).rotate(-90), 200, 400],
      8: [sharp(quadrants).rotate(90), 200, 400],
      3: [sharp(quadrants).rotate(180), 400, 200],
      2: [sharp(quadrants).flop(), 400, 200],
    } as const;
    for (const [orientation, [image, width, height]] of Object.entries(stored)) {
      const oriented = await image
        .withMetadata({ orientation: Number(orientation) })
        .jpeg({ quality: 95 })
        .toBuffer();
      const design = pictureDesign({ width: 200, height: 130 }, { object_position: 'left top' });
      const pdf = await pdfOf(design, oriented);
      const [row] = await imageRows(pdf.bytes);
      assert.deepEqual([row.width, row.height], [width, height], `orientation ${orientation}`);
      assert.ok(
        (await extractedJpegs(pdf.bytes))[0].equals(oriented),
        `orientation ${orientation}`,
      );
      const share = await pngPdfAgreement(`orientation-${orientation}`, design, oriented);
      assert.ok(share >= 0.98, `orientation ${orientation}: ${(share * 100).toFixed(2)}% agree`);
    }
  });

  it('embeds a picture drawn on several pages once', async () => {
    const photo = await makePhoto(800, 600);
    const design = pictureDesign({ width: 300, height: 225 });
    const pdf = await renderPdf({
      pages: [{ design }, { design }],
      assets: { files: new Map([[URL, photo]]), fonts: [] },
    });
    const rows = await imageRows(pdf.bytes);
    assert.equal(rows.length, 2);
    assert.equal(new Set(rows.map((r) => r.object)).size, 1, 'one image object for both pages');
  });

  it('keeps pictures in CMYK PDFs', async () => {
    const photo = await makePhoto(1000, 750);
    const design = pictureDesign({ width: 300, height: 225 });
    const pdf = await pdfOf(design, photo, { colorMode: 'cmyk' });
    const [row] = await imageRows(pdf.bytes);
    assert.deepEqual([row.width, row.height, row.color, row.comp], [1000, 750, 'cmyk', 4]);
    const page = await sharp(await rasterisePdf(pdf.bytes, 96))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const png = await renderImage({
      design,
      assets: { files: new Map([[URL, photo]]), fonts: [] },
      options: { format: 'png' },
    });
    const a = await downscaled(png.bytes, design.width, design.height, 4);
    const b = await downscaled(await rasterisePdf(pdf.bytes, 96), design.width, design.height, 4);
    keep('pictures-cmyk.pdf.png', await sharp(page.data, { raw: page.info }).png().toBuffer());
    // CMYK conversion shifts colours a little; the picture is there and in place.
    const share = agreement(a, b, 60);
    assert.ok(share >= 0.95, `${(share * 100).toFixed(2)}% agree`);
  });
});

describe('PDF picture sizes', () => {
  it('asks for 300 ppi of the placed size, at most the source and at most 40 megapixels', () => {
    const plan = { sw: 1600, sh: 1200, dw: 400, dh: 300 };
    // 400×300 px at 0.75 pt per px: 300×225 pt, 1250×937.5 px at 300 ppi.
    assert.deepEqual(neededPixels(plan, { x: 0.75, y: 0.75 }, false), { width: 1250, height: 937 });
    assert.deepEqual(neededPixels(plan, { x: 3, y: 3 }, false), { width: 1600, height: 1200 });
    // A vector source has no pixels to run out of.
    assert.deepEqual(neededPixels(plan, { x: 3, y: 3 }, true), { width: 5000, height: 3750 });
    const huge = neededPixels({ ...plan, dw: 16000, dh: 16000 }, { x: 0.75, y: 0.75 }, true);
    assert.ok(
      huge.width * huge.height <= MAX_PDF_PICTURE_PIXELS && huge.width > 6000,
      `${huge.width}`,
    );
    assert.ok(fitsAsIs({ width: 1600, height: 1200 }, { width: 1250, height: 937 }));
    assert.ok(!fitsAsIs({ width: 2000, height: 1500 }, { width: 1250, height: 937 }));
  });
});

describe('swapPdfPictures', () => {
  /** A one-page Skia PDF with `canvas` drawn into a 100×100 pt square. */
  function skiaPdf(canvas: Canvas): Buffer {
    const doc = new PDFDocument();
    const ctx = doc.beginPage(200, 200) as unknown as SKRSContext2D;
    ctx.drawImage(canvas, 50, 50, 100, 100);
    doc.endPage();
    return doc.close();
  }

  it('replaces the placeholder drawn on a page and refuses an image that only looks like one', async () => {
    const sink = createPdfPictureSink(90);
    const page = new PDFDocument();
    const ctx = page.beginPage(200, 200) as unknown as SKRSContext2D;
    attachPdfPictures(ctx, sink);
    const photo = await makePhoto(300, 300);
    const info = { digest: 'd', width: 300, height: 300, format: 'jpeg' };
    const plan = fitPicture(
      { width: 100, height: 100 },
      info,
      'cover',
      { x: 0.5, y: 0.5 },
      Infinity,
    );
    const box = { x: 50, y: 50, width: 100, height: 100 };
    await drawPdfPicture(ctx, sink, { bytes: photo, info, box, plan, url: 'u', path: 'p' });
    page.endPage();
    const swapped = swapPdfPictures(page.close(), sink);
    assert.ok((await extractedJpegs(swapped))[0].equals(photo));
    assert.match(
      await tool('qpdf', (f) => ['--check', f], swapped),
      /No syntax or stream encoding errors/,
    );

    // An opaque 2×1 picture Skia encodes as JPEG: the size of placeholder 0, not its pixels.
    const lookalike = createCanvas(2, 1);
    lookalike.getContext('2d').fillRect(0, 0, 2, 1);
    assert.throws(
      () => swapPdfPictures(skiaPdf(lookalike), sink),
      /placeholder's size but not its pixels/,
    );
    // A PDF without placeholders is returned as it is.
    const plain = skiaPdf(createCanvas(5, 5));
    assert.equal(swapPdfPictures(plain, sink), plain);
  });
});
