/**
 * Line layers: the checks of `dash`, `line_cap` and `direction` (normalised values, problems
 * naming the field), lengths in a physical design's unit, and where the stroke lands (pixel
 * probes: caps kept inside the box, dash gaps empty, diagonals corner to corner). The golden
 * scene test/render/cases/line covers the look, and the PNG/PDF agreement test runs it too.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validateDesign } from '../../../src/render/design/validate-design.ts';
import { toPixelDesign } from '../../../src/render/design/units.ts';
import { lineEnds } from '../../../src/render/layers/shape/line.ts';
import { decodeRgba } from '../../helpers/golden.ts';
import { renderScene } from './render-scene.ts';

const line = (props: Record<string, unknown>) => ({
  width: 200,
  height: 100,
  background: '#ffffff',
  layers: [
    {
      name: 'rule',
      type: 'line',
      x: 20,
      y: 40,
      width: 160,
      height: 20,
      color: '#000000',
      ...props,
    },
  ],
});

/** True when the pixel at (x, y) is dark (the stroke). */
async function darkAt(png: Buffer, points: Array<[number, number]>): Promise<boolean[]> {
  const { data, width } = await decodeRgba(png);
  return points.map(([x, y]) => data[(y * width + x) * 4] < 100);
}

describe('line layer', () => {
  it('normalises dash (array or string) and fills defaults', () => {
    const { design, problems } = validateDesign(line({ dash: '12, 6 4' }));
    assert.deepEqual(problems, []);
    const l = design!.layers[0];
    assert.deepEqual(l.dash, [12, 6, 4]);
    assert.equal(l.line_cap, 'butt');
    assert.equal(l.direction, 'horizontal');
    assert.equal(l.stroke_width, 4);
    for (const solid of [null, '', [], undefined]) {
      const r = validateDesign(line({ dash: solid }));
      assert.deepEqual(r.problems, []);
      assert.equal(r.design!.layers[0].dash, null);
    }
    assert.deepEqual(validateDesign(line({ dash: ['8px', 2] })).design!.layers[0].dash, [8, 2]);
  });

  it('refuses bad dash, caps and directions with problems naming the field', () => {
    for (const dash of ['a b', [-1, 4], [0, 0], { dash: 1 }, 7, Array(17).fill(2), [20_000]]) {
      const { problems } = validateDesign(line({ dash }));
      assert.equal(problems.length, 1, JSON.stringify(dash));
      assert.equal(problems[0].path, 'layers.0.dash');
      assert.match(problems[0].message, /^must be null for a solid line, or dash and gap lengths/);
    }
    const caps = validateDesign(line({ line_cap: 'pointy', direction: 'sideways' })).problems;
    assert.deepEqual(
      caps.map((p) => p.path),
      ['layers.0.direction', 'layers.0.line_cap'],
    );
    assert.match(caps[1].message, /butt.*round.*square/);
  });

  it('reads dash lengths in a physical design unit and scales them to pixels', () => {
    const { design, problems } = validateDesign({
      ...line({ dash: '2 1', stroke_width: 1 }),
      unit: 'mm',
      width: 100,
      height: 50,
    });
    assert.deepEqual(problems, []);
    const px = toPixelDesign(design!).layers[0];
    assert.ok(Math.abs((px.dash as number[])[0] - 2 * (96 / 25.4)) < 1e-9);
    assert.ok(Math.abs((px.stroke_width as number) - 96 / 25.4) < 1e-9);
  });

  it('keeps round and square caps inside the box; butt ends at its edges', () => {
    assert.deepEqual(lineEnds('horizontal', 100, 20, 5), [5, 10, 95, 10]);
    assert.deepEqual(lineEnds('vertical', 20, 100, 0), [10, 0, 10, 100]);
    assert.deepEqual(lineEnds('up', 30, 40, 0), [0, 40, 30, 0]);
    const [x0, y0] = lineEnds('down', 30, 40, 5);
    assert.ok(Math.abs(x0 - 3) < 1e-9 && Math.abs(y0 - 4) < 1e-9);
    // Shorter than its caps: a dot in the middle.
    assert.deepEqual(lineEnds('horizontal', 6, 10, 5), [3, 5, 3, 5]);
  });

  it('draws the stroke where the spec says (pixel probes)', async () => {
    // Horizontal, 10 px wide, round caps: inside the box from x=20 to 180 at y=50.
    const round = await renderScene(line({ stroke_width: 10, line_cap: 'round' }));
    assert.deepEqual(
      await darkAt(round, [
        [22, 50],
        [100, 50],
        [178, 50],
        [100, 46],
        [100, 40],
        [18, 50],
        [182, 50],
      ]),
      [true, true, true, true, false, false, false],
    );
    // Dash 20 on, 20 off from the left end (x=20): dashes at 20–40, 60–80; gaps at 40–60.
    const dashed = await renderScene(line({ stroke_width: 6, dash: [20, 20] }));
    assert.deepEqual(
      await darkAt(dashed, [
        [30, 50],
        [50, 50],
        [70, 50],
        [90, 50],
      ]),
      [true, false, true, false],
    );
    // Down: through the box's corners and centre, not the other diagonal.
    const down = await renderScene(
      line({ direction: 'down', stroke_width: 6, x: 50, y: 0, width: 100, height: 100 }),
    );
    assert.deepEqual(
      await darkAt(down, [
        [52, 2],
        [100, 50],
        [147, 97],
        [147, 2],
        [52, 97],
      ]),
      [true, true, true, false, false],
    );
    // No stroke: nothing drawn.
    const none = await renderScene(line({ stroke_width: 0 }));
    assert.deepEqual(await darkAt(none, [[100, 50]]), [false]);
  });
});
