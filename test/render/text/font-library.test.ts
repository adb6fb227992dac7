/**
 * The font library (Fontsource packages): every family ships with its licence and metadata, a
 * layer naming a family draws in that family's own face (Latin Extended characters too, which
 * live in another subset file), the weight picks a real face, and PDFs embed the face.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { describe, it } from 'node:test';
import { GlobalFonts, createCanvas } from '@napi-rs/canvas';
import sharp from 'sharp';
import {
  LIBRARY_FAMILIES,
  findLibraryFamily,
  libraryFamilies,
  libraryFilePath,
  resolveFontFamily,
  selectFace,
} from '../../../src/render/fonts/index.ts';
import { renderImage, renderPdf, type Design } from '../../../src/render/index.ts';
import { pdfFonts } from '../output/output-kit.ts';

/** Latin, Latin Extended (Ł Ħ ő ę ź) and Vietnamese (ạ) in one line. */
const SAMPLE = 'Łódź Ħę ő ạ Wave';

/** Width of `text` at 40 px in a family list, with the face selectFace picks for `weight`. */
function width(list: string, weight: string, text: string): number {
  const face = selectFace(list, weight, 'normal');
  const ctx = createCanvas(10, 10).getContext('2d');
  ctx.font = `${face.style} ${face.weight} 40px ${face.family}`;
  return ctx.measureText(text).width;
}

/** A family list of Montserrat's own files of one weight, registered apart from the library's. */
function referenceList(weight: number): string {
  const family = findLibraryFamily('Montserrat')!;
  const alias = `test-reference-montserrat-${weight}`;
  if (!GlobalFonts.has(alias)) {
    for (const subset of ['latin', 'latin-ext', 'vietnamese']) {
      assert.ok(
        GlobalFonts.registerFromPath(libraryFilePath(family, subset, weight, 'normal'), alias),
      );
    }
  }
  return `"${alias}"`;
}

const textDesign = (font: string, weight = 400): Design => ({
  width: 600,
  height: 80,
  background: '#ffffff',
  layers: [
    {
      name: 't',
      type: 'text',
      x: 10,
      y: 10,
      width: 580,
      height: 60,
      text: SAMPLE,
      font,
      font_weight: weight,
      font_size: 40,
      text_color: '#000000',
    },
  ],
});

/** Left and right edge of the dark pixels of a PNG. */
async function inkSpan(png: Buffer): Promise<[number, number]> {
  const { data, info } = await sharp(png)
    .flatten({ background: '#ffffff' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  let left = info.width;
  let right = -1;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      if (data[y * info.width + x] < 128) {
        left = Math.min(left, x);
        right = Math.max(right, x);
      }
    }
  }
  return [left, right];
}

describe('the font library', () => {
  it('ships 30+ families, each with its licence, metadata and a file for every face', () => {
    assert.ok(LIBRARY_FAMILIES.length >= 30, `${LIBRARY_FAMILIES.length} families`);
    for (const family of libraryFamilies()) {
      assert.match(family.license, /^(OFL-1\.1|Apache-2\.0)$/, family.name);
      assert.ok(fs.statSync(path.join(family.dir, 'LICENSE')).size > 500, `${family.name} LICENSE`);
      assert.ok(family.weights.length > 0 && family.styles.includes('normal'), family.name);
      assert.ok(family.subsets.includes('latin-ext'), `${family.name} covers Latin Extended`);
      for (const weight of family.weights) {
        for (const style of family.styles) {
          for (const subset of ['latin', 'latin-ext']) {
            const file = libraryFilePath(family, subset, weight, style);
            assert.ok(fs.existsSync(file), file);
          }
        }
      }
    }
  });

  it('finds a family by its name or package id, in any case and spacing', () => {
    for (const name of ['Montserrat', 'montserrat', ' MONTSERRAT ']) {
      assert.equal(findLibraryFamily(name)?.id, 'montserrat');
    }
    assert.equal(findLibraryFamily('open-sans')?.name, 'Open Sans');
    assert.equal(findLibraryFamily('OpenSans')?.name, 'Open Sans');
    assert.equal(findLibraryFamily('Source  Serif 4')?.id, 'source-serif-4');
    assert.equal(findLibraryFamily('Montserrat Alternates'), undefined);
    assert.equal(findLibraryFamily('DejaVu Sans'), undefined);
  });

  it('draws Latin and Latin Extended text in the family face, weight by weight', () => {
    const list = resolveFontFamily('Montserrat');
    assert.match(list, /^"imprint-lib-montserrat", "imprint-lib-montserrat-400-normal", /);
    const dejavu = resolveFontFamily('DejaVu Sans');
    for (const weight of [400, 700]) {
      const reference = referenceList(weight);
      for (const ch of [...SAMPLE].filter((c) => c !== ' ')) {
        const got = width(list, String(weight), ch);
        assert.equal(got, width(reference, String(weight), ch), `${ch} at ${weight}`);
      }
      // Ħ is in the latin-ext file only, and DejaVu draws it wider: the family's face drew it.
      assert.notEqual(width(list, String(weight), 'Ħ'), width(dejavu, String(weight), 'Ħ'));
    }
    assert.ok(width(list, '700', SAMPLE) > width(list, '400', SAMPLE), 'bold is a wider face');
    assert.equal(
      selectFace(list, '700', 'italic').family.split(',')[0],
      '"imprint-lib-montserrat-700-italic"',
    );
    assert.equal(selectFace(list, '700', 'italic').syntheticOblique, false);
  });

  it('renders a text layer in the family (PNG) without a fallback warning', async () => {
    const render = (font: string, weight?: number) =>
      renderImage({
        design: textDesign(font, weight),
        assets: { files: new Map(), fonts: [] },
        options: { format: 'png' },
      });
    const montserrat = await render('Montserrat', 700);
    const dejavu = await render('DejaVu Sans', 700);
    assert.deepEqual(montserrat.warnings, []);
    const [left, right] = await inkSpan(montserrat.bytes);
    const [, dejavuRight] = await inkSpan(dejavu.bytes);
    // The ink spans the text's width in Montserrat Bold (a glyph's ink sits within its advance).
    const expected = width(referenceList(700), '700', SAMPLE);
    assert.ok(Math.abs(right - left - expected) < 6, `ink ${right - left} vs ${expected}`);
    assert.ok(Math.abs(right - dejavuRight) > 10, 'DejaVu Sans draws the line at another width');
  });

  it('embeds the family face in PDFs as real text', async () => {
    const pdf = await renderPdf({
      pages: [{ design: textDesign('Playfair Display', 400) }],
      assets: { files: new Map(), fonts: [] },
    });
    const fonts = await pdfFonts(pdf.bytes);
    assert.match(fonts, /PlayfairDisplay/);
    assert.match(fonts, /CID TrueType/);
  });
});
