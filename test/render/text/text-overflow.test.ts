/**
 * overflow: text that does not fit its box is clipped (default), ended with an ellipsis on the
 * last whole line, or drawn past the box; each case warns, naming the layer and the mode.
 */
import { createCanvas, loadImage } from '@napi-rs/canvas';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { renderImage, validateDesign } from '../../../src/render/index.ts';
import { textBlockOf } from '../../../src/render/layers/text/index.ts';
import { resolveFontFamily } from '../../../src/render/fonts/index.ts';
import { layoutText } from '../../../src/render/text/index.ts';

const LONG = 'One two three four five six seven eight nine ten eleven twelve thirteen fourteen';

const layerOf = (overflow?: string) => ({
  name: 'body',
  type: 'text',
  x: 0,
  y: 0,
  width: 120,
  height: 40,
  font_size: 16,
  text: LONG,
  ...(overflow ? { overflow } : {}),
});

/** Renders the layer on a 120×120 white canvas: returns dark pixels below the box and warnings. */
async function render(overflow?: string) {
  const out = await renderImage({
    design: { width: 120, height: 120, background: '#ffffff', layers: [layerOf(overflow)] },
    assets: { files: new Map(), fonts: [] },
    options: { format: 'png' },
  });
  const img = await loadImage(out.bytes);
  const ctx = createCanvas(120, 120).getContext('2d');
  ctx.drawImage(img, 0, 0);
  const below = ctx.getImageData(0, 41, 120, 79).data;
  let dark = 0;
  for (let i = 0; i < below.length; i += 4) if (below[i] < 128) dark++;
  const codes = (out.warnings ?? []).map((w) => w.code);
  return { dark, codes, warnings: (out.warnings ?? []).map((w) => `${w.path}: ${w.message}`) };
}

describe('text overflow', () => {
  it('clips by default: nothing is drawn below the box, and a warning names the layer', async () => {
    const { dark, codes, warnings } = await render();
    assert.equal(dark, 0);
    assert.deepEqual(codes, ['text_overflow']);
    assert.deepEqual(warnings, [
      'layers.body: the text does not fit its box at font size 16 (auto_fit can shrink it); it was clipped to the box (overflow "clip")',
    ]);
  });

  it('visible draws the lines past the box', async () => {
    const { dark, warnings } = await render('visible');
    assert.ok(dark > 50, `${dark} dark pixels below the box`);
    assert.match(warnings[0], /^layers\.body: .*drawn past the box \(overflow "visible"\)$/);
  });

  it('ellipsis keeps the lines whose whole height fits and ends the last with "…"', async () => {
    const { design } = validateDesign({
      width: 120,
      height: 120,
      layers: [layerOf('ellipsis')],
    });
    const layout = layoutText(textBlockOf(design!.layers[0], (ref) => resolveFontFamily(ref)));
    // 40 px at a 19.2 px line height holds two whole lines.
    assert.equal(layout.lines.length, 2);
    assert.equal(layout.truncated, true);
    const last = layout.lines[1].pieces.map((p) => p.text).join('');
    assert.ok(last.endsWith('\u2026'), last);
    const { dark, warnings } = await render('ellipsis');
    assert.equal(dark, 0);
    assert.match(warnings[0], /cut with an ellipsis \(overflow "ellipsis"\)$/);
  });

  it('text that fits is drawn as before, without a warning', async () => {
    const out = await renderImage({
      design: {
        width: 120,
        height: 120,
        background: '#ffffff',
        layers: [{ ...layerOf(), text: 'Short' }],
      },
      assets: { files: new Map(), fonts: [] },
      options: { format: 'png' },
    });
    assert.deepEqual(out.warnings ?? [], []);
  });

  /** The warnings of one text layer in a 200×200 canvas (a 120×200 box unless overridden). */
  const warningsOf = async (layer: Record<string, unknown>) => {
    const out = await renderImage({
      design: {
        width: 200,
        height: 200,
        background: '#ffffff',
        layers: [{ ...layerOf(), height: 200, ...layer }],
      },
      assets: { files: new Map(), fonts: [] },
      options: { format: 'png' },
    });
    return (out.warnings ?? []).map((w) => `${w.path}: ${w.message}`);
  };
  const layoutOf = (layer: Record<string, unknown>) => {
    const { design } = validateDesign({
      width: 200,
      height: 200,
      layers: [{ ...layerOf(), height: 200, ...layer }],
    });
    return layoutText(textBlockOf(design!.layers[0], (ref) => resolveFontFamily(ref)));
  };

  it('max_lines in a box tall enough: no warning when nothing is dropped', async () => {
    // Three lines of text, max_lines 3; and a trailing newline past max_lines 2 (an empty line).
    assert.deepEqual(await warningsOf({ text: 'One two three four five six', max_lines: 3 }), []);
    assert.deepEqual(await warningsOf({ text: 'One\nTwo\n', max_lines: 2 }), []);
    const layout = layoutOf({ text: 'One\nTwo\n', max_lines: 2 });
    assert.equal(layout.truncated, false);
    assert.deepEqual(
      layout.lines.map((l) => l.pieces.map((p) => p.text).join('')),
      ['One', 'Two'],
      'no ellipsis when only an empty line is left out',
    );
  });

  it('a long word broken over lines that all fit the box: no warning, nothing clipped', async () => {
    const text = 'Donaudampfschifffahrtsgesellschaft';
    const layout = layoutOf({ text });
    assert.ok(layout.lines.length > 1, 'the word is broken');
    assert.equal(layout.fits, false, 'auto_fit would still shrink it to avoid the break');
    assert.equal(layout.overflows, false);
    assert.deepEqual(await warningsOf({ text }), []);
    assert.deepEqual(await warningsOf({ text: 'Donaudampf', width: 60, max_lines: 2 }), []);
  });

  it('text dropped by max_lines still warns, saying max_lines cut it', async () => {
    assert.deepEqual(await warningsOf({ text: LONG, max_lines: 2 }), [
      'layers.body: the text needs more lines than max_lines 2 at font size 16 (auto_fit can shrink it); it was cut after line 2 with an ellipsis',
    ]);
    assert.deepEqual(await warningsOf({ text: LONG, max_lines: 2, auto_fit: true }), [
      'layers.body: the text needs more lines than max_lines 2 at the minimum font size 8; it was cut after line 2 with an ellipsis',
    ]);
  });

  it('a broken word whose lines do not fit, or a glyph wider than the box, still warns', async () => {
    const clipped =
      'layers.body: the text does not fit its box at font size 16 (auto_fit can shrink it); it was clipped to the box (overflow "clip")';
    assert.deepEqual(await warningsOf({ text: 'Donaudampfschifffahrtsgesellschaft', height: 20 }), [
      clipped,
    ]);
    assert.deepEqual(await warningsOf({ text: 'W', width: 5 }), [clipped]);
  });

  it('refuses an unknown mode, naming the field and the allowed values', () => {
    const { problems } = validateDesign({ width: 10, height: 10, layers: [layerOf('scroll')] });
    assert.equal(problems[0].path, 'layers.0.overflow');
    assert.match(problems[0].message, /"clip", "ellipsis", "visible".*received "scroll"/);
  });
});
