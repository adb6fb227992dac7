/**
 * Font families: the faces read from font files, the CSS face matching (nearest weight, italic
 * falling back to oblique), and synthesised bold or slant only when a family lacks the face, with
 * a warning.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { readFontFaceInfo } from '../../../src/core/font-face-info.ts';
import { matchFace, type Face } from '../../../src/render/fonts/index.ts';
import sharp from 'sharp';
import { renderImage, renderPdf, type Design } from '../../../src/render/index.ts';
import { pdfFonts, rasterisePdf } from '../output/output-kit.ts';
import { fontFixture, FONT_FIXTURE_FORMATS } from '../../fixtures/fonts/font-fixtures.ts';
import { caseFontSources, dejavuFile } from './text-test-kit.ts';

const CASES = path.join(import.meta.dirname, '..', 'cases');
const read = (name: string, file: string) =>
  JSON.parse(fs.readFileSync(path.join(CASES, name, file), 'utf8'));

const face = (weight: number, style: Face['style'] = 'normal') => ({ weight, style });

describe('reading a face from a font file', () => {
  it('reads family, weight and style as Skia does', () => {
    const cases: Array<[string, string, number, string]> = [
      ['DejaVuSans.ttf', 'DejaVu Sans', 400, 'normal'],
      ['DejaVuSans-Bold.ttf', 'DejaVu Sans', 700, 'normal'],
      ['DejaVuSans-Oblique.ttf', 'DejaVu Sans', 400, 'italic'],
      ['DejaVuSans-BoldOblique.ttf', 'DejaVu Sans', 700, 'italic'],
      // Name ID 1 says "DejaVu Sans Light"; the typographic family (ID 16) groups it with the rest.
      ['DejaVuSans-ExtraLight.ttf', 'DejaVu Sans', 200, 'normal'],
      ['DejaVuSerif-BoldItalic.ttf', 'DejaVu Serif', 700, 'italic'],
    ];
    for (const [file, family, weight, style] of cases) {
      assert.deepEqual(readFontFaceInfo(fs.readFileSync(dejavuFile(file))), {
        family,
        weight,
        style,
      });
    }
  });

  for (const format of FONT_FIXTURE_FORMATS) {
    it(`reads a ${format} file`, () => {
      const info = readFontFaceInfo(fontFixture(format));
      assert.equal(info.weight, 400);
      assert.equal(info.style, 'normal');
      assert.match(info.family, /^DejaVu Sans/);
    });
  }

  it('takes damaged or cut files as a regular face of no family, without throwing', () => {
    const ttf = fontFixture('ttf');
    for (const data of [
      ttf.subarray(0, 40),
      ttf.subarray(0, 400),
      Buffer.alloc(64),
      fontFixture('woff2').subarray(0, 200),
      fontFixture('woff').subarray(0, 300),
    ]) {
      const info = readFontFaceInfo(data);
      assert.equal(info.weight, 400);
      assert.equal(info.style, 'normal');
    }
  });
});

describe('CSS face matching (CSS Fonts 4, 5.2)', () => {
  const family = [face(100), face(300), face(400), face(500), face(700), face(900)];
  const pick = (faces: Face[], w: number, s: Face['style'] = 'normal') =>
    matchFace(faces, w, s).face.weight;

  it('uses the exact weight when the family has it', () => {
    for (const w of [100, 300, 400, 500, 700, 900]) assert.equal(pick(family, w), w);
  });

  it('400–500: heavier up to 500 first, then lighter, then heavier', () => {
    assert.equal(pick([face(300), face(500), face(600)], 400), 500);
    assert.equal(pick([face(300), face(600)], 450), 300);
    assert.equal(pick([face(600), face(800)], 400), 600);
  });

  it('below 400: lighter first, then heavier', () => {
    assert.equal(pick([face(100), face(200), face(400)], 300), 200);
    assert.equal(pick([face(400), face(700)], 300), 400);
  });

  it('above 500: heavier first, then lighter', () => {
    assert.equal(pick([face(400), face(700), face(900)], 600), 700);
    assert.equal(pick([face(300), face(400)], 800), 400);
  });

  it('italic falls back to oblique, then upright; oblique to italic', () => {
    assert.equal(matchFace([face(400), face(400, 'oblique')], 400, 'italic').face.style, 'oblique');
    assert.equal(matchFace([face(400), face(400, 'italic')], 400, 'oblique').face.style, 'italic');
    assert.equal(matchFace([face(400)], 400, 'italic').syntheticOblique, true);
    assert.equal(matchFace([face(400, 'italic')], 400, 'normal').face.style, 'italic');
  });

  it('synthesises bold only when the family has no face of 600 or more', () => {
    assert.equal(matchFace([face(400), face(700)], 900, 'normal').syntheticBold, false);
    assert.equal(matchFace([face(400), face(500)], 600, 'normal').syntheticBold, true);
    assert.equal(matchFace([face(400)], 500, 'normal').syntheticBold, false);
  });
});

describe('text layers and font families', () => {
  it('picks real faces and warns once for the one it had to synthesise', async () => {
    const out = await renderImage({
      design: read('text-font-family', 'design.json') as Design,
      assets: { files: new Map(), fonts: caseFontSources(read('text-font-family', 'fonts.json')) },
      options: { format: 'png' },
    });
    assert.deepEqual(out.warnings, [
      {
        code: 'font_synthesized',
        path: 'layers.t4',
        message:
          'font family "Test Sans" has no bold face; bold was synthesised (upload that face to the family to use it)',
      },
    ]);
  });

  it('draws a synthesised bold wider than the regular face, and the real bold face like Skia does', async () => {
    const fonts = caseFontSources({
      reg: { file: 'DejaVuSans.ttf', family: 'Solo' },
      bold: { file: 'DejaVuSans-Bold.ttf', family: 'Duo' },
      duoreg: { file: 'DejaVuSans.ttf', family: 'Duo' },
    });
    const layer = (font: string, weight: number) => ({
      name: `${font}-${weight}`,
      type: 'text',
      x: 0,
      y: 0,
      width: 400,
      height: 40,
      font,
      font_weight: weight,
      text: 'Hamburgefonstiv',
      font_size: 20,
    });
    const render = async (font: string, weight: number) =>
      renderImage({
        design: { width: 400, height: 40, background: '#ffffff', layers: [layer(font, weight)] },
        assets: { files: new Map(), fonts },
        options: { format: 'png' },
      });
    const solo = await render('Solo', 700);
    assert.equal(solo.warnings?.length, 1);
    assert.match(solo.warnings![0].message, /"Solo" has no bold face; bold was synthesised/);
    const duo = await render('duo', 700);
    assert.deepEqual(duo.warnings ?? [], []);
    const bundled = await render('DejaVu Sans', 700);
    // The family's real bold face draws exactly as the bundled DejaVu Sans Bold.
    assert.ok(duo.bytes.equals(bundled.bytes));
    const regular = await render('Solo', 400);
    assert.ok(!solo.bytes.equals(regular.bytes));
    assert.ok(!solo.bytes.equals(duo.bytes));
  });

  it('embeds the real faces in PDFs, which look like the PNG', async () => {
    const design = read('text-font-family', 'design.json') as Design;
    const assets = {
      files: new Map(),
      fonts: caseFontSources(read('text-font-family', 'fonts.json')),
    };
    const pdf = await renderPdf({ pages: [{ design }], assets });
    const fonts = await pdfFonts(pdf.bytes);
    for (const face of ['DejaVuSans-Bold', 'DejaVuSans-ExtraLight', 'DejaVuSans-Oblique']) {
      assert.match(fonts, new RegExp(`\\+${face}\\s`), face);
    }
    // Same pictures: at most a few percent of pixels differ clearly (glyph edges).
    const png = await renderImage({ design, assets, options: { format: 'png' } });
    const raw = async (b: Buffer) =>
      (await sharp(b).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer()) as Buffer;
    const [a, b] = [await raw(png.bytes), await raw(await rasterisePdf(pdf.bytes, 96))];
    assert.equal(a.length, b.length);
    let differ = 0;
    for (let i = 0; i < a.length; i++) if (Math.abs(a[i] - b[i]) > 96) differ++;
    assert.ok(differ / a.length < 0.03, `${((differ / a.length) * 100).toFixed(2)}% differ`);
  });

  it('keeps designs of bundled families without warnings where the family has the face', async () => {
    const design: Design = {
      width: 300,
      height: 100,
      background: '#ffffff',
      layers: [
        {
          name: 'a',
          type: 'text',
          x: 0,
          y: 0,
          width: 300,
          height: 30,
          text: 'Bold',
          font_weight: 900,
        },
        {
          name: 'b',
          type: 'text',
          x: 0,
          y: 30,
          width: 300,
          height: 30,
          text: 'It',
          font_style: 'italic',
          font: 'DejaVu Serif',
        },
        {
          name: 'c',
          type: 'text',
          x: 0,
          y: 60,
          width: 300,
          height: 30,
          text: 'שלום',
          font: 'Noto Sans Hebrew',
          font_style: 'italic',
        },
      ],
    };
    const out = await renderImage({
      design,
      assets: { files: new Map(), fonts: [] },
      options: { format: 'png' },
    });
    assert.deepEqual(out.warnings, [
      {
        code: 'font_synthesized',
        path: 'layers.c',
        message:
          'font family "Noto Sans Hebrew" has no italic face; italic was synthesised (upload that face to the family to use it)',
      },
    ]);
  });
});
