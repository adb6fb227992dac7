/**
 * Proof of the PDF output: real text with embedded subset fonts, page size in points from the
 * dpi, pictures JPEG-compressed per image_quality at the resolution the page needs, metadata
 * title, link annotations, several pages, CMYK conversion with an output intent, colour profiles,
 * option checks, and the watermark.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFStream, PDFString } from 'pdf-lib';
import sharp from 'sharp';
import {
  checkPdfOptions,
  renderPdf,
  RenderInputError,
  type Design,
} from '../../../src/render/index.ts';
import {
  keep,
  pdfFonts,
  pdfImages,
  pdfInfo,
  pdfText,
  photoAssets,
  rasterisePdf,
  redShare,
  sampleDesign,
  tool,
} from './output-kit.ts';

/** The catalog's first OutputIntent and its profile's component count, if any. */
async function outputIntent(pdf: Buffer): Promise<{ condition: string; n: number } | undefined> {
  const doc = await PDFDocument.load(pdf);
  const intents = doc.catalog.lookupMaybe(PDFName.of('OutputIntents'), PDFArray);
  if (!intents) return undefined;
  const intent = intents.lookup(0, PDFDict);
  const profile = intent.lookup(PDFName.of('DestOutputProfile'), PDFStream);
  const condition = intent.lookup(PDFName.of('OutputConditionIdentifier'), PDFString).decodeText();
  return { condition, n: Number(profile.dict.get(PDFName.of('N'))?.toString()) };
}

/** The URIs of the link annotations on page 1. */
async function linkUris(pdf: Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  const annots = doc.getPage(0).node.Annots();
  if (!annots) return [];
  const uris: string[] = [];
  for (let i = 0; i < annots.size(); i++) {
    const annot = annots.lookup(i, PDFDict);
    const action = annot.lookupMaybe(PDFName.of('A'), PDFDict);
    const uri = action?.lookupMaybe(PDFName.of('URI'), PDFString);
    if (uri) uris.push(uri.decodeText());
  }
  return uris;
}

