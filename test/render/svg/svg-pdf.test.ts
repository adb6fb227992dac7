/**
 * SVG in PDFs: what Imprint's vector painter can draw stays vectors (no image XObject, paths and
 * shadings in the page), and an SVG with a mask, filter or group opacity is embedded as one
 * bitmap at 300 pixels per inch of its placed size, whatever the PDF's dpi or the design's unit.
 */
import assert from 'node:assert/strict';
import { runCheckedSync } from '../../helpers/child-processes.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { renderPdf, type Design } from '../../../src/render/index.ts';
import { pdfFonts, pdfImages, pdfText, valid } from '../output/output-kit.ts';
import { fixtureSvgs, renderSvgPdf, svgDesign, SVG_URL } from './svg-kit.ts';

/** The page content streams of a PDF, uncompressed (qpdf --qdf). */
function pageContent(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-svg-pdf-'));
  try {
    fs.writeFileSync(path.join(dir, 'in.pdf'), pdf);
    runCheckedSync('qpdf', ['--qdf', '--object-streams=disable', 'in.pdf', 'out.pdf'], {
      cwd: dir,
    });
    return fs.readFileSync(path.join(dir, 'out.pdf'), 'latin1');
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** The rows of `pdfimages -list` (type, width, height, x-ppi, y-ppi). */
async function imageRows(
  pdf: Buffer,
): Promise<Array<{ type: string; width: number; height: number; ppiX: number; ppiY: number }>> {
  return (await pdfImages(pdf))
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
    .map((l) => l.trim().split(/\s+/))
    .map((c) => ({
      type: c[2],
      width: Number(c[3]),
      height: Number(c[4]),
      ppiX: Number(c[12]),
      ppiY: Number(c[13]),
    }));
}

const VECTOR = ['clip-path', 'linear-gradient', 'radial-gradient', 'text', 'transforms', 'viewbox'];

describe('SVG in PDFs', () => {
  for (const name of VECTOR) {
    it(`${name} stays vectors`, async () => {
      const pdf = await renderSvgPdf(svgDesign(300, 180, 'shape'), fixtureSvgs().get(name)!);
      assert.deepEqual(await imageRows(pdf), [], `${name}: the PDF holds an image`);
      const content = pageContent(pdf);
      assert.match(content, /\d \d+(\.\d+)? [cl]\n/, 'path segments in the page');
      if (name.endsWith('gradient')) {
        assert.match(content, name === 'linear-gradient' ? /\/ShadingType 2/ : /\/ShadingType 3/);
      }
    });
  }

  it('keeps embedded bitmaps at their own size and the rest as vectors', async () => {
    const pdf = await renderSvgPdf(
      svgDesign(300, 180, 'shape'),
      fixtureSvgs().get('embedded-image')!,
    );
    const rows = await imageRows(pdf);
    assert.ok(rows.length >= 1);
    for (const r of rows) assert.deepEqual([r.type, r.width, r.height], ['image', 40, 30]);
    assert.match(pageContent(pdf), /\d \d+(\.\d+)? c\n/, 'the circle is a path');
  });

  it('draws SVG text as outlines in the bundled fonts (no font, no text in the PDF)', async () => {
    const pdf = await renderSvgPdf(svgDesign(300, 180, 'shape'), fixtureSvgs().get('text')!);
    assert.equal((await pdfText(pdf)).trim(), '');
    assert.doesNotMatch(await pdfFonts(pdf), /TrueType|Type 1|CID/);
  });

  it('embeds a mask, a filter or group opacity as one bitmap at 300 ppi of its placed size', async () => {
    const svg = fixtureSvgs().get('opacity-mask')!;
    for (const [design, dpi] of [
      [svgDesign(300, 180, 'shape'), 96],
      [svgDesign(300, 180, 'picture', { object_fit: 'fill' }), 150],
      [
        valid({
          unit: 'mm',
          width: 100,
          height: 60,
          background: '#ffffff',
          layers: [
            { name: 'logo', type: 'shape', svg: SVG_URL, x: 10, y: 10, width: 50, height: 30 },
          ],
        } as Design),
        96,
      ],
    ] as const) {
      const files = new Map([[SVG_URL, svg]]);
      const pdf = (
        await renderPdf({ pages: [{ design }], assets: { files, fonts: [] }, options: { dpi } })
      ).bytes;
      const rows = await imageRows(pdf);
      assert.deepEqual(
        rows.map((r) => r.type),
        ['image', 'smask'],
      );
      for (const r of rows) {
        assert.ok(
          Math.abs(r.ppiX - 300) <= 1 && Math.abs(r.ppiY - 300) <= 1,
          `${r.ppiX}×${r.ppiY} ppi`,
        );
      }
    }
  });
});
