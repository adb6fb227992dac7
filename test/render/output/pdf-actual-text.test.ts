/**
 * The text layer of PDFs: what poppler's pdftotext extracts from shaped text (Arabic joining,
 * Hebrew, Devanagari conjuncts and reordered vowel signs, Thai, DejaVu's ligatures, combining
 * marks) is the source text, in text and table layers, on every page and after a merge; and no
 * text marker is left in the content.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PDFRawStream } from 'pdf-lib';
import { PDFDocument, PDFName, decodePDFRawStream } from 'pdf-lib';
import { mergePdfs, renderPdf, type Design } from '../../../src/render/index.ts';
import { contentStreams } from '../../../src/render/output/pdf-content-streams.ts';
import { markContent } from '../../../src/render/output/pdf-actual-text.ts';
import { addCmykActualText } from '../../../src/render/output/cmyk-actual-text.ts';
import { contentOps } from '../../../src/render/output/content-ops.ts';
import { clearPlainTexts, plainTextFigures } from '../../../src/render/text/pdf-plain-texts.ts';
import {
  MARK_SIZE_OPERANDS,
  cmykMarkCode,
  markCmyk,
} from '../../../src/render/text/pdf-text-marks.ts';
import { PHOTO_URL, photoAssets, pdfText, valid } from './output-kit.ts';

const SAMPLES = {
  arabic: 'مرحبا بالعالم',
  hebrew: 'שלום עולם',
  devanagari: 'हिन्दी में संयुक्ताक्षर',
  thai: 'ภาษาไทย สวัสดี',
  ligatures: 'office affine fish flow',
  combining: 'e\u0301te\u0301 n\u0303 a\u0308 Z\u0327',
};

/**
 * Whitespace collapsed; pdftotext also wraps right-to-left lines in U+202B … U+202C (embedding
 * controls of its output, not text of the PDF), which go too.
 */
const normal = (s: string): string =>
  s
    .replace(/[\u202a-\u202e]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

function textDesign(texts: string[], font = 'DejaVu Sans', colors = ['#111827']): Design {
  return valid({
    width: 640,
    height: 60 * texts.length + 20,
    background: '#ffffff',
    layers: texts.map((text, i) => ({
      name: `t${i}`,
      type: 'text',
      x: 10,
      y: 10 + 60 * i,
      width: 620,
      height: 50,
      font,
      font_size: 24,
      text_color: colors[i % colors.length],
      text,
    })),
  } as unknown as Design);
}

const noFiles = { files: new Map<string, Buffer>(), fonts: [] };

/** The text of each page, normalised. */
async function pagesText(pdf: Buffer, pages: number): Promise<string[]> {
  const all = await pdfText(pdf);
  return all.split('\f').slice(0, pages).map(normal);
}

/** Fills painted in a CMYK marker's colour (markers left in a CMYK PDF). */
function cmykMarkersLeft(content: string): number {
  let fill: number | undefined;
  let left = 0;
  for (const { op, operands } of contentOps(content) ?? []) {
    if (op === 'k')
      fill = cmykMarkCode(...(operands.map(Number) as [number, number, number, number]));
    else if (['rg', 'g', 'sc', 'scn'].includes(op)) fill = undefined;
    else if (['f', 'F', 'f*', 'B', 'b', 'B*', 'b*'].includes(op) && fill !== undefined) left++;
  }
  return left;
}

/** A one-page PDF whose content is `content`. */
async function pdfWith(content: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([100, 100]);
  page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.stream(content)));
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

/** Every content stream of the PDF, decoded. */
async function contents(pdf: Buffer): Promise<string[]> {
  const doc = await PDFDocument.load(pdf);
  return contentStreams(doc).map(({ ref }) => {
    const s = doc.context.lookup(ref) as PDFRawStream;
    return Buffer.from(decodePDFRawStream(s).decode()).toString('latin1');
  });
}