describe('PDF output', async () => {
  const assets = await photoAssets(1600, 1200);
  const design = sampleDesign();

  it('has real, extractable text in embedded subset fonts, the title and a page size from the dpi', async () => {
    const file = await renderPdf({
      pages: [{ design }],
      assets,
      options: { title: 'Quarterly card' },
    });
    keep('pdf-sample.pdf', file.bytes);
    assert.equal(file.bytes.subarray(0, 5).toString(), '%PDF-');
    assert.deepEqual(
      [file.mime, file.ext, file.pages, file.width, file.height],
      ['application/pdf', 'pdf', 1, 400, 300],
    );
    assert.match((await pdfText(file.bytes)).replace(/\s+/g, ' '), /Quarterly results are in/);
    const fonts = await pdfFonts(file.bytes);
    const rows = fonts
      .split('\n')
      .slice(2)
      .filter((l) => l.trim());
    assert.ok(rows.length >= 1, fonts);
    for (const row of rows) {
      assert.match(row, /^[A-Z]{6}\+/, `subset font: ${row}`);
      assert.match(row, /\byes\s+yes\b/, `embedded and subset: ${row}`);
    }
    const info = await pdfInfo(file.bytes);
    assert.match(info, /Title:\s+Quarterly card/);
    assert.match(info, /Page size:\s+300 x 225 pts/); // 400×300 px at 96 dpi
  });

  it('sizes pages as px × 72 / dpi points', async () => {
    for (const [dpi, size] of [
      [150, '192 x 144'],
      [300, '96 x 72'],
    ] as const) {
      const file = await renderPdf({ pages: [{ design }], assets, options: { dpi } });
      assert.match(
        await pdfInfo(file.bytes),
        new RegExp(`Page size:\\s+${size} pts`),
        `dpi ${dpi}`,
      );
    }
  });

  it('embeds pictures as JPEG at the resolution the page needs, smaller at lower image_quality', async () => {
    const sizes: number[] = [];
    for (const imageQuality of ['high', 'medium', 'low'] as const) {
      const file = await renderPdf({ pages: [{ design }], assets, options: { imageQuality } });
      const list = await pdfImages(file.bytes);
      const row = list.split('\n').find((l) => /\bimage\b/.test(l));
      assert.ok(row, list);
      const cols = row.trim().split(/\s+/);
      // page num type width height color comp bpc enc interp object id x-ppi y-ppi …: the
      // 1600×1200 photo covers a 190×130 px box, 142.5×97.5 pt: 593×406 px at 300 ppi.
      assert.equal(cols[8], 'jpeg', `${imageQuality}: ${row}`);
      assert.ok(
        Math.abs(Number(cols[3]) - 593) <= 1 && Math.abs(Number(cols[4]) - 406) <= 1,
        `embedded at 300 ppi of its placed size: ${row}`,
      );
      assert.ok(Number(cols[12]) <= 300 && Number(cols[13]) <= 300, row);
      sizes.push(file.bytes.length);
    }
    assert.ok(
      sizes[0] > sizes[1] && sizes[1] > sizes[2],
      `high > medium > low: ${sizes.join(' > ')}`,
    );
    assert.ok(sizes[0] < 250_000, `high quality stays compact: ${sizes[0]} bytes`);
  });

  it('turns link_target into a clickable link annotation', async () => {
    const file = await renderPdf({ pages: [{ design }], assets });
    assert.deepEqual(await linkUris(file.bytes), ['https://example.com/box']);
  });

  it('makes one page per design, in order, each sized from its canvas', async () => {
    const second: Design = { width: 200, height: 400, background: '#ffffff', layers: [] };
    const file = await renderPdf({ pages: [{ design }, { design: second }, { design }], assets });
    assert.equal(file.pages, 3);
    const doc = await PDFDocument.load(file.bytes);
    assert.deepEqual(
      doc.getPages().map((p) => [p.getWidth(), p.getHeight()]),
      [
        [300, 225],
        [150, 300],
        [300, 225],
      ],
    );
  });

  it('keeps fractional page sizes exact (Skia alone rounds to whole points)', async () => {
    // 1200×630 px at 96 dpi is 900×472.5 pt; 401×301 px is 300.75×225.75 pt.
    const card = sampleDesign({ width: 1200, height: 630 });
    const odd = sampleDesign({ width: 401, height: 301 });
    const file = await renderPdf({ pages: [{ design: card }, { design: odd }], assets });
    const doc = await PDFDocument.load(file.bytes);
    assert.deepEqual(
      doc.getPages().map((p) => [p.getWidth(), p.getHeight()]),
      [
        [900, 472.5],
        [300.75, 225.75],
      ],
    );
    assert.match(await pdfInfo(file.bytes), /Page size:\s+900 x 472\.5 pts/);
    // The file stays well-formed (the cross-reference offsets moved with the edit) …
    assert.match(await tool('qpdf', (f) => ['--check', f], file.bytes), /No syntax or stream/);
    // … and the content stays where it was drawn: the page rasterises to the design's pixels,
    // with the amber box's top-left corner at (20, 20).
    const page = await sharp(await rasterisePdf(file.bytes, 96, 2))
      .raw()
      .toBuffer({ resolveWithObject: true });
    assert.deepEqual([page.info.width, page.info.height], [401, 301]);
    const px = (x: number, y: number) => {
      const i = (y * page.info.width + x) * page.info.channels;
      return [...page.data.subarray(i, i + 3)];
    };
    assert.ok(px(30, 21)[0] > 200 && px(30, 19)[0] < 100, `box top edge: ${px(30, 21)}`);
    assert.ok(px(21, 30)[0] > 200 && px(19, 30)[0] < 100, `box left edge: ${px(21, 30)}`);
  });

  it('names the page of a bad page: pages.<i>.layers.<name>.<prop>', async () => {
    const bad = sampleDesign({
      layers: [
        {
          name: 'pic',
          type: 'picture',
          x: 0,
          y: 0,
          width: 10,
          height: 10,
          image: 'https://nowhere.test/a.png',
        },
      ],
    });
    await assert.rejects(
      renderPdf({ pages: [{ design }, { design: bad }], assets }),
      (err: unknown) =>
        err instanceof RenderInputError &&
        err.problems.some((p) => p.path === 'pages.1.layers.pic.image'),
    );
  });

  it('converts to CMYK with Ghostscript and adds a CMYK output intent, keeping text and links', async () => {
    const file = await renderPdf({
      pages: [{ design }],
      assets,
      options: { colorMode: 'cmyk', title: 'Print' },
    });
    keep('pdf-cmyk.pdf', file.bytes);
    const images = await pdfImages(file.bytes);
    assert.match(images, /\bimage\s+\d+\s+\d+\s+cmyk\s+4\b/, images);
    assert.doesNotMatch(images, /\brgb\b/);
    const intent = await outputIntent(file.bytes);
    assert.equal(intent?.n, 4);
    assert.match((await pdfText(file.bytes)).replace(/\s+/g, ' '), /Quarterly results are in/);
    assert.match(await pdfInfo(file.bytes), /Title:\s+Print/);
    assert.deepEqual(await linkUris(file.bytes), ['https://example.com/box']);
    // Vector fills and text are CMYK too: the uncompressed content has `k` and no `rg` operators.
    const qdf = await tool(
      'qpdf',
      (f) => ['--qdf', '--object-streams=disable', f, '-'],
      file.bytes,
    );
    assert.match(qdf, /[\d.]+ [\d.]+ [\d.]+ [\d.]+ k\b/);
    assert.doesNotMatch(qdf, /[\d.]+ [\d.]+ [\d.]+ (rg|RG)\b/);
    const rasterised = await rasterisePdf(file.bytes);
    keep('pdf-cmyk-page.png', rasterised);
  });

  it('adds the output intent of a named RGB profile', async () => {
    const file = await renderPdf({
      pages: [{ design }],
      assets,
      options: { colorProfile: 'rgb-profile-2' },
    });
    assert.deepEqual(await outputIntent(file.bytes), { condition: 'Adobe RGB (1998)', n: 3 });
    const plain = await renderPdf({ pages: [{ design }], assets });
    assert.equal(await outputIntent(plain.bytes), undefined);
  });

  it('checks PDF options, refusing profiles that cannot be shipped rather than substituting', () => {
    assert.deepEqual(checkPdfOptions({}), []);
    assert.deepEqual(
      checkPdfOptions({
        dpi: 300,
        imageQuality: 'low',
        colorMode: 'rgb',
        colorProfile: 'rgb-profile-1',
      }),
      [],
    );
    const five = checkPdfOptions({ colorMode: 'cmyk', colorProfile: 'cmyk-profile-5' });
    assert.equal(five.length, 1);
    assert.equal(five[0].path, 'modifications.color_profile');
    assert.match(five[0].message, /Japan Color 2011 Coated.*not available/);
    const unknown = checkPdfOptions({ colorProfile: 'cmyk-profile-9' });
    assert.match(
      unknown[0].message,
      /must be one of none, rgb-profile-1.*received "cmyk-profile-9"/,
    );
    const mismatch = checkPdfOptions({ colorMode: 'cmyk', colorProfile: 'rgb-profile-1' });
    assert.equal(mismatch[0].path, 'modifications.color_profile');
    const bad = checkPdfOptions({
      dpi: 72 as never,
      imageQuality: 'best' as never,
      colorMode: 'cmy' as never,
    });
    assert.deepEqual(bad.map((p) => p.path).sort(), [
      'modifications.color_mode',
      'modifications.dpi',
      'modifications.image_quality',
    ]);
  });

  it('puts the TEST watermark on every page', async () => {
    const white: Design = { width: 300, height: 200, background: '#ffffff', layers: [] };
    const file = await renderPdf({
      pages: [{ design: white }, { design: white }],
      assets,
      options: { watermark: true },
    });
    for (const page of [1, 2]) {
      const png = await rasterisePdf(file.bytes, 96, page);
      keep(`pdf-watermark-${page}.png`, png);
      const share = await redShare(png);
      assert.ok(share > 0.05, `page ${page}: watermark covers ${(share * 100).toFixed(1)}%`);
    }
    const plain = await renderPdf({ pages: [{ design: white }], assets });
    assert.equal(await redShare(await rasterisePdf(plain.bytes)), 0);
  });
});
