/**
 * Black and cmyk() colours in CMYK PDFs, read back as ink separations (Ghostscript tiffsep):
 * pure black text and shapes on K only with `black: "k"` (the default) and converted with
 * `"rich"`, cmyk() colours with exactly their inks; cmyk() colours in RGB output converted
 * through the CMYK profile; an imported profile used for the conversion and the output intent.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { describe, it } from 'node:test';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFRawStream,
  PDFString,
  decodePDFRawStream,
} from 'pdf-lib';
import sharp from 'sharp';
import { checkPdfOptions, renderImage, renderPdf, type Design } from '../../../src/render/index.ts';
import { parseColor } from '../../../src/render/design/color.ts';
import { cmykToRgb } from '../../../src/render/output/cmyk-to-rgb.ts';
import { rewriteContent } from '../../../src/render/output/cmyk-colors.ts';
import { iccProfileBytes } from '../../../src/render/output/icc-profile-files.ts';
import { keep, rasterisePdf, valid } from './output-kit.ts';
import { separations, type Box } from './separations.ts';

/** Ghostscript's own CMYK profile (Artifex's SWOP-like default), standing in for an owner's file. */
const GS_CMYK = '/usr/share/color/icc/ghostscript/default_cmyk.icc';

const BOX: Box = { x: 20, y: 20, width: 150, height: 90 };
const RED: Box = { x: 200, y: 20, width: 150, height: 90 };
const TEXT: Box = { x: 20, y: 150, width: 170, height: 60 };
const TINT: Box = { x: 20, y: 220, width: 150, height: 60 };
const BLUE: Box = { x: 200, y: 150, width: 150, height: 90 };

const shape = (name: string, b: Box, color: string) => ({
  name,
  type: 'shape',
  ...b,
  background_color: color,
});

function inkDesign(): Design {
  return valid({
    width: 400,
    height: 300,
    background: '#ffffff',
    layers: [
      shape('box', BOX, '#000000'),
      shape('red', RED, 'cmyk(0,100,100,0)'),
      shape('tint', TINT, 'cmyk(60%, 0%, 20%, 10%)'),
      shape('blue', BLUE, '#2563eb'),
      {
        name: 'title',
        type: 'text',
        ...TEXT,
        text: 'Black text',
        font: 'DejaVu Sans',
        font_weight: 'bold',
        font_size: 26,
        text_color: '#000000',
      },
    ],
  } as Design);
}

const centre = (b: Box): [number, number] => [b.x + b.width / 2, b.y + b.height / 2];
const assets = { files: new Map<string, Buffer>(), fonts: [] };
const near = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) <= 1.5 / 255, `${what}: ${actual} ≠ ${expected}`);

describe('cmyk() colours', () => {
  it('parses ink percentages into one canonical form and refuses others', () => {
    assert.equal(parseColor('cmyk(0,100,100,0)'), 'cmyk(0,100,100,0)');
    assert.equal(parseColor(' CMYK(0%, 100%, 100%, 0%) '), 'cmyk(0,100,100,0)');
    assert.equal(parseColor('cmyk(12.345 0 .5 100)'), 'cmyk(12.35,0,0.5,100)');
    for (const bad of [
      'cmyk(0,100,100)',
      'cmyk(0,101,0,0)',
      'cmyk(-1,0,0,0)',
      'cmyk(a,0,0,0)',
      'cmyk(0,0,0,0,1)',
    ]) {
      assert.equal(parseColor(bad), undefined, bad);
    }
  });

  it('rewrites only the colours it knows, as Skia writes them', () => {
    const inks = new Map([['0,0,0', [0, 0, 0, 1] as [number, number, number, number]]]);
    assert.equal(
      rewriteContent('q\n0 0 0 RG 0 0 0 rg\n.502 .502 .502 rg\n1 0 0 rg\nQ', inks),
      'q\n0 0 0 1 K 0 0 0 1 k\n.502 .502 .502 rg\n1 0 0 rg\nQ',
    );
    assert.equal(rewriteContent('1 1 1 rg <0000> Tj', inks), undefined);
  });
});

