/**
 * Text layout properties that must hold for any input: lines within the box, auto-fit picks the
 * largest fitting size, max_lines truncates with an ellipsis, bidi order, CJK breaks, alignment.
 */
import { createCanvas } from '@napi-rs/canvas';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { EMOJI_ALIAS, resolveFontFamily } from '../../../src/render/fonts/index.ts';
import { textBlockOf } from '../../../src/render/layers/text/index.ts';
import { layoutText, type TextLayout } from '../../../src/render/text/index.ts';
import type { LayerSpec } from '../../../src/render/types.ts';

const layer = (props: Record<string, unknown>): LayerSpec => ({
  name: 't',
  type: 'text',
  x: 0,
  y: 0,
  width: 200,
  height: 100,
  font_size: 16,
  ...props,
});
const lay = (props: Record<string, unknown>): TextLayout =>
  layoutText(textBlockOf(layer(props), (ref) => resolveFontFamily(ref)));
const lineText = (l: TextLayout['lines'][number]) => l.pieces.map((p) => p.text).join('');
const lineEnd = (l: TextLayout['lines'][number]) => Math.max(...l.pieces.map((p) => p.x + p.width));

const PROSE =
  'The quick brown fox jumps over the lazy dog while five boxing wizards jump quickly and sphinx of black quartz judges my vow.';

