/**
 * Bold asked of a family without a bold face is synthesised. In images Skia emboldens the
 * glyphs; its PDF backend would write such glyphs as an unnamed Type 3 font, so PDF pages draw the
 * face itself, filled and stroked (text rendering mode 2) as wide as Skia's emboldening: an
 * embedded TrueType subset, text that extracts, and as much ink as the image's bold.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { createCanvas, loadImage } from '@napi-rs/canvas';
import { renderImage, renderPdf, type Design } from '../../../src/render/index.ts';
import { pdfFonts, pdfText, rasterisePdf } from '../output/output-kit.ts';
import { syntheticBoldStroke } from '../../../src/render/text/synthetic-bold.ts';

const require = createRequire(import.meta.url);
const DEJAVU = fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));
// A unique key: fonts are registered once per key per process. One face only: no bold.
const fonts = [{ key: `solo-${process.pid}-${Date.now()}`, data: DEJAVU, family: 'Solo Sans' }];
const assets = { files: new Map<string, Buffer>(), fonts };

/** The same words bold (top half) and regular (bottom half), in blue. */
const design = {
  width: 400,
  height: 140,
  background: '#ffffff',
  layers: [
    { name: 'bold', type: 'text', x: 10, y: 10, width: 380, height: 60, text: 'Hello bold ffi' },
    { name: 'plain', type: 'text', x: 10, y: 70, width: 380, height: 60, text: 'Hello bold ffi' },
  ].map((l) => ({
    ...l,
    font: fonts[0].key,
    font_size: 40,
    text_color: '#1e40af',
    ...(l.name === 'bold' ? { font_weight: 'bold' } : {}),
  })),
} as unknown as Design;

/** Ink (1 − green, for the blue text) of the top and bottom halves of a 400 × 140 image. */
async function inkOfHalves(png: Buffer): Promise<{ top: number; bottom: number }> {
  const img = await loadImage(png);
  assert.deepEqual([img.width, img.height], [400, 140]);
  const ctx = createCanvas(img.width, img.height).getContext('2d');
  ctx.drawImage(img, 0, 0);
  const { data } = ctx.getImageData(0, 0, img.width, img.height);
  let [top, bottom] = [0, 0];
  for (let i = 0; i < data.length; i += 4) {
    const ink = (255 - data[i + 1]) / 255;
    if (i / 4 < 70 * img.width) top += ink;
    else bottom += ink;
  }
  return { top, bottom };
}

describe('synthesised bold in PDFs', () => {
  it('strokes as wide as Skia emboldens: size/24 up to 9 px, size/32 from 36 px', () => {
    assert.equal(syntheticBoldStroke(8), 8 / 24);
    assert.equal(syntheticBoldStroke(40), 40 / 32);
    const mid = syntheticBoldStroke(22.5) / 22.5;
    assert.ok(mid < 1 / 24 && mid > 1 / 32, String(mid));
  });

  for (const colorMode of ['rgb', 'cmyk'] as const) {
    it(`${colorMode}: the face itself, embedded, stroked: no Type 3 font, the text extracts, bold as in the image`, async () => {
      const pdf = await renderPdf({ pages: [{ design }], assets, options: { colorMode } });
      const codes = (pdf.warnings ?? []).map((w) => w.code);
      assert.ok(
        codes.includes('font_synthesized'),
        'the request is still told bold was synthesised',
      );
      assert.ok(!codes.includes('type3_font'), JSON.stringify(pdf.warnings));
      const listed = await pdfFonts(pdf.bytes);
      assert.doesNotMatch(listed, /Type 3/);
      assert.match(listed, /DejaVuSans\s+CID TrueType/);
      assert.equal(
        (await pdfText(pdf.bytes)).replace(/\s+/g, ' ').trim(),
        'Hello bold ffi Hello bold ffi',
      );
      // The bold line holds about 40% more ink than the regular one, in the PDF as in the image.
      const image = await renderImage({ design, assets, options: { format: 'png' } });
      const inImage = await inkOfHalves(image.bytes);
      const inPdf = await inkOfHalves(await rasterisePdf(pdf.bytes, 96));
      const [imageRatio, pdfRatio] = [inImage.top / inImage.bottom, inPdf.top / inPdf.bottom];
      assert.ok(imageRatio > 1.25, `the image's bold is bolder: ${imageRatio}`);
      assert.ok(
        Math.abs(pdfRatio / imageRatio - 1) < 0.05,
        `PDF ${pdfRatio} vs image ${imageRatio}`,
      );
      // The stroke takes the text's colour: the bold line is as blue as the regular one.
      const png = await rasterisePdf(pdf.bytes, 96);
      const img = await loadImage(png);
      const ctx = createCanvas(img.width, img.height).getContext('2d');
      ctx.drawImage(img, 0, 0);
      const { data } = ctx.getImageData(0, 0, img.width, 70);
      let darkest = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (255 - data[i + 1] > 255 - data[darkest + 1]) darkest = i;
      }
      assert.ok(
        data[darkest + 2] > data[darkest] + 60,
        `blue, not black: ${data.slice(darkest, darkest + 3).join(',')}`,
      );
    });
  }
});
