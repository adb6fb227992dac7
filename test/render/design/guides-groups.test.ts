/** A design's ruler guides (`guides`) and a layer's `group`: checked, normalised, kept. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { validateDesign } from '../../../src/render/design/validate-design.ts';
import { MAX_GUIDES } from '../../../src/render/design/design-guides.ts';
import { MAX_GROUP_LENGTH } from '../../../src/render/design/common-props.ts';

const box = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  type: 'shape',
  x: 0,
  y: 0,
  width: 10,
  height: 10,
  ...extra,
});
const base = { width: 600, height: 400, background: '#ffffff', layers: [box('a')] };
const paths = (input: unknown) => validateDesign(input).problems.map((p) => p.path);

describe('guides', () => {
  it('are kept sorted without repeats; empty or null guides are dropped', () => {
    const { design } = validateDesign({
      ...base,
      guides: { vertical: [300, 20.5, 300], horizontal: [] },
    });
    assert.deepEqual(design?.guides, { vertical: [20.5, 300] });
    assert.equal(validateDesign({ ...base, guides: null }).design?.guides, undefined);
    assert.equal(validateDesign({ ...base, guides: { vertical: [] } }).design?.guides, undefined);
    assert.equal(validateDesign(base).design?.guides, undefined);
  });

  it('refuse a bad shape, axis, position or count, naming the field', () => {
    assert.deepEqual(paths({ ...base, guides: [1, 2] }), ['guides']);
    assert.deepEqual(paths({ ...base, guides: { diagonal: [1] } }), ['guides.diagonal']);
    assert.deepEqual(paths({ ...base, guides: { vertical: 5 } }), ['guides.vertical']);
    assert.deepEqual(paths({ ...base, guides: { horizontal: [1, '2'] } }), ['guides.horizontal.1']);
    assert.deepEqual(paths({ ...base, guides: { vertical: [1e9] } }), ['guides.vertical.0']);
    const many = Array.from({ length: MAX_GUIDES + 1 }, (_, i) => i);
    assert.deepEqual(paths({ ...base, guides: { vertical: many } }), ['guides.vertical']);
  });
});

describe('group', () => {
  it('is kept trimmed on the layer; blank or null is no group', () => {
    const { design, problems } = validateDesign({
      ...base,
      layers: [box('a', { group: ' header ' }), box('b', { group: '' }), box('c', { group: null })],
    });
    assert.deepEqual(problems, []);
    assert.equal(design?.layers[0].group, 'header');
    assert.equal('group' in design!.layers[1], false);
    assert.equal('group' in design!.layers[2], false);
  });

  it('refuses a non-string or an overlong name at layers.N.group', () => {
    assert.deepEqual(paths({ ...base, layers: [box('a', { group: 3 })] }), ['layers.0.group']);
    const long = 'g'.repeat(MAX_GROUP_LENGTH + 1);
    assert.deepEqual(paths({ ...base, layers: [box('a', { group: long })] }), ['layers.0.group']);
  });
});
