// The History panel's comparison (web/src/editor/design-diff.ts): canvas properties, layers
// added, removed, moved in the drawing order, and property changes with both values.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { diffDesigns, sameValue, showValue } from '../../web/src/editor/design-diff.ts';
import type { Design, Layer } from '../../web/src/api.ts';

const layer = (name: string, extra: Record<string, unknown> = {}): Layer => ({
  name,
  type: 'text',
  x: 0,
  y: 0,
  width: 10,
  height: 10,
  ...extra,
});
const design = (layers: Layer[], extra: Record<string, unknown> = {}): Design => ({
  width: 100,
  height: 100,
  background: '#ffffff',
  layers,
  ...extra,
});

test('equal designs have no differences, whatever the key order', () => {
  const a = design([layer('a', { text: 'Hi', shadow: { x: 1, y: 2 } })]);
  const b = design([{ shadow: { y: 2, x: 1 }, ...layer('a', { text: 'Hi' }) }]);
  assert.deepEqual(diffDesigns(a, b), { canvas: [], layers: [] });
  assert.ok(sameValue([1, { a: 1 }], [1, { a: 1 }]));
  assert.ok(!sameValue([1, 2], [2, 1]));
  assert.ok(!sameValue({ a: 1 }, { a: 1, b: 2 }));
  assert.ok(sameValue({ a: 1, b: undefined }, { a: 1 }));
});

test('canvas and layer property changes list both values', () => {
  const a = design([layer('title', { text: 'Hello', font_size: 40 }), layer('logo')]);
  const b = design(
    [layer('title', { text: 'Bye', font_size: 40, text_color: '#ff0000' }), layer('logo')],
    {
      width: 200,
      background: null,
    },
  );
  const diff = diffDesigns(a, b);
  assert.deepEqual(diff.canvas, [
    { property: 'width', before: 100, after: 200 },
    { property: 'background', before: '#ffffff', after: null },
  ]);
  assert.deepEqual(diff.layers, [
    {
      layer: 'title',
      kind: 'changed',
      type: 'text',
      changes: [
        { property: 'text', before: 'Hello', after: 'Bye' },
        { property: 'text_color', before: undefined, after: '#ff0000' },
      ],
    },
  ]);
});

test('added, removed and reordered layers; an added layer moves no other', () => {
  const a = design([layer('bg'), layer('title'), layer('old')]);
  const b = design([layer('title'), layer('bg'), layer('new', { type: 'shape' })]);
  const diff = diffDesigns(a, b);
  // Top first, as the layers panel lists them; removed ones last.
  assert.deepEqual(diff.layers, [
    { layer: 'new', kind: 'added', type: 'shape' },
    { layer: 'bg', kind: 'changed', type: 'text', changes: [], order: { before: 0, after: 1 } },
    { layer: 'title', kind: 'changed', type: 'text', changes: [], order: { before: 1, after: 0 } },
    { layer: 'old', kind: 'removed', type: 'text' },
  ]);
  const c = design([layer('bg'), layer('title'), layer('top')]);
  const d = design([layer('bg'), layer('extra'), layer('title'), layer('top')]);
  assert.deepEqual(diffDesigns(c, d).layers, [{ layer: 'extra', kind: 'added', type: 'text' }]);
});

test('values are shown short', () => {
  assert.equal(showValue(undefined), 'not set');
  assert.equal(showValue('Hi'), '"Hi"');
  assert.equal(showValue(12), '12');
  assert.equal(showValue({ a: 'x'.repeat(100) }, 20).length, 20);
});
