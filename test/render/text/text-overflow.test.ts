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

  it('refuses an unknown mode, naming the field and the allowed values', () => {
    const { problems } = validateDesign({ width: 10, height: 10, layers: [layerOf('scroll')] });
    assert.equal(problems[0].path, 'layers.0.overflow');
    assert.match(problems[0].message, /"clip", "ellipsis", "visible".*received "scroll"/);
  });
});
