// The editor's colour swatches for the colours CSS cannot paint (web/src/editor/swatch-color.ts):
// cmyk() and spot() values, typed into a colour field, show their CMYK (for a spot, its
// alternate's) RGB instead of an empty swatch.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { inkSwatch, paintable } from '../../web/src/editor/swatch-color.ts';

test('a spot colour shows its alternate, in every spelling the server takes', () => {
  const red = 'rgb(245, 0, 47)';
  assert.equal(paintable('spot("PANTONE 185 C",0,100,81,4)'), red);
  assert.equal(paintable(' spot("PANTONE 185 C", 0, 100, 81, 4) '), red);
  assert.equal(paintable("SPOT('PANTONE 185 C' 0% 100% 81% 4%)"), red);
  assert.equal(inkSwatch('spot("Black",0,0,0,100)'), 'rgb(0, 0, 0)');
});

test('a cmyk() colour shows its RGB; other values are left to CSS', () => {
  assert.equal(paintable('cmyk(0,0,0,0)'), 'rgb(255, 255, 255)');
  assert.equal(inkSwatch('cmyk(100%, 0%, 0%, 50%)'), 'rgb(0, 128, 128)');
  for (const v of [
    'spot(PANTONE,0,0,0,0)',
    'spot("a",0,0,0)',
    'cmyk(0,101,0,0)',
    '#ff0000',
    'red',
  ]) {
    assert.equal(inkSwatch(v), undefined, v);
  }
  // CSS is absent here: what it would read is not painted.
  assert.equal(paintable('none'), 'transparent');
});
