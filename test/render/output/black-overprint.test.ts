/**
 * Press checks of CMYK PDFs, read back as a RIP would separate them (Ghostscript tiffsep, which
 * honours overprint): K-only black text and thin lines overprint the cyan below them (no holes
 * in the cyan plate), `blackOverprint: false` knocks them out again, a large black area keeps
 * knocking out, and crop marks print on all four plates (registration colour).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkPdfOptions, renderPdf, type Design } from '../../../src/render/index.ts';
import { overprintContent } from '../../../src/render/output/black-overprint.ts';
import { MARK_GAP_PT, MARK_LENGTH_PT, MARK_MARGIN_PT } from '../../../src/render/output/bleed.ts';
import { keep, valid } from './output-kit.ts';
import { separations, type Box, type Plate } from './separations.ts';

const assets = { files: new Map<string, Buffer>(), fonts: [] };
const PLATES: Plate[] = ['Cyan', 'Magenta', 'Yellow', 'Black'];

const TEXT: Box = { x: 20, y: 20, width: 200, height: 30 };
const LINE: Box = { x: 20, y: 80, width: 300, height: 10 };
const SLAB: Box = { x: 250, y: 120, width: 100, height: 60 };

/** Cyan everywhere; small black text, a 1 px black line and a large black box on it. */
function onCyan(): Design {
  return valid({
    width: 400,
    height: 200,
    background: '#ffffff',
    layers: [
      {
        name: 'cyan',
        type: 'shape',
        x: 0,
        y: 0,
        width: 400,
        height: 200,
        background_color: 'cmyk(100,0,0,0)',
      },
      {
        name: 'small',
        type: 'text',
        ...TEXT,
        text: 'Small black text',
        font: 'DejaVu Sans',
        font_size: 12,
        text_color: '#000000',
        vertical_align: 'top',
      },
      {
        name: 'rule',
        type: 'line',
        ...LINE,
        direction: 'horizontal',
        color: '#000000',
        stroke_width: 1,
      },
      { name: 'slab', type: 'shape', ...SLAB, background_color: '#000000' },
    ],
  } as Design);
}

/** Pixels of the box where black is solid but cyan is (almost) gone: holes in the cyan plate. */
function holes(sep: Awaited<ReturnType<typeof separations>>, box: Box): number {
  let n = 0;
  for (let y = box.y; y < box.y + box.height; y++)
    for (let x = box.x; x < box.x + box.width; x++)
      if (sep.ink('Black', x, y) > 0.5 && sep.ink('Cyan', x, y) < 0.5) n++;
  return n;
}

describe('black overprint in CMYK PDFs', async () => {
  const design = onCyan();
  const on = await renderPdf({ pages: [{ design }], assets, options: { colorMode: 'cmyk' } });
  const off = await renderPdf({
    pages: [{ design }],
    assets,
    options: { colorMode: 'cmyk', blackOverprint: false },
  });
  keep('black-overprint-on.pdf', on.bytes);
  keep('black-overprint-off.pdf', off.bytes);

  it('leaves the cyan plate whole under black text and a thin line', async () => {
    const sep = await separations(on.bytes);
    assert.ok(sep.inked('Black', TEXT) > 100, 'the text is on the K plate');
    assert.ok(sep.inked('Black', LINE) > 100, 'the line is on the K plate');
    assert.equal(holes(sep, TEXT), 0, 'no text-shaped hole in cyan');
    assert.equal(holes(sep, LINE), 0, 'no line-shaped hole in cyan');
    // A large black area still knocks out: overprinted it would show the cyan through.
    assert.equal(sep.ink('Cyan', SLAB.x + 50, SLAB.y + 30), 0, 'the black box knocks out');
  });

  it('knocks black out with blackOverprint: false', async () => {
    const sep = await separations(off.bytes);
    assert.ok(holes(sep, TEXT) > 100, `text-shaped hole in cyan: ${holes(sep, TEXT)}`);
    assert.ok(holes(sep, LINE) > 100, `line-shaped hole in cyan: ${holes(sep, LINE)}`);
  });

  it('refuses a black_overprint that is not true or false', () => {
    const problems = checkPdfOptions({ blackOverprint: 'no' as unknown as boolean });
    assert.deepEqual(
      problems.map((p) => p.path),
      ['modifications.black_overprint'],
    );
    assert.match(problems[0].message, /must be true or false; received "no"/);
    assert.deepEqual(checkPdfOptions({ blackOverprint: false }), []);
  });
});

describe('overprintContent', () => {
  it('switches overprint on for K-only text and thin strokes, off for fills and wide strokes', () => {
    const widths = new Map([
      ['G1', 0.5],
      ['G2', 8],
    ]);
    const out = overprintContent(
      [
        '1 0 0 0 k 0 0 10 10 re f',
        '0 0 0 1 k BT /F1 9 Tf (a\\) Tj) Tj ET',
        'q /G1 gs 0 0 0 1 K 0 0 m 5 0 l S Q',
        '/G2 gs 0 0 0 1 K 0 0 m 5 0 l S',
        'q 0.1 0 0 0.1 0 0 cm 0 0 0 1 K 0 0 m 5 0 l S Q',
      ].join('\n'),
      widths,
    );
    assert.equal(
      out,
      [
        '1 0 0 0 k /ImprintOP0 gs\n0 0 10 10 re f',
        '0 0 0 1 k BT /F1 9 Tf /ImprintOP1 gs\n(a\\) Tj) Tj ET',
        'q /G1 gs 0 0 0 1 K 0 0 m 5 0 l S Q',
        // After Q the state is on again (restored), and an 8 pt stroke knocks out.
        '/G2 gs 0 0 0 1 K /ImprintOP0 gs\n0 0 m 5 0 l S',
        // The same 8 pt width scaled by 0.1 is thin.
        'q 0.1 0 0 0.1 0 0 cm 0 0 0 1 K /ImprintOP1 gs\n0 0 m 5 0 l S Q',
      ].join('\n'),
    );
  });

  it('leaves content without K-only black, or with an inline image, as it is', () => {
    assert.equal(overprintContent('1 0 0 0 k 0 0 1 1 re f BT (x) Tj ET', new Map()), undefined);
    assert.equal(overprintContent('0 0 0 1 k BI /W 1 ID x EI (t) Tj', new Map()), undefined);
  });
});

describe('crop marks in CMYK PDFs', () => {
  it('print in registration colour: 100% on all four plates', async () => {
    const design = valid({ width: 200, height: 100, background: '#ffffff', layers: [] } as Design);
    const pdf = await renderPdf({
      pages: [{ design }],
      assets,
      options: { colorMode: 'cmyk', bleed: 6, cropMarks: true },
    });
    keep('crop-marks-registration.pdf', pdf.bytes);
    // 288 dpi: 4 px per pt, the 0.25 pt marks one pixel wide. Page units: 96 dpi px = 0.75 pt.
    const sep = await separations(pdf.bytes, 288);
    const trim = (MARK_MARGIN_PT + 6 * 0.75) * 4;
    // The top-left horizontal mark: on the trim's top line, left of the bleed.
    const y = Math.round(trim);
    const x = Math.round((MARK_MARGIN_PT - MARK_GAP_PT - MARK_LENGTH_PT / 2) * 4);
    const row = { x: x - 4, y: y - 2, width: 8, height: 5 };
    for (const plate of PLATES) {
      assert.equal(sep.maxInk(plate, row), 1, `the mark is solid on the ${plate} plate`);
    }
  });
});
