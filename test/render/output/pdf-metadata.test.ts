/**
 * PDF document information as poppler and qpdf read it: Title, Author, Creator, Producer,
 * CreationDate and the catalog's Lang, in RGB PDFs (edited in place), CMYK PDFs (after
 * Ghostscript) and merges; every file stays valid for qpdf --check.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mergePdfs, renderPdf, type PdfOptions } from '../../../src/render/index.ts';
import { pdfInfo, sampleDesign, photoAssets, tool } from './output-kit.ts';

const meta: PdfOptions = {
  title: 'Zeugnis – Jürg (Ausgabe 2)',
  author: 'Acme (Schweiz) AG',
  lang: 'de-CH',
};

/** The catalog's Lang as qpdf reads it, e.g. "de-CH". */
async function lang(pdf: Buffer): Promise<string | undefined> {
  const out = await tool('qpdf', (f) => ['--json=2', '--json-key=qpdf', f], pdf);
  const [, objects] = (JSON.parse(out) as { qpdf: [unknown, Record<string, { value?: unknown }>] })
    .qpdf;
  const catalog = Object.values(objects)
    .map((o) => o.value as Record<string, unknown> | undefined)
    .find((v) => v?.['/Type'] === '/Catalog');
  const value = catalog?.['/Lang'];
  return typeof value === 'string' ? value.replace(/^u:/, '') : undefined;
}

async function check(pdf: Buffer): Promise<void> {
  const out = await tool('qpdf', (f) => ['--check', f], pdf);
  assert.match(out, /No syntax or stream encoding errors found/);
}

test('an RGB PDF carries title, author, creator, producer, dates and Lang', async () => {
  const before = Date.now();
  const pdf = await renderPdf({
    pages: [{ design: sampleDesign() }, { design: sampleDesign() }],
    assets: await photoAssets(),
    options: meta,
  });
  const info = await pdfInfo(pdf.bytes);
  assert.match(info, /^Title:\s+Zeugnis – Jürg \(Ausgabe 2\)$/m);
  assert.match(info, /^Author:\s+Acme \(Schweiz\) AG$/m);
  assert.match(info, /^Creator:\s+Imprint$/m);
  assert.match(info, /^Producer:\s+Imprint \(Skia\/PDF\)$/m);
  assert.match(info, /^CreationDate:\s+\S/m);
  assert.match(info, /^ModDate:\s+\S/m);
  assert.match(info, /^Pages:\s+2$/m);
  const date = await tool('pdfinfo', (f) => ['-isodates', f], pdf.bytes);
  const created = Date.parse(/^CreationDate:\s+(\S+)/m.exec(date)![1]);
  assert.ok(Math.abs(created - before) < 60_000, `created ${created}, now ${before}`);
  assert.equal(await lang(pdf.bytes), 'de-CH');
  await check(pdf.bytes);
});

test('without options: no title, author or Lang, still Creator, Producer and dates', async () => {
  const pdf = await renderPdf({ pages: [{ design: sampleDesign() }], assets: await photoAssets() });
  const info = await pdfInfo(pdf.bytes);
  assert.doesNotMatch(info, /^(Title|Author):/m);
  assert.match(info, /^Creator:\s+Imprint$/m);
  assert.match(info, /^CreationDate:\s+\S/m);
  assert.equal(await lang(pdf.bytes), undefined);
  await check(pdf.bytes);
});

test('a CMYK PDF keeps them through Ghostscript', async () => {
  const pdf = await renderPdf({
    pages: [{ design: sampleDesign() }],
    assets: await photoAssets(),
    options: { ...meta, colorMode: 'cmyk' },
  });
  const info = await pdfInfo(pdf.bytes);
  assert.match(info, /^Title:\s+Zeugnis – Jürg \(Ausgabe 2\)$/m);
  assert.match(info, /^Author:\s+Acme \(Schweiz\) AG$/m);
  assert.match(info, /^Creator:\s+Imprint$/m);
  assert.match(info, /^Producer:\s+Imprint \(Skia\/PDF\)$/m);
  assert.match(info, /^CreationDate:\s+\S/m);
  assert.equal(await lang(pdf.bytes), 'de-CH');
  // One producer: Ghostscript's XMP (which names itself) is not kept beside the Info dictionary.
  assert.ok(!pdf.bytes.includes('Ghostscript'), 'no trace of Ghostscript as producer');
  await check(pdf.bytes);
});

test('a merge gets its own title, author, Lang, creator and producer', async () => {
  const one = await renderPdf({ pages: [{ design: sampleDesign() }], assets: await photoAssets() });
  const merged = await mergePdfs([one.bytes, one.bytes], {
    title: 'Bundle',
    author: 'Acme',
    lang: 'en',
  });
  const info = await pdfInfo(merged.bytes);
  assert.match(info, /^Title:\s+Bundle$/m);
  assert.match(info, /^Author:\s+Acme$/m);
  assert.match(info, /^Creator:\s+Imprint$/m);
  assert.match(info, /^Producer:\s+Imprint \(pdf-lib\)$/m);
  assert.match(info, /^CreationDate:\s+\S/m);
  assert.equal(await lang(merged.bytes), 'en');
  await check(merged.bytes);
});
