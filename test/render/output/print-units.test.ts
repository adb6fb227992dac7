/**
 * Design units (`unit`: px, pt, mm, in): exact physical PDF page sizes (pdfinfo), raster sizes
 * from the dpi, lengths of every kind scaled with the unit, and validation naming the field.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import {
  prepareRender,
  renderImage,
  renderPdf,
  validateDesign,
  type Design,
} from '../../../src/render/index.ts';
import { keep, pdfInfo, rasterisePdf, valid } from './output-kit.ts';

const noAssets = { files: new Map<string, Buffer>(), fonts: [] };

/** An A4 page in mm: a 10 mm black frame 20 mm from each edge, and a 12 pt (4.233 mm) title. */
function a4(unit: 'mm' | 'pt' | 'in' = 'mm', extra: Partial<Design> = {}): Design {
  const k = unit === 'mm' ? 1 : unit === 'pt' ? 72 / 25.4 : 1 / 25.4;
  return valid({
    unit,
    width: 210 * k,
    height: 297 * k,
    background: '#ffffff',
    layers: [
      {
        name: 'frame',
        type: 'shape',
        x: 20 * k,
        y: 20 * k,
        width: 170 * k,
        height: 10 * k,
        background_color: '#000000',
      },
      {
        name: 'title',
        type: 'text',
        x: 20 * k,
        y: 40 * k,
        width: 170 * k,
        height: 20 * k,
        text: 'Certificate',
        font: 'DejaVu Sans',
        font_size: (12 / 72) * 25.4 * k,
        text_color: '#000000',
      },
    ],
    ...extra,
  } as Design);
}

/** "Page size: 595.276 x 841.89 pts (A4)" → [595.276, 841.89]. */
function pageSize(info: string): [number, number] {
  const m = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info);
  assert.ok(m, info);
  return [Number(m[1]), Number(m[2])];
}

test('an A4 design in mm is an exact A4 page (595.28 × 841.89 pt), whatever the PDF dpi', async () => {
  for (const dpi of [undefined, 150, 300] as const) {
    const pdf = await renderPdf({ pages: [{ design: a4() }], assets: noAssets, options: { dpi } });
    const info = await pdfInfo(pdf.bytes);
    const [w, h] = pageSize(info);
    assert.ok(Math.abs(w - 595.276) < 0.001, `width ${w} at dpi ${dpi}`);
    assert.ok(Math.abs(h - 841.89) < 0.001, `height ${h} at dpi ${dpi}`);
    assert.match(info, /\(A4\)/);
  }
});

test('pt and in designs of the same page give the same page size', async () => {
  for (const unit of ['pt', 'in'] as const) {
    const pdf = await renderPdf({ pages: [{ design: a4(unit) }], assets: noAssets });
    const [w, h] = pageSize(await pdfInfo(pdf.bytes));
    assert.ok(Math.abs(w - 595.276) < 0.001 && Math.abs(h - 841.89) < 0.001, `${unit}: ${w}×${h}`);
  }
  const letter = valid({ unit: 'in', width: 8.5, height: 11, background: '#fff', layers: [] });
  const pdf = await renderPdf({ pages: [{ design: letter }], assets: noAssets });
  assert.deepEqual(pageSize(await pdfInfo(pdf.bytes)), [612, 792]);
});

test('lengths are drawn in the unit: the frame sits 20 mm in, 10 mm tall on the PDF page', async () => {
  const pdf = await renderPdf({ pages: [{ design: a4() }], assets: noAssets });
  // At 254 dpi one pixel is 0.1 mm: the frame spans rows 200–299 and columns 200–1899.
  const png = await rasterisePdf(pdf.bytes, 254);
  keep('print-units-a4.png', png);
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const dark = (x: number, y: number) => data[(y * info.width + x) * 3] < 128;
  assert.ok(info.width >= 2100 && info.width <= 2101, `width ${info.width}`);
  assert.ok(dark(205, 205) && dark(1894, 294), 'inside the frame');
  assert.ok(!dark(195, 250) && !dark(1905, 250) && !dark(1000, 195) && !dark(1000, 305));
});

