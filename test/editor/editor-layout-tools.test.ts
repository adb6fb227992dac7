// The editor's layout geometry (web/src/editor/align.ts, groups.ts, guides.ts): align and
// distribute over units (a group is one), rotated bounds, group/ungroup, the layers panel's
// nesting, guides and print guides, ruler ticks.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { align, applyMoves, boundsOf, distribute } from '../../web/src/editor/align.ts';
import { group, layerRows, ungroup, withGroups } from '../../web/src/editor/groups.ts';
import { printGuides, rulerTicks, withGuides } from '../../web/src/editor/guides.ts';
import type { Design, Layer } from '../../web/src/api.ts';

const box = (name: string, x: number, y: number, w = 10, h = 10, extra = {}): Layer => ({
  name,
  type: 'shape',
  x,
  y,
  width: w,
  height: h,
  ...extra,
});
const page = { x: 0, y: 0, width: 200, height: 100 };
const at = (ls: Layer[]) => Object.fromEntries(ls.map((l) => [l.name, [l.x, l.y]]));

describe('align', () => {
  const three = [box('a', 10, 10, 20, 10), box('b', 50, 40, 40, 20), box('c', 120, 70, 10, 10)];
  test('to the selection: left, centre, right, top, middle, bottom of its box', () => {
    assert.deepEqual(at(applyMoves(three, align(three, 'left'))), {
      a: [10, 10],
      b: [10, 40],
      c: [10, 70],
    });
    // The selection spans x 10–130: its centre is 70.
    assert.deepEqual(at(applyMoves(three, align(three, 'center'))), {
      a: [60, 10],
      b: [50, 40],
      c: [65, 70],
    });
    assert.deepEqual(at(applyMoves(three, align(three, 'right'))).b, [90, 40]);
    assert.deepEqual(at(applyMoves(three, align(three, 'top'))).c, [120, 10]);
    assert.deepEqual(at(applyMoves(three, align(three, 'middle'))).b, [50, 35]);
    assert.deepEqual(at(applyMoves(three, align(three, 'bottom'))).a, [10, 70]);
  });
  test('to the page: its centre and middle', () => {
    const moved = at(applyMoves(three, align(three, 'center', page)));
    assert.deepEqual(moved, { a: [90, 10], b: [80, 40], c: [95, 70] });
    assert.deepEqual(at(applyMoves(three, align(three, 'middle', page))).b, [50, 40]);
    // One layer aligns to the page too; to its own box nothing moves.
    assert.deepEqual(at(applyMoves([three[0]], align([three[0]], 'right', page))).a, [180, 10]);
    assert.deepEqual(at(applyMoves([three[0]], align([three[0]], 'right'))).a, [10, 10]);
  });
  test('a rotated layer aligns by its bounding box on the page', () => {
    const r = box('r', 50, 50, 40, 20, { rotation: 90 });
    assert.deepEqual(boundsOf(r), { x: 60, y: 40, width: 20, height: 40 });
    assert.deepEqual(at(applyMoves([r], align([r], 'left', page))).r, [-10, 50]);
  });
  test('a group moves as one unit', () => {
    const ls = [
      box('a', 10, 10, 10, 10, { group: 'g' }),
      box('b', 40, 10, 10, 10, { group: 'g' }),
      box('c', 100, 50, 10, 10),
    ];
    // The group spans 10–50; on the page's centre (100) it spans 80–120.
    assert.deepEqual(at(applyMoves(ls, align(ls, 'center', page))), {
      a: [80, 10],
      b: [110, 10],
      c: [95, 50],
    });
  });
  test('moves round to the design step', () => {
    const ls = [box('a', 0, 0, 3, 3)];
    assert.deepEqual(at(applyMoves(ls, align(ls, 'center', page, 1))).a, [99, 0]);
    assert.deepEqual(at(applyMoves(ls, align(ls, 'center', page, 0.01))).a, [98.5, 0]);
  });
});