describe('CMYK PDF separations', async () => {
  const design = inkDesign();
  const kOnly = await renderPdf({ pages: [{ design }], assets, options: { colorMode: 'cmyk' } });
  const rich = await renderPdf({
    pages: [{ design }],
    assets,
    options: { colorMode: 'cmyk', black: 'rich' },
  });
  keep('cmyk-black-k.pdf', kOnly.bytes);
  keep('cmyk-black-rich.pdf', rich.bytes);

  it('prints black text and shapes on K only by default', async () => {
    const sep = await separations(kOnly.bytes);
    const [x, y] = centre(BOX);
    assert.deepEqual(
      (['Cyan', 'Magenta', 'Yellow', 'Black'] as const).map((p) => sep.ink(p, x, y)),
      [0, 0, 0, 1],
    );
    assert.ok(sep.inked('Black', TEXT) > 500, 'the text is on the K plate');
    for (const plate of ['Cyan', 'Magenta', 'Yellow'] as const) {
      assert.equal(sep.maxInk(plate, TEXT), 0, `no ${plate} in the black text`);
      assert.equal(sep.maxInk(plate, BOX), 0, `no ${plate} in the black shape`);
    }
  });

  it('keeps the converted four-ink black with black: "rich"', async () => {
    const sep = await separations(rich.bytes);
    const [x, y] = centre(BOX);
    // The generic profile's black: K with some of every other ink (its 300% ink limit).
    for (const plate of ['Cyan', 'Magenta', 'Yellow', 'Black'] as const) {
      assert.ok(sep.ink(plate, x, y) > 0.1, `${plate} in rich black: ${sep.ink(plate, x, y)}`);
    }
    assert.ok(sep.maxInk('Cyan', TEXT) > 0.1, 'the text has cyan too');
  });

  it('gives cmyk() colours exactly their inks, and converts the RGB ones', async () => {
    const sep = await separations(kOnly.bytes);
    const [rx, ry] = centre(RED);
    assert.deepEqual(
      (['Cyan', 'Magenta', 'Yellow', 'Black'] as const).map((p) => sep.ink(p, rx, ry)),
      [0, 1, 1, 0],
    );
    const [tx, ty] = centre(TINT);
    near(sep.ink('Cyan', tx, ty), 0.6, 'tint cyan');
    near(sep.ink('Magenta', tx, ty), 0, 'tint magenta');
    near(sep.ink('Yellow', tx, ty), 0.2, 'tint yellow');
    near(sep.ink('Black', tx, ty), 0.1, 'tint black');
    const [bx, by] = centre(BLUE);
    assert.ok(sep.ink('Cyan', bx, by) > 0.5, 'the RGB blue is converted to mostly cyan');
    // The whole page: inkcov agrees there is no cyan outside the tint and the blue.
    const page = { x: 0, y: 0, width: sep.width, height: sep.height };
    assert.equal(
      sep.inked('Cyan', page),
      sep.inked('Cyan', TINT) + sep.inked('Cyan', BLUE),
      'cyan only where a colour asks for it',
    );
  });

  it('looks right rasterised (black, red, teal tint, blue)', async () => {
    const png = await rasterisePdf(kOnly.bytes, 96);
    keep('cmyk-black-k.png', png);
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const px = (b: Box) => {
      const [x, y] = centre(b);
      const i = (Math.round(y) * info.width + Math.round(x)) * info.channels;
      return [data[i], data[i + 1], data[i + 2]];
    };
    const [r, g, b] = px(RED);
    assert.ok(r > 180 && g < 60 && b < 80, `red ${[r, g, b]}`);
    assert.ok(
      px(BOX).every((v) => v < 70),
      `black ${px(BOX)}`,
    );
  });
});