test('a physical design rasterises at the dpi: request, else the design, else 150', async () => {
  const design = a4();
  const at = async (d: Design, dpi?: 72 | 150 | 300) => {
    const img = await renderImage({ design: d, assets: noAssets, options: { dpi, format: 'png' } });
    const meta = await sharp(img.bytes).metadata();
    return [img.width, img.height, meta.density];
  };
  assert.deepEqual(await at(design), [1240, 1754, 150]);
  assert.deepEqual(await at(design, 300), [2480, 3508, 300]);
  assert.deepEqual(await at(a4('mm', { dpi: 72 })), [595, 842, 72]);
  assert.deepEqual(await at(a4('mm', { dpi: 72 }), 150), [1240, 1754, 150]);
});

test('a px design is unchanged: 1123×794 px at the default 96 dpi is 842.25×595.5 pt', async () => {
  const design = valid({ width: 1123, height: 794, background: '#fff', layers: [] });
  const pdf = await renderPdf({ pages: [{ design }], assets: noAssets });
  assert.deepEqual(pageSize(await pdfInfo(pdf.bytes)), [842.25, 595.5]);
});

test('bad units, sizes and dpi are problems naming the field', () => {
  const problems = (d: unknown) => validateDesign(d).problems;
  assert.match(
    JSON.stringify(problems({ unit: 'cm', width: 21, height: 29.7, layers: [] })),
    /"path":"unit","message":"must be one of \\"px\\", \\"pt\\", \\"mm\\", \\"in\\"; received \\"cm\\""/,
  );
  const big = problems({ unit: 'mm', width: 5000, height: 0, layers: [] });
  assert.deepEqual(
    big.map((p) => p.path),
    ['width', 'height'],
  );
  assert.match(big[0].message, /a number above 0 and at most 4233\.33 \(mm\)/);
  assert.equal(problems({ width: 210.5, height: 297, layers: [] })[0].path, 'width');
  assert.equal(
    problems({ unit: 'mm', width: 210, height: 297, dpi: 20, layers: [] })[0].path,
    'dpi',
  );
  const layer = (props: Record<string, unknown>) =>
    problems({
      unit: 'in',
      width: 8.5,
      height: 11,
      layers: [{ name: 't', type: 'text', x: 1, y: 1, width: 2, height: 1, ...props }],
    });
  // 0.125 in = 12 px: above the 1 px least font size; 12px is not an inch length.
  assert.deepEqual(layer({ font_size: 0.125 }), []);
  assert.deepEqual(layer({ font_size: '0.125in' }), []);
  const px = layer({ font_size: '12px' });
  assert.equal(px[0].path, 'layers.0.font_size');
  assert.match(px[0].message, /a length in in from 0\.01 to 20\.833 \(a number or "12in"\)/);
});

test('request geometry is in the design unit: "30mm" and "+5" move, "10px" is refused', () => {
  const design = a4();
  const ok = prepareRender(design, {
    frame: { x: '30mm', position_y_relative: '+5', width: '50%' },
  });
  assert.deepEqual(ok.problems, []);
  const frame = ok.design.layers.find((l) => l.name === 'frame')!;
  // The prepared design is in painter pixels: 96 per inch.
  const mm = 96 / 25.4;
  assert.ok(Math.abs(frame.x - 30 * mm) < 1e-9 && Math.abs(frame.y - 25 * mm) < 1e-9);
  assert.ok(Math.abs(frame.width - 85 * mm) < 1e-9);
  const bad = prepareRender(design, { frame: { x: '10px' } }).problems;
  assert.equal(bad[0].path, 'layers.frame.x');
  assert.match(bad[0].message, /"10mm"/);
});
