/**
 * Text layer values (URL queries, forms) get the JSON types the layer registry wants: numbers and
 * booleans only where a type refuses the string, text wherever text is accepted.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyLayerData, coerceLayerValues } from '../../../src/render/design/index.ts';
import type { Design } from '../../../src/render/types.ts';

const design: Design = {
  width: 400,
  height: 200,
  background: '#ffffff',
  layers: [
    { name: 'title', type: 'text', x: 0, y: 0, width: 400, height: 50, text: 'Hi' },
    { name: 'box', type: 'shape', x: 0, y: 60, width: 50, height: 50 },
    { name: 'code', type: 'barcode', x: 100, y: 60, width: 80, height: 80, value: 'x' },
  ],
} as Design;

describe('coerceLayerValues', () => {
  it('makes numbers and booleans of text where the type wants them', () => {
    const out = coerceLayerValues(design, {
      title: {
        line_height: '1.5',
        max_lines: '2',
        auto_fit: 'true',
        hide: '1',
        opacity: '50',
        rotation: '-12.5',
      },
      box: { hide: 'FALSE', opacity: '0' },
    });
    assert.deepEqual(out, {
      title: {
        line_height: 1.5,
        max_lines: 2,
        auto_fit: true,
        hide: true,
        opacity: 50,
        rotation: -12.5,
      },
      box: { hide: false, opacity: 0 },
    });
    assert.deepEqual(applyLayerData(design, out).problems, []);
  });

  it('keeps text where text is accepted: texts, barcode values, colours, lengths', () => {
    const data = {
      title: { text: '42', text_color: '#ff0000' },
      code: { value: '1' },
      box: { x: '+10px', width: '50%' },
    };
    assert.deepEqual(coerceLayerValues(design, data), data);
  });

  it('keeps values no reading fits, unknown layers and non-strings as given', () => {
    const data = {
      title: { opacity: 'half', max_lines: '2,5', hide: 'maybe', rotation: 15 },
      nosuch: { text: '1' },
    };
    const out = coerceLayerValues(design, data);
    assert.deepEqual(out, data);
    const paths = applyLayerData(design, out)
      .problems.map((p) => p.path)
      .sort();
    assert.deepEqual(paths, [
      'layers.title.hide',
      'layers.title.max_lines',
      'layers.title.opacity',
    ]);
  });
});