describe('cmyk() colours in RGB output', () => {
  it('paints them as their RGB through the default CMYK profile, in images and RGB PDFs', async () => {
    const design = inkDesign();
    const [expected] = await cmykToRgb([[0, 1, 1, 0]], iccProfileBytes('generic-cmyk.icc'));
    assert.ok(expected[0] > 200 && expected[1] < 60 && expected[2] < 80, `${expected}`);
    const image = await renderImage({ design, assets, options: { format: 'png' } });
    keep('cmyk-colours-rgb.png', image.bytes);
    const { data, info } = await sharp(image.bytes).raw().toBuffer({ resolveWithObject: true });
    const [x, y] = centre(RED);
    const i = (y * info.width + x) * info.channels;
    assert.deepEqual([data[i], data[i + 1], data[i + 2]], expected);

    const pdf = await renderPdf({ pages: [{ design }], assets });
    const png = await rasterisePdf(pdf.bytes, 96);
    const raster = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    const j = (y * raster.info.width + x) * raster.info.channels;
    const got = [raster.data[j], raster.data[j + 1], raster.data[j + 2]];
    got.forEach((v, c) => assert.ok(Math.abs(v - expected[c]) <= 2, `${got} vs ${expected}`));
  });
});

/** The first output intent: its condition and the decoded bytes of its profile. */
async function outputIntent(pdf: Buffer): Promise<{ condition: string; icc: Buffer }> {
  const doc = await PDFDocument.load(pdf);
  const intent = doc.catalog.lookup(PDFName.of('OutputIntents'), PDFArray).lookup(0, PDFDict);
  const stream = intent.lookup(PDFName.of('DestOutputProfile'));
  assert.ok(stream instanceof PDFRawStream);
  return {
    condition: intent.lookup(PDFName.of('OutputConditionIdentifier'), PDFString).decodeText(),
    icc: Buffer.from(decodePDFRawStream(stream).decode()),
  };
}

describe(
  'imported CMYK profiles',
  { skip: !fs.existsSync(GS_CMYK) && 'no Ghostscript profile' },
  () => {
    it('are refused until imported, then convert the colours and are the output intent', async () => {
      const refused = checkPdfOptions({ colorProfile: 'cmyk-profile-4' });
      assert.equal(refused[0]?.path, 'modifications.color_profile');
      assert.match(refused[0].message, /imprint icc import <file> --name cmyk-profile-4/);

      const data = fs.readFileSync(GS_CMYK);
      const design = inkDesign();
      const options = { colorProfile: 'cmyk-profile-4', colorProfileData: data };
      assert.deepEqual(checkPdfOptions(options), []);
      const imported = await renderPdf({ pages: [{ design }], assets, options });
      const generic = await renderPdf({
        pages: [{ design }],
        assets,
        options: { colorMode: 'cmyk' },
      });
      const intent = await outputIntent(imported.bytes);
      assert.equal(intent.condition, 'CGATS TR 005');
      assert.ok(intent.icc.equals(data), 'the output intent carries the imported profile');
      assert.ok(!(await outputIntent(generic.bytes)).icc.equals(data));

      // The RGB blue converts through the imported profile: other inks than the generic one's.
      const [bx, by] = centre(BLUE);
      const a = await separations(imported.bytes);
      const b = await separations(generic.bytes);
      const inks = (s: typeof a) =>
        (['Cyan', 'Magenta', 'Yellow', 'Black'] as const).map((p) => s.ink(p, bx, by));
      assert.notDeepEqual(inks(a), inks(b));
      // Black and cmyk() colours are inks whatever the profile.
      const [rx, ry] = centre(RED);
      assert.deepEqual(
        (['Cyan', 'Magenta', 'Yellow', 'Black'] as const).map((p) => a.ink(p, rx, ry)),
        [0, 1, 1, 0],
      );
      assert.equal(a.maxInk('Cyan', TEXT), 0);
    });

    it('refuses a bad black option at modifications.black', () => {
      const problems = checkPdfOptions({ colorMode: 'cmyk', black: 'grey' as 'k' });
      assert.deepEqual(problems, [
        { path: 'modifications.black', message: 'must be one of k, rich; received "grey"' },
      ]);
    });
  },
);
