/**
 * Bleed and crop marks: the PDF's boxes as pdfinfo reads them, what the rasterised page shows in
 * the bleed and the mark margin, CMYK keeping the boxes, and the default output unchanged.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import sharp from 'sharp';
import { checkPdfOptions, renderPdf, type Design } from '../../../src/render/index.ts';
import { keep, rasterisePdf, tool, valid } from './output-kit.ts';
import { validateDesign } from '../../../src/render/design/validate-design.ts';

const noAssets = { files: new Map<string, Buffer>(), fonts: [] };
const MM = 72 / 25.4;

/** An A6 landscape flyer in mm: navy background, an amber band along the bottom, a title. */
function flyer(): Design {
  return valid({
    unit: 'mm',
    width: 148,
    height: 105,
    background: '#1e3a8a',
    layers: [
      {
        name: 'band',
        type: 'shape',
        x: 0,
        y: 80,
        width: 148,
        height: 25,
        background_color: '#f59e0b',
      },
      {
        name: 'title',
        type: 'text',
        x: 10,
        y: 10,
        width: 120,
        height: 20,
        text: 'Flyer',
        font: 'DejaVu Sans',
        font_size: 10,
        text_color: '#ffffff',
      },
    ],
  } as Design);
}

type Box = [number, number, number, number];

/** The boxes pdfinfo -box reports for page 1, as [x1, y1, x2, y2]. */
async function boxes(pdf: Buffer): Promise<Record<string, Box>> {
  const out = await tool('pdfinfo', (f) => ['-box', f], pdf);
  const found: Record<string, Box> = {};
  for (const m of out.matchAll(/^(\w+Box):\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)\s+([\d.]+)$/gm)) {
    found[m[1]] = [Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5])];
  }
  return found;
}

/** Width and height of a box. */
const size = (b: Box) => [b[2] - b[0], b[3] - b[1]];
const near = (a: number, b: number, what: string) =>
  assert.ok(Math.abs(a - b) < 0.02, `${what}: ${a} vs ${b}`);

/** Whether the PDF's page dictionary has the key (qpdf). */
async function pageHas(pdf: Buffer, key: string): Promise<boolean> {
  const out = await tool('qpdf', (f) => ['--show-pages', '--with-images', f], pdf);
  const obj = /page 1: (\d+) 0 R/.exec(out)![1];
  const dict = await tool('qpdf', (f) => [`--show-object=${obj}`, f], pdf);
  return dict.includes(key);
}

test('the default output has no bleed, trim box or marks', async () => {
  const pdf = await renderPdf({ pages: [{ design: flyer() }], assets: noAssets });
  const b = await boxes(pdf.bytes);
  near(size(b.MediaBox)[0], 148 * MM, 'width');
  near(size(b.MediaBox)[1], 105 * MM, 'height');
  assert.equal(await pageHas(pdf.bytes, '/TrimBox'), false);
  assert.equal(await pageHas(pdf.bytes, '/BleedBox'), false);
});

test('a 3 mm bleed grows the page, sets TrimBox and BleedBox and fills the bleed', async () => {
  const pdf = await renderPdf({
    pages: [{ design: flyer() }],
    assets: noAssets,
    options: { bleed: 3 },
  });
  const b = await boxes(pdf.bytes);
  near(size(b.MediaBox)[0], 154 * MM, 'media width');
  near(size(b.MediaBox)[1], 111 * MM, 'media height');
  near(size(b.TrimBox)[0], 148 * MM, 'trim width');
  near(size(b.TrimBox)[1], 105 * MM, 'trim height');
  near(b.TrimBox[0] - b.MediaBox[0], 3 * MM, 'trim left');
  near(b.TrimBox[1] - b.MediaBox[1], 3 * MM, 'trim bottom');
  assert.deepEqual(b.BleedBox, b.MediaBox);
  // At 254 dpi a pixel is 0.1 mm: the page is 1540 × 1110, the trim starts at 30.
  const png = await rasterisePdf(pdf.bytes, 254);
  keep('print-bleed-3mm.png', png);
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => {
    const i = (y * info.width + x) * 3;
    return [data[i], data[i + 1], data[i + 2]];
  };
  const navy = (p: number[]) => p[2] > 100 && p[0] < 60;
  const amber = (p: number[]) => p[0] > 200 && p[1] > 130 && p[2] < 60;
  assert.ok(
    navy(at(2, 2)) && navy(at(1537, 2)),
    'the background fills the top corners of the bleed',
  );
  assert.ok(amber(at(2, 1107)) && amber(at(1537, 1107)), 'the band reaches the bottom corners');
  assert.ok(amber(at(770, 1107)) && navy(at(770, 820)), 'the band starts at 80 mm from the trim');
});

