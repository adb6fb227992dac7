/**
 * Spot colours, `spot("PANTONE 185 C", c, m, y, k)`: parsed into one canonical form (the name's
 * case kept), refused with the spot rules naming the field, one alternate per name in a render;
 * painted as the CMYK alternate in images; written as a Separation colour space (the name, a
 * DeviceCMYK alternate) in RGB and CMYK PDFs, which Ghostscript's tiffsep separates onto a plate
 * of the spot's name with nothing of it on the process plates.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  PDFNumber,
  PDFStream,
  decodePDFRawStream,
  type PDFRawStream,
} from 'pdf-lib';
import sharp from 'sharp';
import {
  RenderInputError,
  prepareRender,
  renderImage,
  renderPdf,
  validateDesign,
  type Design,
} from '../../../src/render/index.ts';
import { parseColor } from '../../../src/render/design/color.ts';
import { cmykToRgb } from '../../../src/render/output/cmyk-to-rgb.ts';
import { iccProfileBytes } from '../../../src/render/output/icc-profile-files.ts';
import { keep, valid } from './output-kit.ts';
import { pdfX4Problems } from './pdfx-check.ts';
import { separations, type Box } from './separations.ts';

const RED = 'spot("PANTONE 185 C",0,100,81,4)';
/** A name Ghostscript's pdfwrite would escape twice: a slash and a non-ASCII letter. */
const GOLD_NAME = 'Gold/Or é';
const GOLD = `spot("${GOLD_NAME}",0,20,80,10)`;

const SOLID: Box = { x: 20, y: 20, width: 150, height: 90 };
const HALF: Box = { x: 200, y: 20, width: 150, height: 90 };
const TEXT: Box = { x: 20, y: 150, width: 300, height: 60 };
const RULE: Box = { x: 20, y: 240, width: 300, height: 20 };
const BLUE: Box = { x: 340, y: 150, width: 40, height: 40 };

function spotDesign(): Design {
  return valid({
    width: 400,
    height: 300,
    background: '#ffffff',
    layers: [
      { name: 'solid', type: 'shape', ...SOLID, background_color: RED },
      // Opacity stays opacity: the spot at tint 1, half transparent.
      { name: 'half', type: 'shape', ...HALF, background_color: RED, opacity: 50 },
      {
        name: 'title',
        type: 'text',
        ...TEXT,
        text: 'Spot text',
        font: 'DejaVu Sans',
        font_weight: 'bold',
        font_size: 30,
        text_color: RED,
      },
      { name: 'rule', type: 'line', ...RULE, color: GOLD, stroke_width: 6 },
      { name: 'blue', type: 'shape', ...BLUE, background_color: '#2563eb' },
    ],
  } as Design);
}

const centre = (b: Box): [number, number] => [b.x + b.width / 2, b.y + b.height / 2];
const inner = (b: Box, by = 3): Box => ({
  x: b.x + by,
  y: b.y + by,
  width: b.width - 2 * by,
  height: b.height - 2 * by,
});
const assets = { files: new Map<string, Buffer>(), fonts: [] };
const PROCESS = ['Cyan', 'Magenta', 'Yellow', 'Black'] as const;

