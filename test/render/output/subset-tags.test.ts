/**
 * Font subset tags derived from the subset's content: a merge of PDFs made separately holds one
 * name per distinct subset (Skia named every first subset AAAAAA+), equal subsets share a name,
 * and pdffonts still lists every font as an embedded subset.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mergePdfs, renderPdf, type Design } from '../../../src/render/index.ts';
import { contentTag } from '../../../src/render/output/subset-tags.ts';
import { pdfFonts, pdfText, valid } from './output-kit.ts';

const noAssets = { files: new Map<string, Buffer>(), fonts: [] };

/** A one-page PDF of `text` in DejaVu Sans (and a bold line, a second subset). */
async function page(text: string, bold: string): Promise<Buffer> {
  const line = (name: string, y: number, t: string, weight: string) => ({
    name,
    type: 'text',
    x: 10,
    y,
    width: 380,
    height: 40,
    text: t,
    font: 'DejaVu Sans',
    font_weight: weight,
    font_size: 20,
    text_color: '#000000',
  });
  const design = valid({
    width: 400,
    height: 200,
    background: '#ffffff',
    layers: [line('a', 10, text, 'normal'), line('b', 80, bold, 'bold')],
  } as Design);
  return (await renderPdf({ pages: [{ design }], assets: noAssets })).bytes;
}

/** pdffonts rows: name, type and whether embedded and subset. */
async function fonts(pdf: Buffer): Promise<Array<{ name: string; emb: string; sub: string }>> {
  const rows = (await pdfFonts(pdf)).split('\n').slice(2).filter(Boolean);
  return rows.map((r) => {
    const cols = r.trim().split(/\s+/);
    return { name: cols[0], emb: cols.at(-5)!, sub: cols.at(-4)! };
  });
}

describe('font subset tags', () => {
  it('makes six letters A–Z, the same for the same bytes', () => {
    const tag = contentTag(Buffer.from('glyphs'));
    assert.match(tag, /^[A-Z]{6}$/);
    assert.equal(contentTag(Buffer.from('glyphs')), tag);
    assert.notEqual(contentTag(Buffer.from('glyphs!')), tag);
  });

  it('gives distinct subsets distinct names across a merge, and equal ones one name', async () => {
    const one = await page('Hello world', 'Bold one');
    const two = await page('Quick brown fox jumps', 'Bold two, other glyphs');
    const again = await page('Hello world', 'Bold one');
    const merged = (await mergePdfs([one, two, again])).bytes;
    const list = await fonts(merged);
    assert.equal(list.length, 6, JSON.stringify(list));
    for (const f of list) {
      assert.match(f.name, /^[A-Z]{6}\+DejaVuSans/, f.name);
      assert.equal(f.emb, 'yes', `${f.name} embedded`);
      assert.equal(f.sub, 'yes', `${f.name} a subset`);
    }
    const names = list.map((f) => f.name);
    // Page 1 and page 3 are the same text: the same two subsets, the same two names.
    assert.deepEqual(names.slice(4), names.slice(0, 2));
    // Pages 1 and 2 differ: four distinct subsets, four distinct names.
    assert.equal(new Set(names.slice(0, 4)).size, 4, names.join(', '));
    assert.match(await pdfText(merged), /Quick brown fox/);
  });
});
