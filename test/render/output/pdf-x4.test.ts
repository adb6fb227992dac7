/**
 * PDF/X-4 (`pdf_standard: "x4"`): RGB, CMYK and multi-page files pass every check of
 * pdfx-check.ts (the list in docs/print.md), links are left out with a warning, and a file made
 * without the standard fails those checks (so they can fail).
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { checkPdfOptions, renderPdf, type PdfOptions } from '../../../src/render/index.ts';
import { photoAssets, pdfFonts, pdfInfo, sampleDesign, tool } from './output-kit.ts';
import { pdfX4Problems, qpdfObjects, text, xmpValue } from './pdfx-check.ts';

async function render(options: PdfOptions, pages = 1) {
  return renderPdf({
    pages: Array.from({ length: pages }, () => ({ design: sampleDesign() })),
    assets: await photoAssets(),
    options: { pdfStandard: 'x4', ...options },
  });
}

/** The catalog's output intent and the Info dictionary, as qpdf reads them. */
async function intentAndInfo(pdf: Buffer) {
  const { objects, get, stream } = await qpdfObjects(pdf);
  const trailer = objects.trailer.value as Record<string, unknown>;
  const catalog = get(trailer['/Root']) as Record<string, unknown>;
  const intent = get((get(catalog['/OutputIntents']) as unknown[])[0]) as Record<string, unknown>;
  const info = get(trailer['/Info']) as Record<string, unknown>;
  return { intent, info, xmp: stream(catalog['/Metadata'])!.text };
}

async function wellFormed(pdf: Buffer): Promise<void> {
  assert.match(
    await tool('qpdf', (f) => ['--check', f], pdf),
    /No syntax or stream encoding errors/,
  );
  // Every font embedded (PDF/X): pdffonts' "emb" column says yes for all.
  const fonts = (await pdfFonts(pdf)).split('\n').slice(2).filter(Boolean);
  assert.ok(fonts.length > 0);
  for (const line of fonts) assert.match(line, /\byes\s+(yes|no)\s+(yes|no)\s+\d+\s+\d+\s*$/, line);
}

test('an RGB PDF/X-4 without a profile gets an sRGB output intent and a default title', async () => {
  const pdf = await render({});
  assert.deepEqual(await pdfX4Problems(pdf.bytes), []);
  const { intent, info, xmp } = await intentAndInfo(pdf.bytes);
  assert.equal(text(intent['/OutputConditionIdentifier']), 'sRGB IEC61966-2.1');
  assert.equal(text(info['/Title']), 'Untitled');
  assert.equal(xmpValue(xmp, 'dc:title'), 'Untitled');
  // poppler names the standard from the file's own keys.
  assert.match(await pdfInfo(pdf.bytes), /^PDF subtype:\s+PDF\/X-4$/m);
  // The box's link_target is left out, and the warning says so.
  assert.deepEqual(
    pdf.warnings?.filter((w) => w.code === 'link_left_out').map((w) => w.path),
    ['pages.0.modifications.pdf_standard'],
  );
  await wellFormed(pdf.bytes);
});

test('a CMYK PDF/X-4 with bleed, crop marks and a title passes every check', async () => {
  const pdf = await render({
    colorMode: 'cmyk',
    bleed: 4,
    cropMarks: true,
    title: 'Flyer <Jürg & Co>',
    author: 'Acme',
    renderingIntent: 'perceptual',
  });
  assert.deepEqual(await pdfX4Problems(pdf.bytes), []);
  const { intent, info, xmp } = await intentAndInfo(pdf.bytes);
  assert.equal(text(intent['/OutputConditionIdentifier']), 'Generic CMYK');
  assert.equal(text(info['/Title']), 'Flyer <Jürg & Co>');
  assert.equal(xmpValue(xmp, 'dc:title'), 'Flyer <Jürg & Co>');
  assert.equal(xmpValue(xmp, 'dc:creator'), 'Acme');
  // Ghostscript's own XMP (its Producer) is replaced, not kept beside Imprint's.
  assert.doesNotMatch(xmp, /Ghostscript/);
  const { get, objects } = await qpdfObjects(pdf.bytes);
  const page = Object.values(objects).find(
    (o) => (o.value as Record<string, unknown> | undefined)?.['/Type'] === '/Page',
  )!.value as Record<string, unknown>;
  // 4 px at 96 dpi is 3 pt of bleed, the marks 24 pt more on each side (as print-bleed tests).
  assert.deepEqual(get(page['/TrimBox']), [27, 27, 327, 252]);
  assert.deepEqual(get(page['/BleedBox']), [24, 24, 330, 255]);
  await wellFormed(pdf.bytes);
});

test('every page of a multi-page PDF/X-4 has its TrimBox; IDs differ per file', async () => {
  const [a, b] = [await render({ title: 'Book' }, 3), await render({ title: 'Book' })];
  assert.deepEqual(await pdfX4Problems(a.bytes), []);
  assert.equal(a.pages, 3);
  const id = async (pdf: Buffer) =>
    ((await qpdfObjects(pdf)).objects.trailer.value as Record<string, unknown>)['/ID'];
  assert.notDeepEqual(await id(a.bytes), await id(b.bytes));
});

test('without pdf_standard the file is as before: no PDF/X keys, links kept', async () => {
  const pdf = await renderPdf({ pages: [{ design: sampleDesign() }], assets: await photoAssets() });
  const problems = await pdfX4Problems(pdf.bytes);
  for (const check of [
    'header',
    'Info GTS_PDFXVersion',
    'XMP:',
    'output intent',
    'page 1 TrimBox',
    'page 1 annotations: /Link',
  ]) {
    assert.ok(
      problems.some((p) => p.startsWith(check)),
      `${check} in ${problems.join('; ')}`,
    );
  }
  assert.equal(pdf.warnings?.filter((w) => w.code === 'link_left_out').length, 0);
});

test('pdf_standard and rendering_intent take only their values', () => {
  const bad = checkPdfOptions({
    pdfStandard: 'x1a' as 'x4',
    renderingIntent: 'colorimetric' as 'relative',
  });
  assert.deepEqual(
    bad.map((p) => p.path),
    ['modifications.pdf_standard', 'modifications.rendering_intent'],
  );
  assert.match(bad[0].message, /must be one of x4; received "x1a"/);
  assert.match(bad[1].message, /perceptual, relative, saturation, absolute/);
  assert.deepEqual(checkPdfOptions({ pdfStandard: 'x4', renderingIntent: 'absolute' }), []);
});