describe('spot() colours: parsing', () => {
  it('keeps the name as written and the inks in canonical form', () => {
    assert.equal(parseColor(' spot("PANTONE 185 C", 0, 100, 81, 4) '), RED);
    assert.equal(parseColor("SPOT('PANTONE 185 C' 0% 100% 81% 4%)"), RED);
    assert.equal(parseColor('spot(" Gold ",12.345,0,.5,100)'), 'spot("Gold",12.35,0,0.5,100)');
    assert.equal(parseColor(`spot("it's",0,0,0,100)`), `spot("it's",0,0,0,100)`);
    assert.equal(
      parseColor(`spot("${'x'.repeat(63)}",0,0,0,0)`),
      `spot("${'x'.repeat(63)}",0,0,0,0)`,
    );
    for (const bad of [
      'spot(PANTONE,0,0,0,0)',
      'spot("",0,0,0,0)',
      'spot("a"b",0,0,0,0)',
      `spot('6" red',0,0,0,0)`,
      'spot("tab\there",0,0,0,0)',
      `spot("${'x'.repeat(64)}",0,0,0,0)`,
      'spot("All",0,0,0,100)',
      'spot("none",0,0,0,100)',
      'spot("Red",0,100,100)',
      'spot("Red",0,101,0,0)',
      'spot("Red",-1,0,0,0)',
      'spot("Red",0,0,0,0,0)',
      'spot("Red")',
    ]) {
      assert.equal(parseColor(bad), undefined, bad);
    }
  });

  it('refuses a bad spot() with the spot rules, naming the field', () => {
    const { problems } = validateDesign({
      width: 100,
      height: 100,
      background: 'spot("Red",0,0,0)',
      layers: [
        {
          name: 'a',
          type: 'shape',
          x: 0,
          y: 0,
          width: 10,
          height: 10,
          background_color: 'spot("All",0,0,0,100)',
        },
      ],
    });
    assert.deepEqual(
      problems.map((p) => p.path),
      ['background', 'layers.0.background_color'],
    );
    for (const p of problems)
      assert.match(p.message, /spot\("PANTONE 185 C", 0, 100, 81, 4\).*not "All" or "None"/);
  });

  it('refuses a second alternate for one name, at the second field', () => {
    const design = valid({
      width: 100,
      height: 100,
      layers: [
        { name: 'a', type: 'shape', x: 0, y: 0, width: 10, height: 10, background_color: RED },
        {
          name: 'b',
          type: 'shape',
          x: 0,
          y: 0,
          width: 10,
          height: 10,
          border_color: RED,
          border_width: 2,
        },
      ],
    } as unknown as Design);
    assert.deepEqual(prepareRender(design).problems, []);
    const problems = prepareRender(design, {
      b: { border_color: 'spot("PANTONE 185 C",0,90,80,0)' },
    }).problems;
    assert.equal(problems.length, 1);
    assert.equal(problems[0].path, 'layers.b.border_color');
    assert.match(
      problems[0].message,
      /cmyk\(0,100,81,4\) of the spot colour "PANTONE 185 C" at layers\.a\.background_color/,
    );
  });

  it('refuses a second alternate on another page of a PDF', async () => {
    const page = (color: string) =>
      valid({
        width: 50,
        height: 50,
        layers: [
          { name: 'a', type: 'shape', x: 0, y: 0, width: 10, height: 10, background_color: color },
        ],
      } as unknown as Design);
    await assert.rejects(
      renderPdf({
        pages: [{ design: page(RED) }, { design: page('spot("PANTONE 185 C",0,0,0,100)') }],
        assets,
      }),
      (err: unknown) =>
        err instanceof RenderInputError &&
        err.problems[0]?.path === 'pages.1.layers.a.background_color',
    );
  });
});

describe('spot() colours in images', () => {
  it('paint their CMYK alternate through the default CMYK profile', async () => {
    const [red, gold] = await cmykToRgb(
      [
        [0, 1, 0.81, 0.04],
        [0, 0.2, 0.8, 0.1],
      ],
      iccProfileBytes('generic-cmyk.icc'),
    );
    const image = await renderImage({ design: spotDesign(), assets, options: { format: 'png' } });
    keep('spot-colours.png', image.bytes);
    const { data, info } = await sharp(image.bytes).raw().toBuffer({ resolveWithObject: true });
    const px = (x: number, y: number) => {
      const i = (y * info.width + x) * info.channels;
      return [data[i], data[i + 1], data[i + 2]];
    };
    assert.deepEqual(px(...centre(SOLID)), red);
    assert.deepEqual(px(...centre(RULE)), gold);
  });
});

/** The Separation colour spaces of a PDF's first page: name → tint transform's C1. */
async function separationSpaces(pdf: Buffer): Promise<Map<string, number[]>> {
  const doc = await PDFDocument.load(pdf);
  const page = doc.getPages()[0].node;
  const spaces = page.Resources()!.lookup(PDFName.of('ColorSpace'), PDFDict);
  const found = new Map<string, number[]>();
  for (const [, value] of spaces.entries()) {
    const space = doc.context.lookup(value);
    if (!(space instanceof PDFArray) || space.get(0) !== PDFName.of('Separation')) continue;
    const alternate = space.get(2);
    if (alternate !== PDFName.of('DeviceCMYK')) {
      // PDF/X-4 with an RGB output intent: a CMYK ICC space (device CMYK is not allowed there).
      const icc = doc.context.lookup(alternate, PDFArray);
      assert.equal(icc.get(0), PDFName.of('ICCBased'), 'the alternate space is CMYK');
      assert.equal(icc.lookup(1, PDFStream).dict.lookup(PDFName.of('N'), PDFNumber).asNumber(), 4);
    }
    const fn = space.lookup(3, PDFDict);
    assert.equal(fn.lookup(PDFName.of('FunctionType'), PDFNumber).asNumber(), 2);
    const c0 = fn
      .lookup(PDFName.of('C0'), PDFArray)
      .asArray()
      .map((n) => (n as PDFNumber).asNumber());
    assert.deepEqual(c0, [0, 0, 0, 0], 'tint 0 is no ink');
    const c1 = fn
      .lookup(PDFName.of('C1'), PDFArray)
      .asArray()
      .map((n) => (n as PDFNumber).asNumber());
    // A name's bytes, as pdf-lib gives them, are UTF-8.
    const name = Buffer.from((space.get(1) as PDFName).decodeText(), 'latin1').toString('utf8');
    found.set(name, c1);
  }
  return found;
}