test('crop marks sit outside the bleed; the page grows by their margin', async () => {
  const pdf = await renderPdf({
    pages: [{ design: flyer() }],
    assets: noAssets,
    options: { bleed: 3, cropMarks: true },
  });
  const b = await boxes(pdf.bytes);
  near(size(b.MediaBox)[0], 154 * MM + 48, 'media width');
  near(b.BleedBox[0] - b.MediaBox[0], 24, 'bleed box left');
  near(b.TrimBox[0] - b.MediaBox[0], 24 + 3 * MM, 'trim box left');
  near(size(b.TrimBox)[0], 148 * MM, 'trim width');
  const png = await rasterisePdf(pdf.bytes, 288); // 4 px per pt
  keep('print-crop-marks.png', png);
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  const grey = (x: number, y: number) => data[y * info.width + x];
  const trim = Math.round((24 + 3 * MM) * 4);
  // The top-left horizontal mark: on the trim's top line, from 3 pt outside the bleed outwards.
  const markX = Math.round((24 - 3 - 9) * 4);
  const darkNear = (x: number, y: number) =>
    [-1, 0, 1].some((d) => grey(x, y + d) < 160 || grey(x + d, y) < 160);
  assert.ok(darkNear(markX, trim), 'a horizontal mark at the trim line');
  assert.ok(darkNear(trim, markX), 'a vertical mark at the trim line');
  assert.ok(grey(markX, markX) > 240, 'nothing at the corner of the margin');
  assert.ok(grey(trim, Math.round(23 * 4)) > 240, 'the mark stops 3 pt before the bleed');
});

test('a CMYK PDF keeps its boxes through Ghostscript', async () => {
  const pdf = await renderPdf({
    pages: [{ design: flyer() }],
    assets: noAssets,
    options: { bleed: 3, cropMarks: true, colorMode: 'cmyk' },
  });
  const b = await boxes(pdf.bytes);
  near(size(b.TrimBox)[0], 148 * MM, 'trim width');
  near(b.TrimBox[0] - b.BleedBox[0], 3 * MM, 'bleed');
});

test('bad bleed and crop_marks are problems naming the field', async () => {
  assert.deepEqual(
    checkPdfOptions({ bleed: -1, cropMarks: 'yes' as unknown as boolean }).map((p) => p.path),
    ['modifications.bleed', 'modifications.crop_marks'],
  );
  await assert.rejects(
    renderPdf({ pages: [{ design: flyer() }], assets: noAssets, options: { bleed: 30 } }),
    (err: Error & { problems?: Array<{ path: string; message: string }> }) => {
      assert.equal(err.problems?.[0].path, 'pages.0.modifications.bleed');
      assert.match(err.problems![0].message, /at most 25\.4 mm/);
      return true;
    },
  );
});

test("a design's own bleed is the default; the request's bleed wins over it", async () => {
  const design = valid({ ...flyer(), bleed: 3 } as Design);
  assert.equal(design.bleed, 3);
  const own = await boxes((await renderPdf({ pages: [{ design }], assets: noAssets })).bytes);
  near(size(own.MediaBox)[0], 154 * MM, 'media width with the design bleed');
  near(size(own.TrimBox)[0], 148 * MM, 'trim width');
  const none = await renderPdf({ pages: [{ design }], assets: noAssets, options: { bleed: 0 } });
  near(size((await boxes(none.bytes)).MediaBox)[0], 148 * MM, 'bleed 0 in the request');
  assert.equal(await pageHas(none.bytes, '/TrimBox'), false);
});

test('a bad design bleed is a problem at `bleed`', () => {
  for (const bleed of [-1, 'x', 30]) {
    const { problems } = validateDesign({ ...flyer(), bleed });
    assert.deepEqual(
      problems.map((p) => p.path),
      ['bleed'],
      String(bleed),
    );
  }
  assert.match(validateDesign({ ...flyer(), bleed: 30 }).problems[0].message, /at most 25\.4 mm/);
  assert.equal(validateDesign({ ...flyer(), bleed: 0 }).design?.bleed, undefined);
});