describe('layoutText', () => {
  it('keeps every line inside the box width, whatever the width', () => {
    for (const width of [60, 90, 137, 200, 333]) {
      const out = lay({ text: PROSE, width });
      assert.ok(out.lines.length > 1);
      for (const line of out.lines) {
        assert.ok(lineEnd(line) <= width + 0.5, `line "${lineText(line)}" fits ${width}`);
        assert.ok(Math.min(...line.pieces.map((p) => p.x)) >= -0.01);
      }
      // No text is lost or duplicated (narrow boxes break long words, hence no spaces compared).
      const squash = (t: string) => t.replace(/\s/g, '');
      assert.equal(squash(out.lines.map(lineText).join('')), squash(PROSE));
      if (width >= 137) assert.equal(out.lines.map(lineText).join(' '), PROSE);
    }
  });

  it('starts a paragraph at each line feed', () => {
    const out = lay({ text: 'one\ntwo\n\nfour', width: 400 });
    assert.deepEqual(out.lines.map(lineText), ['one', 'two', '', 'four']);
    const lh = 16 * 1.2;
    assert.ok(Math.abs(out.lines[1].baseline - out.lines[0].baseline - lh) < 1e-6);
    assert.ok(Math.abs(out.height - 4 * lh) < 1e-6);
  });

  it('breaks a word longer than the box and reports that it does not fit', () => {
    const out = lay({ text: 'Pneumonoultramicroscopicsilicovolcanoconiosis', width: 80 });
    assert.ok(out.lines.length >= 3);
    assert.equal(out.lines.map(lineText).join(''), 'Pneumonoultramicroscopicsilicovolcanoconiosis');
    for (const line of out.lines) assert.ok(lineEnd(line) <= 80.5);
    assert.equal(out.fits, false);
  });

  it('auto_fit picks the largest size (0.5 px steps) at which the text fits', () => {
    const props = {
      text: PROSE,
      width: 150,
      height: 90,
      font_size: 48,
      auto_fit: true,
      min_font_size: 4,
    };
    const out = lay(props);
    assert.ok(out.fontSize < 48 && out.fontSize >= 4);
    assert.equal(out.fits, true);
    assert.ok(out.height <= 90);
    const bigger = lay({ ...props, font_size: out.fontSize + 0.5, auto_fit: false });
    assert.equal(bigger.fits, false, 'half a pixel more does not fit');
    // No word is broken at the chosen size.
    assert.equal(out.lines.map(lineText).join(' '), PROSE);
  });

  it('auto_fit leaves text that already fits at font_size and stops at min_font_size', () => {
    assert.equal(lay({ text: 'Short', font_size: 30, auto_fit: true }).fontSize, 30);
    const tiny = lay({
      text: PROSE,
      width: 40,
      height: 20,
      font_size: 30,
      auto_fit: true,
      min_font_size: 12,
    });
    assert.equal(tiny.fontSize, 12);
    assert.equal(tiny.fits, false);
  });

  it('auto_fit respects max_lines', () => {
    const out = lay({
      text: PROSE,
      width: 300,
      height: 500,
      font_size: 40,
      auto_fit: true,
      max_lines: 2,
      min_font_size: 4,
    });
    assert.equal(out.lines.length, 2);
    assert.equal(out.truncated, false);
  });

  it('max_lines keeps that many lines and ends the last with an ellipsis inside the box', () => {
    const out = lay({ text: PROSE, width: 150, max_lines: 2 });
    assert.equal(out.lines.length, 2);
    assert.equal(out.truncated, true);
    const last = lineText(out.lines[1]);
    assert.ok(last.endsWith('\u2026'), last);
    assert.ok(lineEnd(out.lines[1]) <= 150.5);
    assert.equal(lay({ text: 'fits', max_lines: 2 }).truncated, false);
  });

  it('lays right-to-left paragraphs out from the right, in visual run order', () => {
    const out = lay({ text: 'שלום עולם abc 123', width: 400, align: 'right' });
    const [line] = out.lines;
    assert.ok(Math.abs(lineEnd(line) - 400) < 0.5, 'flush right');
    // Visual order, left to right: "abc 123" (LTR run), then the Hebrew words (one RTL run).
    const texts = line.pieces.map((p) => p.text.trim());
    assert.equal(texts[texts.length - 1], 'שלום עולם');
    assert.equal(line.pieces[line.pieces.length - 1].rtl, true);
    assert.ok(texts.slice(0, -1).join(' ').includes('abc'));
  });

  it('orders an RTL word inside an LTR paragraph between its neighbours', () => {
    const out = lay({ text: 'abc مرحبا def', width: 400 });
    const texts = out.lines[0].pieces.map((p) => p.text);
    assert.deepEqual(texts, ['abc ', 'مرحبا', ' def']);
    assert.deepEqual(
      out.lines[0].pieces.map((p) => p.rtl),
      [false, true, false],
    );
  });

  it('justify from the start side on the last line of an RTL paragraph', () => {
    const out = lay({
      text: 'שלום עולם זהו טקסט ארוך בעברית שנשבר לכמה שורות',
      width: 150,
      align: 'justify',
    });
    assert.ok(out.lines.length > 1);
    for (const line of out.lines.slice(0, -1)) {
      assert.ok(Math.abs(lineEnd(line) - 150) < 0.5);
      assert.ok(Math.abs(Math.min(...line.pieces.map((p) => p.x))) < 0.5);
    }
    assert.ok(
      Math.abs(lineEnd(out.lines[out.lines.length - 1]) - 150) < 0.5,
      'last line flush right',
    );
  });

  it('justifies every line but the last of each paragraph', () => {
    const out = lay({ text: PROSE, width: 180, align: 'justify' });
    for (const line of out.lines.slice(0, -1)) {
      assert.ok(line.wordSpacing > 0);
      assert.ok(Math.abs(lineEnd(line) - 180) < 0.5, `"${lineText(line)}" spans the box`);
    }
    assert.equal(out.lines[out.lines.length - 1].wordSpacing, 0);
  });

  it('justifies with the spacing Skia draws, also across no-break spaces', () => {
    // drawText sets ctx.wordSpacing, which Skia (like CSS) adds to U+0020 and U+00A0 alike; the
    // layout must count both, or a justified line with a no-break space runs past the box.
    const ctx = createCanvas(1, 1).getContext('2d');
    const text = 'Price 10\u00a0km and 5\u00a0kg of flour, 3\u00a0m of rope and more words to wrap';
    const out = lay({ text, width: 180, align: 'justify' });
    assert.ok(out.lines.length > 2);
    for (const line of out.lines.slice(0, -1)) {
      ctx.letterSpacing = `${out.letterSpacing}px`;
      ctx.wordSpacing = `${line.wordSpacing}px`;
      for (const piece of line.pieces) {
        ctx.font = piece.font;
        const drawn = ctx.measureText(piece.text).width;
        assert.ok(
          Math.abs(drawn - piece.width) < 0.5,
          `"${piece.text}" is drawn ${drawn} px wide, laid out as ${piece.width}`,
        );
      }
      assert.ok(Math.abs(lineEnd(line) - 180) < 0.5, `"${lineText(line)}" spans the box`);
    }
  });

  it('aligns horizontally and vertically', () => {
    const c = lay({
      text: 'mid',
      width: 200,
      height: 100,
      align: 'center',
      vertical_align: 'middle',
    });
    const [line] = c.lines;
    const left = line.pieces[0].x;
    assert.ok(Math.abs(left - (200 - lineEnd(line))) < 0.5, 'centred');
    const top = lay({ text: 'mid', vertical_align: 'top' }).lines[0].baseline;
    const bottom = lay({ text: 'mid', vertical_align: 'bottom' }).lines[0].baseline;
    assert.ok(Math.abs(line.baseline - (top + bottom) / 2) < 1e-6);
    assert.ok(Math.abs(bottom - top - (100 - 16 * 1.2)) < 1e-6);
  });

  it('breaks CJK between characters but never before closing punctuation', () => {
    const text = '日本語のテキストは文字の間で折り返されます。句読点も正しく。';
    for (const width of [50, 70, 90, 110]) {
      const out = lay({ text, width });
      assert.equal(out.lines.map(lineText).join(''), text);
      for (const line of out.lines) {
        assert.ok(
          !/^[。、]/.test(lineText(line)),
          `line "${lineText(line)}" starts with punctuation`,
        );
      }
    }
  });

  it('draws emoji with the colour emoji font first and other text without it', () => {
    const out = lay({ text: 'hi 😀 there', width: 400 });
    const emoji = out.lines[0].pieces.find((p) => p.text === '😀');
    assert.ok(emoji, 'emoji is its own run');
    assert.ok(emoji.font.includes(`"${EMOJI_ALIAS}", "imprint-dejavu-sans"`));
    const plain = out.lines[0].pieces.find((p) => p.text.startsWith('hi'));
    assert.ok(plain && plain.font.includes('"imprint-dejavu-sans"'));
    assert.ok(!plain.font.startsWith(`16px "${EMOJI_ALIAS}"`));
    // ©/♥ without VS16 are text, with VS16 emoji.
    const text = lay({ text: '© ♥ ❤️', width: 400 }).lines[0].pieces;
    assert.ok(text.some((p) => p.text.includes('©') && !p.font.includes(`px "${EMOJI_ALIAS}"`)));
    assert.ok(text.some((p) => p.text === '❤️' && p.font.includes(`px "${EMOJI_ALIAS}"`)));
  });

  it('uses alt colour and font for emphasised spans, main style otherwise', () => {
    const out = lay({
      text: 'a *b* c',
      text_color: '#111111',
      alt_text_color: '#ff0000',
      alt_font: 'DejaVu Serif',
      width: 400,
    });
    const pieces = out.lines[0].pieces;
    assert.deepEqual(
      pieces.map((p) => p.text),
      ['a ', 'b', ' c'],
    );
    assert.equal(pieces[1].color, '#ff0000');
    assert.ok(pieces[1].font.includes('"imprint-dejavu-serif"'));
    assert.equal(pieces[0].color, '#111111');
    assert.ok(pieces[0].font.includes('400 16px "imprint-dejavu-sans"'));
  });

  it('adds letter spacing after every character and leaves the trailing one out of alignment', () => {
    const plain = lay({ text: 'abcd', width: 400, align: 'right' }).lines[0];
    const spaced = lay({ text: 'abcd', width: 400, align: 'right', letter_spacing: 5 }).lines[0];
    assert.ok(Math.abs(spaced.pieces[0].width - plain.pieces[0].width - 20) < 0.01);
    assert.ok(Math.abs(spaced.pieces[0].x - (plain.pieces[0].x - 15)) < 0.01);
  });

  it('applies text_transform before reading the markup', () => {
    const out = lay({ text: 'Big *deal* ß', text_transform: 'uppercase', width: 400 });
    assert.deepEqual(
      out.lines[0].pieces.map((p) => p.text),
      ['BIG ', 'DEAL', ' SS'],
    );
    assert.equal(lineText(lay({ text: 'QUIET', text_transform: 'lowercase' }).lines[0]), 'quiet');
  });

  it('draws nothing for empty text', () => {
    const out = lay({ text: '' });
    assert.equal(out.lines.length, 1);
    assert.equal(out.lines[0].pieces.length, 0);
  });
});
