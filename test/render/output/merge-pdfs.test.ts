/** Proof of PDF merging: every page of every input in order; a non-PDF input is named by index. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PDFDocument } from 'pdf-lib';
import { mergePdfs, renderPdf, RenderInputError } from '../../../src/render/index.ts';
import { pdfText, valid } from './output-kit.ts';

const noAssets = { files: new Map<string, Buffer>(), fonts: [] };

/** A PDF of `pages` pages of the given size, each with its label as text. */
async function labelled(labels: string[], width: number, height: number): Promise<Buffer> {
  const pages = labels.map((text) => ({
    design: valid({
      width,
      height,
      background: '#ffffff',
      layers: [
        {
          name: 't',
          type: 'text',
          x: 10,
          y: 10,
          width: width - 20,
          height: 40,
          text,
          font_size: 20,
          text_color: '#000000',
        },
      ],
    }),
  }));
  return (await renderPdf({ pages, assets: noAssets })).bytes;
}

describe('mergePdfs', () => {
  it('concatenates every page of every file in order', async () => {
    const a = await labelled(['alpha one', 'alpha two'], 400, 300);
    const b = await labelled(['bravo one'], 200, 400);
    const c = await labelled(['charlie one', 'charlie two', 'charlie three'], 300, 300);
    const merged = await mergePdfs([a, b, c]);
    assert.equal(merged.mime, 'application/pdf');
    assert.equal(merged.pages, 6);
    const doc = await PDFDocument.load(merged.bytes);
    assert.equal(doc.getPageCount(), 6);
    assert.deepEqual(doc.getPage(2).getSize(), { width: 150, height: 300 });
    const text = (await pdfText(merged.bytes)).replace(/\s+/g, ' ');
    const order = [
      'alpha one',
      'alpha two',
      'bravo one',
      'charlie one',
      'charlie two',
      'charlie three',
    ];
    const positions = order.map((t) => text.indexOf(t));
    assert.ok(
      positions.every((p) => p >= 0),
      text,
    );
    assert.deepEqual(
      [...positions].sort((x, y) => x - y),
      positions,
      `order in: ${text}`,
    );
    assert.deepEqual([merged.width, merged.height], [400, 300]);
  });

  it('refuses a buffer that is not a PDF, naming its index', async () => {
    const a = await labelled(['x'], 100, 100);
    await assert.rejects(
      mergePdfs([a, Buffer.from('<html>not a pdf</html>'), a]),
      (err: unknown) => {
        assert.ok(err instanceof RenderInputError);
        assert.deepEqual(
          err.problems.map((p) => p.path),
          ['urls.1'],
        );
        assert.match(err.problems[0].message, /file 2 is not a PDF/);
        return true;
      },
    );
  });

  it('refuses a damaged PDF with a problem, not a crash', async () => {
    const a = await labelled(['x'], 100, 100);
    const damaged = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.from('garbage '.repeat(50))]);
    await assert.rejects(
      mergePdfs([a, damaged]),
      (err: unknown) => err instanceof RenderInputError && err.problems[0].path === 'urls.1',
    );
  });

  it('stops at the page cap without reading the files after the one that passed it', async () => {
    const three = await labelled(['a', 'b', 'c'], 100, 100);
    // The second file is no PDF: were it read, its problem would be reported too.
    await assert.rejects(
      mergePdfs([three, Buffer.from('not a pdf'), three], { maxPages: 2 }),
      (err: unknown) => {
        assert.ok(err instanceof RenderInputError);
        assert.deepEqual(err.problems, [
          {
            path: 'urls',
            message:
              'the merged PDF would have more than 2 pages (the merge page limit, IMPRINT_MERGE_MAX_PAGES): the first file alone has 3',
          },
        ]);
        return true;
      },
    );
    const atCap = await mergePdfs([three, three], { maxPages: 6 });
    assert.equal(atCap.pages, 6);
  });
});
