/**
 * The text layer's validate(): bad values give problems at the JSON path that say what is
 * allowed and what was received; good values are normalised (stored designs and request data).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyLayerData } from '../../../src/render/design/apply-layer-data.ts';
import { validateDesign } from '../../../src/render/design/validate-design.ts';
import type { Design } from '../../../src/render/types.ts';

const design = (props: Record<string, unknown>) => ({
  width: 300,
  height: 200,
  background: '#ffffff',
  layers: [
    { name: 'bg', type: 'shape', x: 0, y: 0, width: 10, height: 10 },
    { name: 'title', type: 'text', x: 0, y: 0, width: 300, height: 100, ...props },
  ],
});

const problemsOf = (props: Record<string, unknown>) => validateDesign(design(props)).problems;

describe('text layer validation', () => {
  it('accepts a full set of good props and normalises them', () => {
    const { design: d, problems } = validateDesign(
      design({
        text: 'Hello *world*',
        font: ' DejaVu Serif ',
        font_size: '32px',
        font_weight: 'bold',
        font_style: 'Italic',
        text_color: '#FFF',
        alt_text_color: 'red',
        alt_font: null,
        align: 'justify',
        vertical_align: 'center',
        line_height: 1.5,
        letter_spacing: '-1.5px',
        text_transform: 'UPPERCASE',
        max_lines: 3,
        auto_fit: true,
        min_font_size: 10,
      }),
    );
    assert.deepEqual(problems, []);
    const t = d!.layers[1];
    assert.equal(t.font, 'DejaVu Serif');
    assert.equal(t.font_size, 32);
    assert.equal(t.font_weight, 700);
    assert.equal(t.font_style, 'italic');
    assert.equal(t.text_color, '#ffffff');
    assert.equal(t.alt_text_color, '#ff0000');
    assert.equal(t.vertical_align, 'middle');
    assert.equal(t.letter_spacing, -1.5);
    assert.equal(t.text_transform, 'uppercase');
  });

  it('fills in the documented defaults', () => {
    const { design: d } = validateDesign(design({}));
    const t = d!.layers[1];
    assert.equal(t.text, '');
    assert.equal(t.font, null);
    assert.equal(t.font_size, 16);
    assert.equal(t.font_weight, 400);
    assert.equal(t.text_color, '#000000');
    assert.equal(t.align, 'left');
    assert.equal(t.vertical_align, 'top');
    assert.equal(t.line_height, 1.2);
    assert.equal(t.max_lines, 0);
    assert.equal(t.auto_fit, false);
    assert.equal(t.min_font_size, 8);
  });

  it('names the path, what is allowed and what was received', () => {
    const problems = problemsOf({
      text: { not: 'text' },
      font_size: 'huge',
      font_weight: 'heavy-ish',
      text_color: 'not-a-colour',
      align: 'middle',
      vertical_align: 'left',
      line_height: -1,
      letter_spacing: 'wide',
      text_transform: 'capitalise',
      max_lines: 1.5,
      auto_fit: 'yes',
      min_font_size: 0,
      font: 42,
    });
    const byPath = new Map(problems.map((p) => [p.path, p.message]));
    const expect = (path: string, ...parts: string[]) => {
      const msg = byPath.get(path);
      assert.ok(msg, `a problem at ${path} (got ${[...byPath.keys()].join(', ')})`);
      for (const part of parts) assert.ok(msg.includes(part), `${path}: "${msg}" mentions ${part}`);
    };
    expect('layers.1.text', 'string', '{"not":"text"}');
    expect('layers.1.font_size', 'px', '"huge"');
    expect('layers.1.font_weight', '"bold"', '"heavy-ish"');
    expect('layers.1.text_color', '#RRGGBB', '"not-a-colour"');
    expect('layers.1.align', '"justify"', '"middle"');
    expect('layers.1.vertical_align', '"bottom"', '"left"');
    expect('layers.1.line_height', 'number', '-1');
    expect('layers.1.letter_spacing', 'px', '"wide"');
    expect('layers.1.text_transform', '"uppercase"', '"capitalise"');
    expect('layers.1.max_lines', 'integer', '1.5');
    expect('layers.1.auto_fit', 'true or false', '"yes"');
    expect('layers.1.min_font_size', 'px', '0');
    expect('layers.1.font', 'font uuid', '42');
  });

  it('checks request data per layer name, and ignores unknown layers', () => {
    const { design: d } = validateDesign(design({ text: 'stored' }));
    const ok = applyLayerData(d as Design, {
      title: { text: 'from the request', fontFamily: 'DejaVu Sans Mono', text_color: '#123456' },
      nobody: { text: 'ignored' },
    });
    assert.deepEqual(ok.problems, []);
    const t = ok.design.layers[1];
    assert.equal(t.text, 'from the request');
    assert.equal(t.font, 'DejaVu Sans Mono');
    const bad = applyLayerData(d as Design, { title: { font_size: -3, text_color: 12 } });
    const paths = bad.problems.map((p) => p.path).sort();
    assert.deepEqual(paths, ['layers.title.font_size', 'layers.title.text_color']);
  });
});
