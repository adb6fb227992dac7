/** Colour parsing: every accepted spelling normalises to #rrggbb or #rrggbbaa; others are refused. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hasAlpha, isTransparent, parseColor } from '../../../src/render/design/color.ts';

describe('parseColor', () => {
  const cases: Array<[unknown, string | undefined]> = [
    ['#F59E0B', '#f59e0b'],
    ['#abc', '#aabbcc'],
    ['#abcd', '#aabbccdd'],
    ['#11223344', '#11223344'],
    ['#112233ff', '#112233'],
    [' red ', '#ff0000'],
    ['RebeccaPurple', '#663399'],
    ['transparent', '#00000000'],
    ['rgb(255, 0, 128)', '#ff0080'],
    ['rgba(0,0,0,0.5)', '#00000080'],
    ['rgb(100% 0% 0% / 50%)', '#ff000080'],
    ['#12345', undefined],
    ['#ggg', undefined],
    ['rgb(300,0,0)', undefined],
    ['rgb(1,2)', undefined],
    ['blurple', undefined],
    [0xff0000, undefined],
    [null, undefined],
  ];
  for (const [input, expected] of cases) {
    it(`${JSON.stringify(input)} → ${expected}`, () => assert.equal(parseColor(input), expected));
  }

  it('tells transparent and translucent colours apart', () => {
    assert.equal(isTransparent('#00000000'), true);
    assert.equal(isTransparent(null), true);
    assert.equal(isTransparent('#00000001'), false);
    assert.equal(hasAlpha('#ff000080'), true);
    assert.equal(hasAlpha('#ff0000'), false);
  });
});