describe('PDF text layer', () => {
  for (const font of ['DejaVu Sans', 'Noto Sans Arabic']) {
    it(`extracts every script as its source text (${font})`, async () => {
      const texts = Object.values(SAMPLES);
      const pdf = (
        await renderPdf({ pages: [{ design: textDesign(texts, font) }], assets: noFiles })
      ).bytes;
      const lines = (await pdfText(pdf)).split('\n').map(normal).filter(Boolean);
      assert.deepEqual(lines, texts.map(normal));
    });
  }

  it('draws a text that maps back without markers the next time; a ligature keeps its span', async () => {
    clearPlainTexts();
    const plain = `Plain words ${process.pid} ${Date.now()}`;
    const texts = [plain, SAMPLES.ligatures];
    const design = textDesign(texts);
    const first = await renderPdf({ pages: [{ design }], assets: noFiles });
    // Learned: the plain line (one piece); the ligatures needed spans, so they are not.
    assert.equal(plainTextFigures().entries, 1);
    const second = await renderPdf({ pages: [{ design }], assets: noFiles });
    assert.equal(plainTextFigures().entries, 1);
    for (const pdf of [first.bytes, second.bytes]) {
      const lines = (await pdfText(pdf)).split('\n').map(normal).filter(Boolean);
      assert.deepEqual(lines, texts.map(normal));
      assert.ok((await contents(pdf)).some((c) => c.includes('/ActualText')));
    }
    // CMYK PDFs neither use nor add to what was learned (Ghostscript rewrites the fonts' maps).
    clearPlainTexts();
    await renderPdf({ pages: [{ design }], assets: noFiles, options: { colorMode: 'cmyk' } });
    assert.equal(plainTextFigures().entries, 0);
  });

  it('leaves no marker in the content and nests spans with q/Q', async () => {
    const pdf = (
      await renderPdf({ pages: [{ design: textDesign(Object.values(SAMPLES)) }], assets: noFiles })
    ).bytes;
    const streams = await contents(pdf);
    const marker = `${MARK_SIZE_OPERANDS.join(' ')} re`;
    for (const content of streams) {
      assert.ok(!content.includes(marker), 'a text marker is left in the content');
      let depth = 0;
      const open: number[] = [];
      for (const op of content.match(/\b(q|Q|BDC|EMC)\b/g) ?? []) {
        if (op === 'q') depth++;
        else if (op === 'Q') {
          depth--;
          assert.ok(
            open.every((d) => d <= depth),
            'a Q closes a q opened inside a span',
          );
        } else if (op === 'BDC') open.push(depth);
        else assert.equal(open.pop(), depth, 'EMC at another q depth than its BDC');
      }
      assert.deepEqual(open, []);
    }
    assert.ok(streams.some((c) => c.includes('/ActualText')));
  });

  it('extracts text of tables, on every page, beside pictures and after a merge', async () => {
    const table = valid({
      width: 500,
      height: 300,
      background: '#ffffff',
      layers: [
        {
          name: 'photo',
          type: 'picture',
          x: 300,
          y: 10,
          width: 190,
          height: 120,
          image: PHOTO_URL,
        },
        {
          name: 'items',
          type: 'table',
          x: 10,
          y: 10,
          width: 280,
          height: 280,
          font: 'DejaVu Sans',
          columns: [{ title: 'Item' }, { title: 'Note' }],
          rows: [
            [SAMPLES.devanagari, SAMPLES.ligatures],
            [SAMPLES.arabic, SAMPLES.combining],
          ],
        },
      ],
    } as unknown as Design);
    const second = textDesign([SAMPLES.thai, SAMPLES.hebrew]);
    const assets = await photoAssets(400, 300);
    const pdf = (await renderPdf({ pages: [{ design: table }, { design: second }], assets })).bytes;
    const [one, two] = await pagesText(pdf, 2);
    for (const s of [SAMPLES.devanagari, SAMPLES.ligatures, SAMPLES.arabic, SAMPLES.combining]) {
      assert.ok(one.includes(normal(s)), `page 1 lacks ${s}: ${one}`);
    }
    assert.equal(two, normal(`${SAMPLES.thai} ${SAMPLES.hebrew}`));
    const merged = (await mergePdfs([pdf, pdf])).bytes;
    const pages = await pagesText(merged, 4);
    assert.deepEqual(pages, [one, two, one, two]);
  });

  it('removes markers from a stream it cannot tokenise (an inline image)', () => {
    const mark = `1 2 ${MARK_SIZE_OPERANDS.join(' ')} re\nf\n`;
    const content = `.502 0 0 rg\n${mark}BT /F4 12 Tf (x) Tj ET\n${mark}BI /W 1 /H 1 ID \x00 EI\n`;
    const sink = { texts: [{ text: 'x', rtl: false }], skipPlain: true };
    const out = markContent(content, sink, () => undefined);
    assert.ok(out !== undefined && !out.includes(' re\n'), String(out));
    assert.ok(out.includes('(x) Tj') && out.includes('BI /W 1'));
  });

  it('extracts every script as its source text from a CMYK PDF, with no marker left', async () => {
    const texts = Object.values(SAMPLES);
    // Black text is K-only and overprints: both colour rewrites meet the markers.
    const design = textDesign(texts, 'DejaVu Sans', ['#111827', '#000000']);
    for (const pdfStandard of [undefined, 'x4'] as const) {
      const pdf = (
        await renderPdf({
          pages: [{ design }],
          assets: noFiles,
          options: { colorMode: 'cmyk', ...(pdfStandard ? { pdfStandard } : {}) },
        })
      ).bytes;
      const lines = (await pdfText(pdf)).split('\n').map(normal).filter(Boolean);
      assert.deepEqual(lines, texts.map(normal), `pdf_standard ${pdfStandard}`);
      const streams = await contents(pdf);
      assert.deepEqual(
        streams.map(cmykMarkersLeft),
        streams.map(() => 0),
      );
      assert.ok(streams.some((c) => c.includes('/ActualText')));
    }
  });

  it('after Ghostscript, removes markers it finds and refuses a PDF where one could stay', async () => {
    const inks = (code: number) =>
      markCmyk(code)
        .map((v) => v.toFixed(6))
        .join(' ');
    const plans = { texts: new Map([[0, { text: 'A', glyphs: 1 }]]), marks: 2 };
    const mark = (code: number) => `${inks(code)} k\n10 10 0.15625 0.078125 re\nf\n`;
    const ok = await pdfWith(`${mark(0)}0 0 0 1 k\n1 1 5 5 re\nf\n${mark(1)}`);
    const out = addCmykActualText(ok, plans);
    assert.ok(out);
    assert.deepEqual((await contents(out)).map(cmykMarkersLeft), [0]);
    assert.match((await contents(out))[0], /1 1 5 5 re\s+f/);
    const stroked = await pdfWith(`${inks(0)} k\n10 10 0.15625 0.078125 re\nB\n${mark(1)}`);
    assert.equal(addCmykActualText(stroked, plans), undefined);
    const none = await pdfWith(`0 0 0 1 k\n1 1 5 5 re\nf\n`);
    assert.equal(addCmykActualText(none, plans), undefined);
  });
});