/** The first page's content, decoded. */
async function pageContent(pdf: Buffer): Promise<string> {
  const doc = await PDFDocument.load(pdf);
  const contents = doc.getPages()[0].node.Contents();
  const streams =
    contents instanceof PDFArray
      ? contents.asArray().map((r) => doc.context.lookup(r))
      : [contents];
  return streams
    .map((s) => Buffer.from(decodePDFRawStream(s as PDFRawStream).decode()).toString('latin1'))
    .join('\n');
}

for (const colorMode of ['rgb', 'cmyk'] as const) {
  describe(`spot() colours in ${colorMode.toUpperCase()} PDFs`, async () => {
    const pdf = await renderPdf({
      pages: [{ design: spotDesign() }],
      assets,
      options: { colorMode },
    });
    keep(`spot-colours-${colorMode}.pdf`, pdf.bytes);

    it('are Separation colour spaces named after the spot, with the CMYK alternate', async () => {
      const spaces = await separationSpaces(pdf.bytes);
      assert.deepEqual([...spaces].sort(), [
        [GOLD_NAME, [0, 0.2, 0.8, 0.1]],
        ['PANTONE 185 C', [0, 1, 0.81, 0.04]],
      ]);
      // Painted at tint 1, for fills (text, shapes) and strokes (the rule).
      const content = await pageContent(pdf.bytes);
      assert.match(content, /\/\S+ cs\s+1 scn/);
      assert.match(content, /\/\S+ CS\s+1 SCN/);
      assert.ok(!pdf.warnings?.some((w) => w.code === 'rgb_in_cmyk'), JSON.stringify(pdf.warnings));
    });

    it('separate onto their own plates, and off the process plates', async () => {
      const sep = await separations(pdf.bytes);
      assert.ok(sep.plates.includes('PANTONE 185 C'), sep.plates.join(', '));
      const [x, y] = centre(SOLID);
      assert.equal(sep.ink('PANTONE 185 C', x, y), 1);
      for (const plate of PROCESS)
        assert.equal(sep.maxInk(plate, inner(SOLID)), 0, `${plate} under the spot`);
      // Half opacity: half a tint of the spot over white paper, still no process ink.
      const [hx, hy] = centre(HALF);
      assert.ok(
        Math.abs(sep.ink('PANTONE 185 C', hx, hy) - 0.5) < 0.02,
        `${sep.ink('PANTONE 185 C', hx, hy)}`,
      );
      for (const plate of PROCESS)
        assert.equal(sep.maxInk(plate, inner(HALF)), 0, `${plate} under the half`);
      assert.ok(sep.inked('PANTONE 185 C', TEXT) > 500, 'the text is on the spot plate');
      for (const plate of PROCESS) assert.equal(sep.maxInk(plate, TEXT), 0, `${plate} in the text`);
      // The stroke on the other spot's plate (tiffsep escapes the name of its file).
      const gold = sep.plates.find(
        (p) => p !== 'PANTONE 185 C' && !(PROCESS as readonly string[]).includes(p),
      );
      assert.ok(gold, sep.plates.join(', '));
      assert.equal(sep.ink(gold, ...centre(RULE)), 1);
      for (const plate of PROCESS)
        assert.equal(sep.maxInk(plate, inner(RULE, 1)), 0, `${plate} in the rule`);
      // The plain RGB blue stays on the process plates, not on a spot plate.
      assert.ok(sep.ink('Cyan', ...centre(BLUE)) > 0.5);
      assert.equal(sep.maxInk('PANTONE 185 C', BLUE), 0);
    });
  });
}

describe('spot() colours in PDF/X-4', () => {
  it('keep their Separation spaces, named, in RGB and CMYK files that pass the PDF/X-4 checks', async () => {
    for (const colorMode of ['rgb', 'cmyk'] as const) {
      const pdf = await renderPdf({
        pages: [{ design: spotDesign() }],
        assets,
        options: { colorMode, pdfStandard: 'x4' },
      });
      // Also the device colour check: the RGB file's spot alternates are ICCBased CMYK.
      assert.deepEqual(await pdfX4Problems(pdf.bytes), [], colorMode);
      assert.deepEqual([...(await separationSpaces(pdf.bytes)).keys()].sort(), [
        GOLD_NAME,
        'PANTONE 185 C',
      ]);
    }
  });
});

describe('spot() colours in preflight', () => {
  it('count the alternate against the ink limit of a CMYK PDF', async () => {
    const design = valid({
      width: 100,
      height: 100,
      layers: [
        {
          name: 'a',
          type: 'shape',
          x: 0,
          y: 0,
          width: 50,
          height: 50,
          background_color: 'spot("Deep",100,100,100,100)',
        },
      ],
    } as unknown as Design);
    const pdf = await renderPdf({ pages: [{ design }], assets, options: { colorMode: 'cmyk' } });
    const over = pdf.warnings?.find((w) => w.code === 'ink_over_limit');
    assert.equal(over?.path, 'pages.0.layers.a.background_color');
    assert.match(over.message, /CMYK alternate of spot\("Deep",100,100,100,100\) puts 400 %/);
  });
});
