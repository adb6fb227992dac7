/**
 * A font whose licence forbids embedding (OS/2 fsType "Restricted License embedding") is written
 * into PDFs by Skia as outlines, an unnamed Type 3 font: the PDF render warns, naming the font and
 * the layer. The font here is DejaVu Sans with its fsType patched to 0x0002.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import { describe, it } from 'node:test';
import { fontEmbeddingRestricted } from '../../../src/core/font-face-info.ts';
import { renderImage, renderPdf, type Design } from '../../../src/render/index.ts';
import { pdfFonts } from '../output/output-kit.ts';

const require = createRequire(import.meta.url);
const DEJAVU = fs.readFileSync(require.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf'));

/** A copy of a TrueType font with its OS/2 fsType set to `fsType`. */
function withFsType(font: Buffer, fsType: number): Buffer {
  const copy = Buffer.from(font);
  const count = copy.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const entry = 12 + i * 16;
    if (copy.toString('latin1', entry, entry + 4) !== 'OS/2') continue;
    copy.writeUInt16BE(fsType, copy.readUInt32BE(entry + 8) + 8);
    return copy;
  }
  throw new Error('no OS/2 table');
}

const RESTRICTED = withFsType(DEJAVU, 0x0002);
// Unique keys: fonts are registered once per key per process.
const run = `${process.pid}-${Date.now()}`;
const fonts = [
  { key: `locked-${run}`, data: RESTRICTED, family: 'Locked Sans' },
  { key: `open-${run}`, data: withFsType(DEJAVU, 0x0000), family: 'Open Sans Copy' },
];

const design = (font: string): Design =>
  ({
    width: 300,
    height: 100,
    background: '#ffffff',
    layers: [
      { name: 'title', type: 'text', x: 10, y: 10, width: 280, height: 80, text: 'Hello', font },
    ],
  }) as Design;

describe('fonts that may not be embedded', () => {
  it('reads the restricted bit of OS/2 fsType', () => {
    assert.equal(fontEmbeddingRestricted(RESTRICTED), true);
    assert.equal(fontEmbeddingRestricted(DEJAVU), false);
    assert.equal(fontEmbeddingRestricted(withFsType(DEJAVU, 0x0004)), false, 'preview & print');
    assert.equal(fontEmbeddingRestricted(Buffer.from('not a font at all')), false);
  });

  it('a PDF with such a font warns, naming the font and the layer (it becomes Type 3)', async () => {
    const out = await renderPdf({
      pages: [{ design: design(fonts[0].key) }],
      assets: { files: new Map(), fonts },
    });
    const warning = out.warnings?.find((w) => w.code === 'font_not_embeddable');
    assert.ok(warning, JSON.stringify(out.warnings));
    assert.equal(warning.path, 'pages.0.layers.title');
    assert.match(warning.message, /^font "Locked Sans" may not be embedded .*Type 3/);
    assert.match(await pdfFonts(out.bytes), /Type 3/, 'Skia honours the licence');
  });

  it('a table whose cells use such a font warns once, naming the table', async () => {
    const table = {
      name: 'items',
      type: 'table',
      x: 10,
      y: 10,
      width: 280,
      height: 280,
      font: fonts[0].key,
      columns: [{ title: 'Item', key: 'item' }],
      rows: [{ item: 'One' }, { item: 'Two' }],
    };
    const out = await renderPdf({
      pages: [{ design: { ...design(fonts[1].key), height: 300, layers: [table] } as Design }],
      assets: { files: new Map(), fonts },
    });
    assert.deepEqual(
      (out.warnings ?? [])
        .filter((w) => w.code === 'font_not_embeddable')
        .map((w) => [w.path, w.message.slice(0, 26)]),
      [['pages.0.layers.items', 'font "Locked Sans" may not']],
    );
  });

  it('the same font with embedding allowed, and an image, answer no such warning', async () => {
    const pdf = await renderPdf({
      pages: [{ design: design(fonts[1].key) }],
      assets: { files: new Map(), fonts },
    });
    assert.deepEqual(
      (pdf.warnings ?? []).filter((w) => w.code === 'font_not_embeddable'),
      [],
    );
    assert.doesNotMatch(await pdfFonts(pdf.bytes), /Type 3/);
    const png = await renderImage({
      design: design(fonts[0].key),
      assets: { files: new Map(), fonts },
      options: { format: 'png' },
    });
    assert.deepEqual(
      (png.warnings ?? []).filter((w) => w.code === 'font_not_embeddable'),
      [],
    );
  });
});
