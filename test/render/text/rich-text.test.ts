/**
 * Rich text (text_format "markup"): the parser (nesting, malformed markup, injection attempts),
 * its combination with emphasis and text_transform, and links that are clickable in PDFs.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFString } from 'pdf-lib';
import {
  escapeRichMarkup,
  MAX_DEPTH,
  parseRichMarkup,
  type RichSegment,
} from '../../../src/render/text/rich-markup.ts';
import { parseRichText } from '../../../src/render/text/index.ts';
import { renderImage, renderPdf, type Design } from '../../../src/render/index.ts';
import { pdfText } from '../output/output-kit.ts';

/** Segments as [text, style] pairs, for short expectations. */
const parts = (source: string) =>
  parseRichMarkup(source).map((s: RichSegment) => [s.text, s.style] as const);

describe('rich-text markup parser', () => {
  it('reads each tag and nests them', () => {
    assert.deepEqual(parts('a <b>b</b> <strong>s</strong> <i>i</i> <em>e</em>'), [
      ['a ', {}],
      ['b', { bold: true }],
      [' ', {}],
      ['s', { bold: true }],
      [' ', {}],
      ['i', { italic: true }],
      [' ', {}],
      ['e', { italic: true }],
    ]);
    assert.deepEqual(parts('<u>u</u><s>s</s><strike>t</strike><del>d</del>'), [
      ['u', { underline: true }],
      ['s', { strike: true }],
      ['t', { strike: true }],
      ['d', { strike: true }],
    ]);
    assert.deepEqual(parts('<b>x<i>y<span color="#F00">z</span></i></b>'), [
      ['x', { bold: true }],
      ['y', { bold: true, italic: true }],
      ['z', { bold: true, italic: true, color: '#ff0000' }],
    ]);
    assert.deepEqual(parts('<span color=\'rgb(0, 128, 0)\'>g</span><span color="navy">n</span>'), [
      ['g', { color: '#008000' }],
      ['n', { color: '#000080' }],
    ]);
  });

  it('is case-insensitive about tag names and reads line breaks', () => {
    assert.deepEqual(parts('<B>x</B>a<br>b<BR/>c<br />d'), [
      ['x', { bold: true }],
      ['a\nb\nc\nd', {}],
    ]);
  });

  it('decodes entities, in text and in attributes', () => {
    assert.deepEqual(parts('&lt;b&gt; &amp; &quot;&apos; &#65;&#x42; &#x1F600;'), [
      ['<b> & "\' AB 😀', {}],
    ]);
    assert.deepEqual(parts('<a href="https://e.com/?a=1&amp;b=2">l</a>'), [
      ['l', { href: 'https://e.com/?a=1&b=2' }],
    ]);
  });

  it('shows malformed or unknown markup as the text it is', () => {
    const literal = [
      '<b>never closed',
      'closed</b> never opened',
      '<x>unknown</x>',
      '<b class="x">attribute</b>',
      '<span>no colour</span>',
      '<span color="nope">bad colour</span>',
      // Inks are resolved per layer property, not inside text: visible rather than wrong.
      '<span color="cmyk(0,100,100,0)">ink</span>',
      `<span color='spot("PANTONE 185 C",0,100,81,4)'>spot</span>`,
      '<span color="#f00" color="#0f0">twice</span>',
      '<b/>self-closed',
      '<br class="x">',
      '< b>space</ b>',
      '<b',
      'a < b > c',
      '&bogus; &amp &#xZZ; &#0; &#xD800; &#1114112; &#27;',
      '<a>no href</a>',
    ];
    for (const source of literal) {
      assert.deepEqual(parts(source), [[source, {}]], source);
    }
  });

  it('closes only the innermost open tag; out-of-order tags stay text', () => {
    assert.deepEqual(parts('<b><i>x</b>y</i>'), [
      ['<b>', {}],
      ['x</b>y', { italic: true }],
    ]);
  });

  it('accepts only http, https and mailto links (injection attempts are text)', () => {
    assert.deepEqual(parts('<a href="mailto:a@b.example">m</a>'), [
      ['m', { href: 'mailto:a@b.example' }],
    ]);
    for (const href of [
      'javascript:alert(1)',
      'JaVaScRiPt:alert(1)',
      ' javascript:alert(1)',
      'data:text/html,<x>',
      'file:///etc/passwd',
      '/relative',
      'https://',
    ]) {
      const source = `<a href="${href}">x</a>`;
      assert.ok(
        parseRichMarkup(source).every((s) => s.style.href === undefined),
        `${href} is no link`,
      );
    }
    // Quotes cannot be broken out of: the tag does not match and shows as text.
    const sneaky = '<a href="https://e.com" onclick="x()">y</a>';
    assert.deepEqual(parts(sneaky), [[sneaky, {}]]);
    const newline = '<span color="#000"\nstyle="x">z</span>';
    assert.deepEqual(parts(newline), [[newline, {}]]);
  });

  it(`nests at most ${MAX_DEPTH} deep and stays linear on hostile input`, () => {
    const deep = '<b>'.repeat(MAX_DEPTH) + 'x' + '</b>'.repeat(MAX_DEPTH);
    assert.deepEqual(parts(deep), [['x', { bold: true }]]);
    const tooDeep = '<i>'.repeat(MAX_DEPTH + 1) + 'x' + '</i>'.repeat(MAX_DEPTH + 1);
    assert.ok(parts(tooDeep).some(([t]) => t.includes('<i>')));
    const started = performance.now();
    parseRichMarkup('<b'.repeat(5000) + '<span color="'.repeat(2000) + '&#'.repeat(5000));
    parseRichMarkup('<b>'.repeat(5000));
    assert.ok(performance.now() - started < 2000);
  });

  it('escapes text so it reads back literally', () => {
    const text = 'a <b>&amp;</b> c';
    assert.deepEqual(parts(escapeRichMarkup(text)), [[text, {}]]);
  });

  it('combines with *emphasis* across tags, and transforms only the text', () => {
    const spans = parseRichText('*a <b>b* c</b> <a href="https://E.com/Path">d</a>', (t) =>
      t.toUpperCase(),
    );
    assert.deepEqual(spans, [
      { text: 'A ', alt: true },
      { text: 'B', alt: true, style: { bold: true } },
      { text: ' C', alt: false, style: { bold: true } },
      { text: ' ', alt: false },
      { text: 'D', alt: false, style: { href: 'https://e.com/Path' } },
    ]);
  });
});

