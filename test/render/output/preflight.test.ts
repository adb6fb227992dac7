/**
 * Preflight warnings on PDFs: pictures under 250 ppi at their placed size, lines thinner than
 * 0.25 pt, cmyk() colours over the output condition's ink limit (CMYK PDFs only), Type 3 fonts,
 * RGB left in a CMYK file, and the generic CMYK profile; and none of them on a clean print file.
 * Emoji are pictures on PDF pages, so text with emoji leaves no Type 3 font.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import {
  renderImage,
  renderPdf,
  type Design,
  type RenderWarning,
} from '../../../src/render/index.ts';
import { preflightPdf } from '../../../src/render/output/preflight.ts';
import { PHOTO_URL, makePhoto, pdfFonts, pdfImages, rasterisePdf, valid } from './output-kit.ts';

/** A 400×300 px page: a picture, a line and a box of `color`. */
function page(color: string, strokeWidth: number): Design {
  return valid({
    width: 400,
    height: 300,
    background: '#ffffff',
    layers: [
      { name: 'photo', type: 'picture', x: 0, y: 0, width: 200, height: 150, image: PHOTO_URL },
      {
        name: 'rule',
        type: 'line',
        x: 0,
        y: 200,
        width: 400,
        height: 10,
        stroke_width: strokeWidth,
        color: '#000000',
      },
      { name: 'title', type: 'text', x: 20, y: 230, width: 360, height: 40, text: 'Price 12 €' },
      {
        name: 'box',
        type: 'shape',
        x: 220,
        y: 20,
        width: 150,
        height: 100,
        background_color: color,
      },
    ],
  });
}

async function warningsOf(
  design: Design,
  photo: { width: number; height: number },
  options: Record<string, unknown> = {},
): Promise<RenderWarning[]> {
  const files = new Map([[PHOTO_URL, await makePhoto(photo.width, photo.height)]]);
  const pdf = await renderPdf({ pages: [{ design }], assets: { files, fonts: [] }, options });
  return pdf.warnings ?? [];
}

const codes = (warnings: RenderWarning[]) => warnings.map((w) => `${w.code} ${w.path}`).sort();

describe('preflight', () => {
  it('flags a low-resolution picture and a hairline, and nothing on a clean page', async () => {
    // 200×150 px at 96 dpi is 150×112.5 pt: 120×90 px is 57.6 ppi; 1200×900 px, 576 ppi.
    const poor = await warningsOf(page('#ff0000', 0.2), { width: 120, height: 90 });
    assert.deepEqual(codes(poor), [
      'low_resolution_picture pages.0.layers.photo.image',
      'thin_line pages.0.layers.rule.stroke_width',
    ]);
    assert.match(poor.find((w) => w.code === 'low_resolution_picture')!.message, /58 ppi/);
    assert.match(poor.find((w) => w.code === 'thin_line')!.message, /^0\.15 pt/);
    assert.deepEqual(await warningsOf(page('#ff0000', 1), { width: 1200, height: 900 }), []);
  });

  it('flags total ink over the limit and the generic profile in CMYK PDFs only', async () => {
    const heavy = page('cmyk(100,100,100,100)', 1);
    const photo = { width: 1200, height: 900 };
    const cmyk = await warningsOf(heavy, photo, { colorMode: 'cmyk' });
    assert.deepEqual(codes(cmyk), [
      'generic_cmyk_profile modifications.color_profile',
      'ink_over_limit pages.0.layers.box.background_color',
    ]);
    assert.match(
      cmyk.find((w) => w.code === 'ink_over_limit')!.message,
      /400 % of ink.*allows 300 %/,
    );
    // The converted file has no RGB left (its pictures and colours are CMYK).
    assert.equal(cmyk.filter((w) => w.code === 'rgb_in_cmyk').length, 0);
    const rich = await warningsOf(page('cmyk(60,40,40,100)', 1), photo, { colorMode: 'cmyk' });
    assert.deepEqual(codes(rich), ['generic_cmyk_profile modifications.color_profile']);
    assert.deepEqual(await warningsOf(heavy, photo), [], 'total ink is no concern of RGB files');
  });

  it('draws emoji as pictures at 300 ppi: no Type 3 font, the same look as the PNG', async () => {
    const design = valid({
      width: 400,
      height: 100,
      background: '#ffffff',
      layers: [
        {
          name: 'title',
          type: 'text',
          x: 10,
          y: 10,
          width: 380,
          height: 80,
          font_size: 32,
          text: 'Hi 😀 there 🎉👍🏽',
        },
      ],
    });
    const assets = { files: new Map<string, Buffer>(), fonts: [] };
    const pdf = await renderPdf({ pages: [{ design }], assets });
    assert.deepEqual(pdf.warnings ?? [], []);
    assert.doesNotMatch(await pdfFonts(pdf.bytes), /Type 3/);
    const images = (await pdfImages(pdf.bytes))
      .split('\n')
      .filter((l) => /^\s*\d+\s+\d+\s+image\s/.test(l));
    assert.equal(images.length, 2, 'one picture per run of emoji');
    for (const line of images) assert.match(line, /\s300\s+300\s/);
    const png = await renderImage({ design, layers: {}, assets, options: { format: 'png' } });
    // The emoji are the only colourful pixels: as many on the PDF page as in the PNG.
    const colourful = async (image: Buffer): Promise<number> => {
      const px = await sharp(image)
        .flatten({ background: '#ffffff' })
        .removeAlpha()
        .raw()
        .toBuffer();
      let n = 0;
      for (let i = 0; i < px.length; i += 3) {
        if (Math.max(px[i], px[i + 1], px[i + 2]) - Math.min(px[i], px[i + 1], px[i + 2]) > 80) n++;
      }
      return n;
    };
    const inPng = await colourful(png.bytes);
    const inPdf = await colourful(await rasterisePdf(pdf.bytes, 96));
    assert.ok(inPng > 500, `the PNG shows the emoji (${inPng} colourful pixels)`);
    assert.ok(
      Math.abs(inPdf - inPng) < inPng * 0.15,
      `PDF ${inPdf} vs PNG ${inPng} colourful pixels`,
    );
  });

  it('reads Type 3 fonts and RGB left in a CMYK file from the PDF itself', () => {
    const pdf = Buffer.from(
      '%PDF-1.7\n1 0 obj << /Type /Font /Subtype /Type3 >> endobj\n' +
        '2 0 obj << /Type /XObject /Subtype /Image /ColorSpace /DeviceRGB >> endobj\n',
      'latin1',
    );
    assert.deepEqual(codes(preflightPdf(pdf, { cmyk: true, genericProfile: false })), [
      'rgb_in_cmyk modifications.color_mode',
      'type3_font pages',
    ]);
    assert.deepEqual(codes(preflightPdf(pdf, { cmyk: false, genericProfile: false })), [
      'type3_font pages',
    ]);
  });
});
