// Resizing a design to another format (web/src/editor/resize.ts): uniform scale by the smaller
// ratio, covering layers stretched, other layers anchored to the nearest edge or the centre,
// lengths inside properties scaled, units converted; the result is a valid design.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { editorSpecs } from '../../src/render/design/editor-specs.ts';
import { validateDesign } from '../../src/render/design/validate-design.ts';
import type { Design, Layer } from '../../web/src/api.ts';
import {
  anchorOf,
  convertUnit,
  resizeDesign,
  type LengthsOf,
} from '../../web/src/editor/resize.ts';

const specs = editorSpecs();
/** The registry's `px` properties of a type, as the editor reads them from its specs. */
const lengthsOf: LengthsOf = (type) =>
  Object.entries(specs.types[type] ?? {})
    .filter(([, s]) => s.kind === 'px')
    .map(([p]) => p);

const box = (name: string, x: number, y: number, width: number, height: number, more = {}) =>
  ({ name, type: 'shape', x, y, width, height, ...more }) as Layer;

const CARD: Design = {
  width: 1200,
  height: 630,
  background: '#ffffff',
  layers: [
    box('bg', 0, 0, 1200, 630, { background_color: '#1e293b' }),
    box('logo', 40, 40, 200, 100, { border_width: 10, border_radius: 20 }),
    {
      name: 'title',
      type: 'text',
      x: 100,
      y: 265,
      width: 1000,
      height: 100,
      text: 'Hello',
      font_size: 64,
    },
    box('badge', 1000, 500, 160, 90),
    { name: 'rule', type: 'line', x: 40, y: 200, width: 300, height: 20, dash: [20, 10] },
  ],
};

const byName = (d: Design) => Object.fromEntries(d.layers.map((l) => [l.name, l]));

test('anchors a span to the nearest edge or the centre, and stretches a covering one', () => {
  assert.equal(anchorOf(40, 200, 1200), 'start');
  assert.equal(anchorOf(1000, 160, 1200), 'end');
  assert.equal(anchorOf(500, 200, 1200), 'centre');
  assert.equal(anchorOf(-10, 1220, 1200), 'stretch');
  assert.equal(anchorOf(0, 1200, 1200), 'stretch');
});

test('resizes a 1200×630 card to 1080×1920 by the rule', () => {
  const out = resizeDesign(CARD, { width: 1080, height: 1920 }, lengthsOf);
  assert.equal(out.width, 1080);
  assert.equal(out.height, 1920);
  const l = byName(out);
  // k = min(1080/1200, 1920/630) = 0.9.
  assert.deepEqual([l.bg.x, l.bg.y, l.bg.width, l.bg.height], [0, 0, 1080, 1920]);
  assert.deepEqual([l.logo.x, l.logo.y, l.logo.width, l.logo.height], [36, 36, 180, 90]);
  assert.equal(l.logo.border_width, 9);
  assert.equal(l.logo.border_radius, 18);
  // Centred on both axes: the centre stays at the page centre.
  assert.deepEqual([l.title.x, l.title.y, l.title.width, l.title.height], [90, 915, 900, 90]);
  assert.equal(l.title.font_size, 57.6);
  // Bottom-right: 40 px gaps become 36 px.
  assert.deepEqual([l.badge.x, l.badge.y, l.badge.width, l.badge.height], [900, 1803, 144, 81]);
  assert.deepEqual(l.rule.dash, [18, 9]);
  // The source is untouched.
  assert.equal(CARD.layers[1].x, 40);
  const { problems } = validateDesign(out);
  assert.deepEqual(problems, []);
});

test('a smaller target scales down; a target in pt converts the design first', () => {
  const small = byName(resizeDesign(CARD, { width: 600, height: 600 }, lengthsOf));
  // k = min(0.5, 0.952) = 0.5; the badge keeps its 20 px gaps to the right and bottom.
  assert.deepEqual([small.badge.x, small.badge.y], [600 - 20 - 80, 600 - 20 - 45]);
  const a4 = resizeDesign(CARD, { width: 595.28, height: 841.89, unit: 'pt' }, lengthsOf);
  assert.equal(a4.unit, 'pt');
  assert.equal(a4.width, 595.28);
  const l = byName(a4);
  assert.deepEqual([l.bg.width, l.bg.height], [595.28, 841.89]);
  assert.deepEqual(validateDesign(a4).problems, []);
});

test('converting the unit keeps the physical size and every length', () => {
  const mm = convertUnit({ ...CARD, width: 960, height: 480, bleed: 12 }, 'mm', lengthsOf);
  assert.equal(mm.bleed, 3.175);
  assert.equal(mm.unit, 'mm');
  assert.equal(mm.width, 254);
  assert.equal(mm.height, 127);
  const title = byName(mm).title;
  assert.ok(Math.abs((title.font_size as number) - 64 * (25.4 / 96)) < 1e-9);
  const back = convertUnit(mm, 'px', lengthsOf);
  assert.equal(back.unit, undefined);
  assert.equal(back.width, 960);
  assert.ok(Math.abs(byName(back).logo.x - 40) < 1e-9);
});