const linkDesign: Design = {
  width: 300,
  height: 120,
  background: '#ffffff',
  layers: [
    {
      name: 'links',
      type: 'text',
      x: 20,
      y: 10,
      width: 260,
      height: 100,
      font_size: 16,
      text_format: 'markup',
      text: 'Go to <a href="https://example.com/x?a=1&amp;b=2">the site</a><br><a href="javascript:alert(1)">no</a> or <a href="mailto:hi@example.com">mail</a>',
    },
  ],
};

/** Link annotations of page 1: URI and rectangle (PDF points, origin bottom left). */
async function links(pdf: Buffer) {
  const doc = await PDFDocument.load(pdf);
  const annots = doc.getPage(0).node.Annots();
  const out: Array<{ uri: string; rect: number[] }> = [];
  for (let i = 0; i < (annots?.size() ?? 0); i++) {
    const annot = annots!.lookup(i, PDFDict);
    const uri = annot
      .lookupMaybe(PDFName.of('A'), PDFDict)
      ?.lookupMaybe(PDFName.of('URI'), PDFString);
    const rect = annot.lookup(PDFName.of('Rect'), PDFArray);
    const nums = [0, 1, 2, 3].map((k) => rect.lookup(k, PDFNumber).asNumber());
    if (uri) out.push({ uri: uri.decodeText(), rect: nums });
  }
  return { out, height: doc.getPage(0).getHeight() };
}

describe('rich text in output', () => {
  it('makes links clickable in PDFs, over the linked words only', async () => {
    const pdf = await renderPdf({
      pages: [{ design: linkDesign }],
      assets: { files: new Map(), fonts: [] },
    });
    const { out, height } = await links(pdf.bytes);
    assert.deepEqual(
      out.map((l) => l.uri),
      ['https://example.com/x?a=1&b=2', 'mailto:hi@example.com'],
    );
    // 96 dpi: 0.75 pt per px. "the site" starts after "Go to " on line 1, right of the layer's x.
    const [x1, y1, x2, y2] = out[0].rect;
    assert.ok(x1 > 20 * 0.75 + 30 && x2 < 280 * 0.75, `${out[0].rect}`);
    assert.ok(y2 <= height - 10 * 0.75 + 0.5 && y1 >= height - 50 * 0.75, `${out[0].rect}`);
    // The mail link is on the second line, lower on the page.
    assert.ok(out[1].rect[3] < y1 + 1);
    // The refused link shows as text, with its markup.
    const text = (await pdfText(pdf.bytes)).replace(/\s+/g, '');
    assert.match(text, /<ahref="javascript:alert\(1\)">no<\/a>ormail/);
  });

  it('draws markup the same with or without emphasis-only text in plain mode', async () => {
    const plain = { ...linkDesign.layers[0], text_format: 'plain', text: 'a <b>b</b>' };
    const out = await renderImage({
      design: { ...linkDesign, layers: [plain] },
      assets: { files: new Map(), fonts: [] },
      options: { format: 'png' },
    });
    const literal = await renderImage({
      design: {
        ...linkDesign,
        layers: [{ ...plain, text_format: 'markup', text: 'a &lt;b&gt;b&lt;/b&gt;' }],
      },
      assets: { files: new Map(), fonts: [] },
      options: { format: 'png' },
    });
    // Plain text shows tags as they are, exactly as escaped markup does.
    assert.ok(out.bytes.equals(literal.bytes));
  });
});
