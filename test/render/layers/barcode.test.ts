/**
 * Barcodes must scan: every format is rendered and decoded back, with zbar for the formats it
 * reads (QR, EAN/UPC, Code 128/39, ITF) and ZXing for those it does not (Data Matrix, PDF417,
 * Aztec); bad values are 422 problems.
 */
import { createCanvas, loadImage, PDFDocument } from '@napi-rs/canvas';
import zxing from '@zxing/library';
import type { SKRSContext2D } from '@napi-rs/canvas';
import assert from 'node:assert/strict';
import { runCheckedSync, runSync } from '../../helpers/child-processes.ts';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { applyLayerData } from '../../../src/render/design/apply-layer-data.ts';
import { validateDesign } from '../../../src/render/design/validate-design.ts';
import { paintDesign } from '../../../src/render/paint/index.ts';
import { encodeBarcode } from '../../../src/render/layers/barcode/encode-barcode.ts';
import { designOf, renderScene, testEnv } from './render-scene.ts';

const hasZbar = runSync('zbarimg', ['--version']).status === 0;
const hasPdftoppm = runSync('pdftoppm', ['-v']).status === 0;

/** zbarimg's raw decodings of a PNG. */
function scan(png: Buffer, symbols: string[] = []): string[] {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-zbar-'));
  try {
    const file = path.join(dir, 'code.png');
    fs.writeFileSync(file, png);
    const flags = symbols.map((s) => `-S${s}.enable`);
    const res = runSync('zbarimg', ['--raw', '-q', ...flags, file], { encoding: 'utf8' });
    return res.stdout.split('\n').filter(Boolean);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** ZXing's result for a PNG with the reader of one 2D format. */
async function zxingResult(
  png: Buffer,
  format: 'datamatrix' | 'pdf417' | 'azteccode' | 'qrcode',
): Promise<zxing.Result> {
  const img = await loadImage(png);
  const canvas = createCanvas(img.width, img.height);
  const ctx = canvas.getContext('2d');
  ctx.drawImage(img, 0, 0);
  const rgba = ctx.getImageData(0, 0, img.width, img.height).data;
  const luma = new Uint8ClampedArray(img.width * img.height);
  for (let i = 0; i < luma.length; i++) {
    luma[i] = (rgba[4 * i] * 299 + rgba[4 * i + 1] * 587 + rgba[4 * i + 2] * 114) / 1000;
  }
  const bitmap = new zxing.BinaryBitmap(
    new zxing.HybridBinarizer(new zxing.RGBLuminanceSource(luma, img.width, img.height)),
  );
  const reader = {
    datamatrix: () => new zxing.DataMatrixReader(),
    pdf417: () => new zxing.PDF417Reader(),
    azteccode: () => new zxing.AztecCodeReader(),
    qrcode: () => new zxing.QRCodeReader(),
  }[format]();
  return reader.decode(bitmap);
}

/** ZXing's reading of a PNG with the reader of one 2D format (zbar reads none of these). */
async function zxingScan(
  png: Buffer,
  format: 'datamatrix' | 'pdf417' | 'azteccode',
): Promise<string> {
  return (await zxingResult(png, format)).getText();
}

/**
 * The first mode of a QR code's data bit stream (ZXing's raw data codewords after error
 * correction): 0b0111 is an ECI, whose number follows in 8 bits; 0b0100 is bytes.
 */
async function qrLeadingMode(png: Buffer): Promise<{ mode: number; eci?: number }> {
  const raw = (await zxingResult(png, 'qrcode')).getRawBytes();
  const mode = raw[0] >> 4;
  return mode === 0b0111 ? { mode, eci: ((raw[0] & 0x0f) << 4) | (raw[1] >> 4) } : { mode };
}

const oneCode = (layer: Record<string, unknown>, w = 240, h = 240) => ({
  width: w,
  height: h,
  background: '#ffffff',
  layers: [
    { name: 'code', type: 'barcode', x: 10, y: 10, width: w - 20, height: h - 20, ...layer },
  ],
});

describe('barcode layer', { skip: !hasZbar && 'zbarimg is not installed' }, () => {
  for (const level of ['L', 'M', 'Q', 'H']) {
    it(`QR code with error correction ${level} decodes`, async () => {
      const value = `https://example.com/r/123?level=${level}`;
      const png = await renderScene(oneCode({ value, error_correction: level }));
      assert.deepEqual(scan(png), [value]);
    });
  }

  it('QR code with colours, rotated and at 2× scale still decodes', async () => {
    const png = await renderScene(
      oneCode({ value: 'Grüße 👋', color: '#1e3a8a', background_color: '#dbeafe', rotation: 90 }),
      undefined,
      2,
    );
    assert.deepEqual(scan(png), ['Grüße 👋']);
  });

  it('QR values outside ASCII carry ECI 26 (UTF-8), so readers decode them exactly', async () => {
    for (const value of ['Grüße', '漢字テスト 中文', 'a^b café']) {
      const png = await renderScene(oneCode({ value }));
      assert.deepEqual(await qrLeadingMode(png), { mode: 0b0111, eci: 26 }, value);
      // Without the ECI, zbar guessed Shift JIS for "Grüße" and read "Grﾃｼﾃ歹".
      assert.deepEqual(scan(png), [value]);
      assert.equal((await zxingResult(png, 'qrcode')).getText(), value);
    }
  });

  it('ASCII QR values stay without an ECI (byte mode first, as before)', async () => {
    const png = await renderScene(oneCode({ value: 'https://example.com/a^b' }));
    assert.deepEqual(await qrLeadingMode(png), { mode: 0b0100 });
    assert.deepEqual(scan(png), ['https://example.com/a^b']);
  });

  it('a request value replaces the stored one', async () => {
    const design = designOf(oneCode({ value: 'stored' }));
    const { design: patched, problems } = applyLayerData(design, {
      code: { value: 'from request' },
    });
    assert.deepEqual(problems, []);
    const canvas = createCanvas(240, 240);
    await paintDesign(canvas.getContext('2d'), patched, await testEnv());
    assert.deepEqual(scan(await canvas.encode('png')), ['from request']);
  });

  it('code128 and ean13 decode (ean13 gets its check digit)', async () => {
    const c128 = await renderScene(
      oneCode({ value: 'IMP-2026-0042', format: 'code128' }, 360, 120),
    );
    assert.deepEqual(scan(c128), ['IMP-2026-0042']);
    const ean = await renderScene(oneCode({ value: 590123412345, format: 'ean13' }, 300, 120));
    assert.deepEqual(scan(ean), ['5901234123457']);
  });

  it('code39, ean8, upca and itf14 decode', async () => {
    const read = async (format: string, value: string) =>
      scan(await renderScene(oneCode({ value, format }, 360, 120)));
    assert.deepEqual(await read('code39', 'IMP-42'), ['IMP-42']);
    assert.deepEqual(await read('ean8', '9638507'), ['96385074']);
    // zbar reports UPC-A as the EAN-13 it is a subset of (a leading 0).
    assert.match((await read('upca', '03600029145')).join(), /^0?036000291452$/);
    assert.deepEqual(await read('itf14', '1540014128876'), ['15400141288763']);
  });

  describe('ITF-14 bearer bars and digits', () => {
    /** Whether the pixel at (x, y) of a PNG is dark, for probes. */
    const darkness = async (png: Buffer) => {
      const img = await loadImage(png);
      const ctx = createCanvas(img.width, img.height).getContext('2d');
      ctx.drawImage(img, 0, 0);
      const { data, width } = ctx.getImageData(0, 0, img.width, img.height);
      return (x: number, y: number) => data[4 * (y * width + x)] < 128;
    };
    const itf = (layer: Record<string, unknown> = {}) =>
      oneCode({ value: '1540014128876', format: 'itf14', ...layer }, 360, 140);
    // The layer is 340×120 at (10, 10): 121.5 modules of bars, 2×10 of quiet zone and 2×4.72 of
    // bearer bar make a 2.26 px module and a 10.7 px bearer bar.
    const [left, right, top] = [10, 349, 10];

    it('has wide bars and spaces 2.5 times the narrow ones (GS1: 2.25 to 3)', () => {
      const sym = encodeBarcode('1540014128876', 'itf14');
      assert.equal(sym.kind, 'linear');
      if (sym.kind !== 'linear') return;
      const widths = new Set(sym.bars.map((b) => b.width));
      const gaps = new Set(
        sym.bars.slice(1).map((b, i) => b.start - sym.bars[i].start - sym.bars[i].width),
      );
      assert.deepEqual([...widths].sort(), [1, 2.5]);
      assert.deepEqual([...gaps].sort(), [1, 2.5]);
    });

    it('draws a bearer frame and the 14 digits by default, and still decodes exactly', async () => {
      const png = await renderScene(itf());
      assert.deepEqual(scan(png), ['15400141288763']);
      const dark = await darkness(png);
      for (let x = left + 1; x < right; x += 3) assert.ok(dark(x, top + 5), `top bar at x ${x}`);
      // The frame's sides run down to the bottom bar, which sits above the digits.
      for (let y = top + 1; y < 100; y += 3) {
        assert.ok(dark(left + 5, y) && dark(right - 5, y), `side bars at y ${y}`);
      }
      const bottomBar = [...Array(100).keys()]
        .map((i) => 40 + i)
        .find((y) => dark(200, y) && dark(left + 30, y));
      assert.ok(bottomBar !== undefined, 'a bottom bar crosses the quiet zone');
      // Inside the frame the quiet zone stays light.
      assert.ok(!dark(left + 12 + 10, 60) && !dark(right - 12 - 10, 60), 'quiet zones are light');
      // The digits sit below the bottom bar (12 px thick), in the middle of the box's width.
      const row = bottomBar + 20;
      const inked = [...Array(340).keys()].map((i) => left + i).filter((x) => dark(x, row));
      assert.ok(inked.length > 20, `digits below the frame (row ${row})`);
      assert.ok(inked[0] > left + 40 && inked.at(-1)! < right - 40, 'the digits are centred');
    });

    it('bearer_bars and human_readable false draw the bars alone, full height, as before', async () => {
      const png = await renderScene(itf({ bearer_bars: false, human_readable: false }));
      assert.deepEqual(scan(png), ['15400141288763']);
      const dark = await darkness(png);
      // No frame: the quiet zones are light from top to bottom; a bar spans the whole box.
      for (let y = top; y < top + 120; y += 2) {
        assert.ok(!dark(left + 5, y) && !dark(right - 5, y), `no side bar at y ${y}`);
      }
      const bar = [...Array(340).keys()].map((i) => left + i).find((x) => dark(x, top + 60));
      assert.ok(bar !== undefined);
      assert.ok(dark(bar, top) && dark(bar, top + 119), 'the first bar runs the full height');
      // Each option alone: the frame without digits, the digits without a frame.
      assert.deepEqual(scan(await renderScene(itf({ human_readable: false }))), ['15400141288763']);
      assert.deepEqual(scan(await renderScene(itf({ bearer_bars: false }))), ['15400141288763']);
    });

    it(
      'in a PDF the digits are text and the frame vector paths',
      { skip: !hasPdftoppm },
      async () => {
        const doc = new PDFDocument();
        const ctx = doc.beginPage(360, 140) as unknown as SKRSContext2D;
        await paintDesign(ctx, designOf(itf()), await testEnv(1, 'pdf'));
        doc.endPage();
        const pdf = doc.close();
        assert.ok(!pdf.includes('/Subtype /Image'));
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-pdf-'));
        try {
          fs.writeFileSync(path.join(dir, 'itf.pdf'), pdf);
          const text = runCheckedSync('pdftotext', ['itf.pdf', '-'], {
            cwd: dir,
            encoding: 'utf8',
          });
          assert.equal(text.trim(), '15400141288763');
          runCheckedSync('pdftoppm', ['-png', '-r', '144', '-singlefile', 'itf.pdf', 'itf'], {
            cwd: dir,
          });
          assert.deepEqual(scan(fs.readFileSync(path.join(dir, 'itf.png'))), ['15400141288763']);
        } finally {
          fs.rmSync(dir, { recursive: true, force: true });
        }
      },
    );
  });

  it('upce decodes (zbar reads UPC-E only when asked to)', async () => {
    const png = await renderScene(oneCode({ value: '0123456', format: 'upce' }, 200, 120));
    assert.deepEqual(scan(png, ['upce']), ['01234565']);
  });

  for (const [format, value, w, h] of [
    ['datamatrix', 'Imprint 42 / DataMatrix', 200, 200],
    ['pdf417', 'Imprint PDF417 0042', 360, 140],
    ['azteccode', 'https://example.com/aztec', 200, 200],
  ] as const) {
    it(`${format} decodes (read with ZXing: zbar has no ${format} reader)`, async () => {
      const png = await renderScene(oneCode({ value, format }, w, h));
      assert.equal(await zxingScan(png, format), value);
    });
  }

  it(
    'EAN-13 in a PDF: vector bars that decode, and its digits as text under them',
    {
      skip: !hasPdftoppm,
    },
    async () => {
      const pdfOf = async (layer: Record<string, unknown>) => {
        const doc = new PDFDocument();
        const ctx = doc.beginPage(300, 120) as unknown as SKRSContext2D;
        await paintDesign(ctx, designOf(oneCode(layer, 300, 120)), await testEnv(1, 'pdf'));
        doc.endPage();
        return doc.close();
      };
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-pdf-'));
      try {
        const text = async (name: string, layer: Record<string, unknown>) => {
          const pdf = await pdfOf(layer);
          assert.ok(!pdf.includes('/Subtype /Image'), 'the bars are vector paths, not an image');
          fs.writeFileSync(path.join(dir, `${name}.pdf`), pdf);
          runCheckedSync('pdftoppm', ['-png', '-r', '144', '-singlefile', `${name}.pdf`, name], {
            cwd: dir,
          });
          assert.deepEqual(scan(fs.readFileSync(path.join(dir, `${name}.png`))), ['5901234123457']);
          return runCheckedSync('pdftotext', [`${name}.pdf`, '-'], { cwd: dir, encoding: 'utf8' });
        };
        const digits = await text('with', { value: '590123412345', format: 'ean13' });
        assert.equal(digits.replace(/\s/g, ''), '5901234123457');
        const none = await text('without', {
          value: '590123412345',
          format: 'ean13',
          human_readable: false,
        });
        assert.equal(none.trim(), '');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it(
    'a QR code on a vector PDF page decodes after rasterising',
    { skip: !hasPdftoppm },
    async () => {
      const doc = new PDFDocument();
      const ctx = doc.beginPage(180, 180) as unknown as SKRSContext2D;
      ctx.scale(0.75, 0.75);
      await paintDesign(
        ctx,
        designOf(oneCode({ value: 'https://example.com/pdf' })),
        await testEnv(0.75, 'pdf'),
      );
      doc.endPage();
      const pdf = doc.close();
      assert.ok(!pdf.includes('/Subtype /Image'), 'the QR code is vector paths, not an image');
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-pdf-'));
      try {
        fs.writeFileSync(path.join(dir, 'page.pdf'), pdf);
        runCheckedSync('pdftoppm', ['-png', '-r', '150', '-singlefile', 'page.pdf', 'page'], {
          cwd: dir,
        });
        assert.deepEqual(scan(fs.readFileSync(path.join(dir, 'page.png'))), [
          'https://example.com/pdf',
        ]);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

describe('barcode validation', () => {
  it('refuses values the format cannot encode, at layers.<i>.value / layers.<name>.value', () => {
    const stored = validateDesign(oneCode({ value: 'ABC', format: 'ean13' }));
    assert.equal(stored.problems.length, 1);
    assert.equal(stored.problems[0].path, 'layers.0.value');
    assert.match(stored.problems[0].message, /ean13.*12 or 13 digits.*received "ABC"/);
    const design = designOf(oneCode({ value: '590123412345', format: 'ean13' }));
    const bad = applyLayerData(design, { code: { value: '5901234123458' } });
    assert.equal(bad.problems[0].path, 'layers.code.value');
    assert.match(bad.problems[0].message, /check digit/);
  });

  it('refuses a value UPC-E cannot hold, naming the field', () => {
    const { problems } = validateDesign(oneCode({ value: '12345', format: 'upce' }));
    assert.equal(problems[0].path, 'layers.0.value');
    assert.match(problems[0].message, /upce.*received "12345"/);
  });

  it('refuses unknown formats, error levels and colours, naming what is allowed', () => {
    const { problems } = validateDesign(
      oneCode({ value: 'x', format: 'aztec', error_correction: 'X', color: 'blurple' }),
    );
    const byPath = Object.fromEntries(problems.map((p) => [p.path, p.message]));
    assert.match(
      byPath['layers.0.format'],
      /"qrcode", "code128", "ean13", "datamatrix", "pdf417".*"upce", "azteccode"; received "aztec"/,
    );
    assert.match(byPath['layers.0.error_correction'], /"L", "M", "Q", "H"/);
    assert.match(byPath['layers.0.color'], /colour.*received "blurple"/);
  });

  it('fills defaults: qrcode, level M, black on white', () => {
    const layer = designOf(oneCode({ value: 'x' })).layers[0];
    assert.equal(layer.format, 'qrcode');
    assert.equal(layer.error_correction, 'M');
    assert.equal(layer.color, '#000000');
    assert.equal(layer.background_color, '#ffffff');
  });
});