describe('distribute', () => {
  test('equal gaps between the outer layers, in order of position', () => {
    const ls = [box('a', 0, 0, 10), box('c', 90, 0, 10), box('b', 20, 0, 30)];
    const moved = applyMoves(ls, distribute(ls, 'horizontal'));
    // Span 0–100, sizes 10+30+10: two gaps of 25.
    assert.deepEqual(at(moved), { a: [0, 0], b: [35, 0], c: [90, 0] });
  });
  test('vertically, and over the page', () => {
    const ls = [box('a', 0, 0), box('b', 0, 20), box('c', 0, 30)];
    assert.deepEqual(at(applyMoves(ls, distribute(ls, 'vertical', page))), {
      a: [0, 0],
      b: [0, 45],
      c: [0, 90],
    });
  });
  test('needs three units (two with the page)', () => {
    const two = [box('a', 0, 0), box('b', 50, 0)];
    assert.equal(distribute(two, 'horizontal').size, 0);
    assert.deepEqual(at(applyMoves(two, distribute(two, 'horizontal', page))).b, [190, 0]);
  });
});

describe('groups', () => {
  const ls = [box('a', 0, 0), box('b', 0, 0), box('c', 0, 0), box('d', 0, 0)];
  test('group names the layers; selecting one layer selects its group', () => {
    const { layers, name } = group(ls, ['a', 'c']);
    assert.equal(name, 'group');
    assert.deepEqual(
      layers.map((l) => l.group),
      ['group', undefined, 'group', undefined],
    );
    assert.deepEqual(withGroups(layers, ['c']), ['c', 'a']);
    // A second group gets a name of its own; grouping a member with another merges.
    const second = group(layers, ['b', 'd']);
    assert.equal(second.name, 'group_2');
    assert.equal(group(ls, ['a']).name, undefined, 'one layer is no group');
    const merged = group(second.layers, ['a', 'b']).layers;
    assert.equal(new Set(merged.map((l) => l.group)).size, 1);
  });
  test('ungroup removes the property from every layer of the group', () => {
    const { layers } = group(ls, ['a', 'b']);
    const back = ungroup(layers, ['a']);
    assert.deepEqual(back, ls);
  });
  test('the layers panel nests a group where its topmost layer is', () => {
    const { layers } = group(ls, ['a', 'c']);
    const rows = layerRows(layers).map((r) =>
      r.kind === 'group' ? `[${r.group}]` : `${r.group ? '  ' : ''}${r.layer.name}`,
    );
    assert.deepEqual(rows, ['d', '[group]', '  c', '  a', 'b']);
  });
});

describe('guides', () => {
  const d: Design = { width: 210, height: 297, background: null, layers: [], unit: 'mm' };
  test('withGuides keeps them sorted and drops an empty field', () => {
    const one = withGuides(d, 'vertical', [105, 20, 105]);
    assert.deepEqual(one.guides, { vertical: [20, 105] });
    assert.equal('guides' in withGuides(one, 'vertical', []), false);
  });
  test('print guides: 3 mm bleed and 5 mm margin in the design unit; none in px', () => {
    assert.deepEqual(printGuides(d), { bleed: 3, margin: 5 });
    assert.deepEqual(printGuides({ ...d, unit: 'in' }), { bleed: 0.118, margin: 0.197 });
    assert.deepEqual(printGuides({ ...d, bleed: 2 }), { bleed: 2, margin: 5 });
    assert.equal(printGuides({ ...d, unit: undefined }), null);
    assert.equal(printGuides({ ...d, unit: 'px' }), null);
  });
  test('ruler ticks step by 1, 2 or 5 × 10^n and leave room for labels', () => {
    assert.deepEqual(rulerTicks(1200, 0.5).step, 100);
    assert.deepEqual(rulerTicks(210, 3).step, 20);
    const { ticks } = rulerTicks(300, 1);
    assert.deepEqual(ticks, [0, 50, 100, 150, 200, 250, 300]);
  });
});
