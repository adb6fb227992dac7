/**
 * Text in PDFs: the same layout as in images (pdftoppm raster vs PNG after a 4× downscale), real
 * selectable text, and only bundled fonts embedded (no system font can sneak in).
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import sharp from 'sharp';
import { renderImage, renderPdf, type Design } from '../../../src/render/index.ts';
import { pdfFonts, pdfText, rasterisePdf } from '../output/output-kit.ts';

const CASES = path.join(import.meta.dirname, '..', 'cases');
const designOf = (name: string): Design =>
  JSON.parse(fs.readFileSync(path.join(CASES, name, 'design.json'), 'utf8'));
const assets = { files: new Map<string, Buffer>(), fonts: [] };

type Raw = { data: Buffer; width: number; height: number };

async function rgb(png: Buffer): Promise<Raw> {
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Share of 4×4 blocks (area-averaged) whose channels agree within 15%. */
function agreement(a: Raw, b: Raw): number {
  const f = 4;
  const w = Math.floor(a.width / f);
  const h = Math.floor(a.height / f);
  const avg = (r: Raw) => {
    const out = new Float64Array(w * h * 3);
    for (let y = 0; y < h * f; y++)
      for (let x = 0; x < w * f; x++)
        for (let c = 0; c < 3; c++)
          out[(((y / f) | 0) * w + ((x / f) | 0)) * 3 + c] +=
            r.data[(y * r.width + x) * 3 + c] / (f * f);
    return out;
  };
  const [x, y] = [avg(a), avg(b)];
  let same = 0;
  for (let i = 0; i < x.length; i += 3) {
    if ([0, 1, 2].every((c) => Math.abs(x[i + c] - y[i + c]) <= 0.15 * 255)) same++;
  }
  return same / (w * h);
}

/** Bounding box of the pixels in `box` that differ clearly from the box's top-left pixel (the ink). */
function inkBox(r: Raw, box: { x: number; y: number; width: number; height: number }) {
  const px = (x: number, y: number) => (y * r.width + x) * 3;
  const bg = px(box.x, box.y);
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let y = box.y; y < Math.min(r.height, box.y + box.height); y++) {
    for (let x = box.x; x < Math.min(r.width, box.x + box.width); x++) {
      const i = px(x, y);
      if ([0, 1, 2].some((c) => Math.abs(r.data[i + c] - r.data[bg + c]) > 100)) {
        [x0, y0, x1, y1] = [Math.min(x0, x), Math.min(y0, y), Math.max(x1, x), Math.max(y1, y)];
      }
    }
  }
  return [x0, y0, x1, y1];
}

describe('text in PDFs', () => {
  for (const name of [
    'text-wrap',
    'text-align',
    'text-auto-fit',
    'text-rtl-arabic',
    'text-cjk',
    'text-emoji',
    'text-markup',
  ]) {
    it(`${name}: the PDF page looks like the PNG`, async () => {
      const design = designOf(name);
      const png = await renderImage({ design, assets, options: { format: 'png' } });
      const pdf = await renderPdf({ pages: [{ design }], assets });
      const [a, b] = [await rgb(png.bytes), await rgb(await rasterisePdf(pdf.bytes, 96))];
      // Same layout: each text layer's ink starts and ends at the same pixel (±1: rasterisers
      // differ at glyph edges; poppler draws strokes a little heavier than Skia).
      for (const layer of design.layers.filter((l) => l.type === 'text')) {
        const [pa, pb] = [inkBox(a, layer), inkBox(b, layer)];
        pa.forEach((v, i) => assert.ok(Math.abs(v - pb[i]) <= 1, `${layer.name}: ${pa} vs ${pb}`));
      }
      const share = agreement(a, b);
      assert.ok(share >= 0.95, `${(share * 100).toFixed(2)}% of 4×4 blocks agree`);
    });
  }

  it('keeps text selectable and embeds only bundled fonts', async () => {
    const design: Design = {
      width: 400,
      height: 200,
      background: '#ffffff',
      layers: [
        {
          name: 'a',
          type: 'text',
          x: 10,
          y: 10,
          width: 380,
          height: 40,
          text: 'Selectable *text* here',
          alt_font: 'DejaVu Serif',
        },
        {
          name: 'b',
          type: 'text',
          x: 10,
          y: 60,
          width: 380,
          height: 40,
          text: '中文 한국어 क्षत्रिय עברית',
        },
        {
          name: 'c',
          type: 'text',
          x: 10,
          y: 110,
          width: 380,
          height: 40,
          text: 'unknown font falls back',
          font: 'Arial',
        },
      ],
    };
    const pdf = await renderPdf({ pages: [{ design }], assets });
    const text = await pdfText(pdf.bytes);
    assert.match(text, /Selectable text here/);
    assert.match(text, /中文/);
    assert.match(text, /unknown font falls back/);
    const fonts = (await pdfFonts(pdf.bytes))
      .split('\n')
      .slice(2)
      .filter((l) => l.trim());
    const names = fonts.map((l) => l.split(/\s+/)[0].replace(/^[A-Z]{6}\+/, ''));
    for (const n of names) {
      assert.match(
        n,
        /^(DejaVuSans|DejaVuSerif|DroidSansFallback|NanumGothic|NotoSans(Hebrew|Devanagari|Arabic))/,
        `font ${n} is bundled`,
      );
    }
    for (const l of fonts)
      assert.match(l, /CID TrueType\s+Identity-H\s+yes\s+yes/, `embedded subset: ${l}`);
  });
});
