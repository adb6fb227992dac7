/**
 * Page boxes as a print shop's preflight reads them: the raw MediaBox, TrimBox and BleedBox of
 * the page dictionary (qpdf; pdfinfo shows only 2 decimals), exactly `[0 0 w h]` to 1/10000 pt in
 * RGB and CMYK PDFs, with and without bleed and crop marks, and the content where it belongs.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { renderPdf, type Design, type PdfOptions } from '../../../src/render/index.ts';
import { MARK_MARGIN_PT } from '../../../src/render/output/bleed.ts';
import { rasterisePdf, tool, valid } from './output-kit.ts';

const noAssets = { files: new Map<string, Buffer>(), fonts: [] };
const MM = 72 / 25.4;
/** A number as the PDF should hold it: rounded to 1/10000 pt. */
const exact = (v: number) => Math.round(v * 10000) / 10000;

/** An A4 page in mm (595.2756 × 841.8898 pt) with a black square in the top-left corner. */
function a4(): Design {
  return valid({
    unit: 'mm',
    width: 210,
    height: 297,
    background: '#ffffff',
    layers: [
      {
        name: 'corner',
        type: 'shape',
        x: 0,
        y: 0,
        width: 20,
        height: 20,
        background_color: '#000000',
      },
    ],
  } as Design);
}

/** The boxes written in page 1's dictionary, as the numbers of the file. */
async function rawBoxes(pdf: Buffer): Promise<Record<string, number[]>> {
  const pages = await tool('qpdf', (f) => ['--show-pages', f], pdf);
  const obj = /page 1: (\d+) 0 R/.exec(pages)![1];
  const dict = await tool('qpdf', (f) => [`--show-object=${obj}`, f], pdf);
  const found: Record<string, number[]> = {};
  for (const m of dict.matchAll(/\/(\w+Box) \[ ([^\]]*) \]/g)) {
    found[m[1]] = m[2].trim().split(/\s+/).map(Number);
  }
  return found;
}

const W = 210 * MM;
const H = 297 * MM;

describe('page boxes', () => {
  for (const colorMode of ['rgb', 'cmyk'] as const) {
    it(`an A4 ${colorMode} page is [0 0 595.2756 841.8898] exactly`, async () => {
      const pdf = await renderPdf({
        pages: [{ design: a4() }],
        assets: noAssets,
        options: { colorMode },
      });
      const boxes = await rawBoxes(pdf.bytes);
      assert.deepEqual(boxes.MediaBox, [0, 0, 595.2756, 841.8898]);
      assert.equal(boxes.TrimBox, undefined);
      // A CropBox, when a tool writes one, must be the page too.
      if (boxes.CropBox) assert.deepEqual(boxes.CropBox, boxes.MediaBox);
      // The corner square is at the top-left of the page (a lift the wrong way would show a line).
      const png = await rasterisePdf(pdf.bytes, 72);
      const { data, info } = await sharp(png)
        .greyscale()
        .raw()
        .toBuffer({ resolveWithObject: true });
      assert.ok(data[0] < 100, `the top-left pixel is the black square: ${data[0]}`);
      assert.ok(data[info.width * (info.height - 1)] > 225, 'the bottom-left pixel is white');
    });

    it(`${colorMode}: bleed and crop marks give exact TrimBox and BleedBox`, async () => {
      const options: PdfOptions = { colorMode, bleed: 3, cropMarks: true };
      const pdf = await renderPdf({ pages: [{ design: a4() }], assets: noAssets, options });
      const boxes = await rawBoxes(pdf.bytes);
      const m = MARK_MARGIN_PT;
      const b = 3 * MM;
      const [pw, ph] = [W + 2 * (m + b), H + 2 * (m + b)];
      assert.deepEqual(boxes.MediaBox, [0, 0, exact(pw), exact(ph)]);
      assert.deepEqual(boxes.BleedBox, [m, m, exact(pw - m), exact(ph - m)]);
      assert.deepEqual(boxes.TrimBox, [
        exact(m + b),
        exact(m + b),
        exact(m + b + W),
        exact(m + b + H),
      ]);
    });
  }
});
