/** Stored design validation: canvas, common props, names, types, per-type props and listings. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { listedLayers } from '../../../src/render/design/listed-layers.ts';
import { validateDesign } from '../../../src/render/design/validate-design.ts';

const base = { width: 600, height: 400, background: '#1e293b' };
const byPath = (problems: Array<{ path: string; message: string }>) =>
  Object.fromEntries(problems.map((p) => [p.path, p.message]));

describe('validateDesign', () => {
  it('accepts a design and fills defaults in a normalised copy', () => {
    const input = {
      ...base,
      layers: [
        {
          name: 'box',
          type: 'shape',
          x: '10px',
          y: 20,
          width: 100,
          height: 50,
          background_color: '#ABC',
        },
      ],
    };
    const { design, problems } = validateDesign(input);
    assert.deepEqual(problems, []);
    assert.deepEqual(design?.layers[0], {
      name: 'box',
      type: 'shape',
      x: 10,
      y: 20,
      width: 100,
      height: 50,
      rotation: 0,
      opacity: 100,
      hide: false,
      link_target: null,
      shape: 'rectangle',
      background_color: '#aabbcc',
      border_color: null,
      border_width: 0,
      border_radius: 0,
      svg: null,
    });
    assert.equal(input.layers[0].x, '10px', 'the input is not mutated');
  });

  it('background: absent means white, null/"transparent" mean transparent', () => {
    assert.equal(validateDesign({ width: 10, height: 10 }).design?.background, '#ffffff');
    assert.equal(
      validateDesign({ width: 10, height: 10, background: null }).design?.background,
      null,
    );
    assert.equal(
      validateDesign({ width: 10, height: 10, background: 'transparent' }).design?.background,
      null,
    );
    assert.equal(
      validateDesign({ width: 10, height: 10, background: '#ff000080' }).design?.background,
      '#ff000080',
    );
  });

  it('refuses bad canvas values with their paths', () => {
    const p = byPath(
      validateDesign({ width: 0, height: 16001.5, background: 'nope', layers: {} }).problems,
    );
    assert.match(p.width, /integer from 1 to 16000.*received 0/);
    assert.match(p.height, /received 16001.5/);
    assert.match(p.background, /colour.*null for transparent/);
    assert.match(p.layers, /array/);
    assert.match(byPath(validateDesign('x').problems).design, /object/);
    assert.equal(validateDesign({ width: 16000, height: 1 }).problems.length, 0);
  });

  it('names layer problems by index: names, unique names, types, common and type props', () => {
    const { problems, design } = validateDesign({
      ...base,
      layers: [
        { name: 'a', type: 'shape', x: 0, y: 0, width: 10, height: 10 },
        { name: 'a', type: 'shape', x: 0, y: 0, width: 10, height: 10 },
        { name: '', type: 'shape', x: 0, y: 0, width: 10, height: 10 },
        { name: 'v', type: 'video', x: 0, y: 0, width: 10, height: 10 },
        {
          name: 'g',
          type: 'picture',
          x: 'left',
          y: 0,
          width: -1,
          height: 10,
          opacity: 101,
          rotation: 400,
        },
        { name: 'r', type: 'rating', x: 0, y: 0, width: 10, height: 10, max: 7, border_width: 2 },
        {
          name: 's',
          type: 'shape',
          x: 0,
          y: 0,
          width: 10,
          height: 10,
          shape: 'triangle',
          border_width: -2,
        },
        'not a layer',
      ],
    });
    assert.equal(design, undefined);
    const p = byPath(problems);
    assert.match(p['layers.1.name'], /unique.*"a"/);
    assert.match(p['layers.2.name'], /non-empty string/);
    assert.match(p['layers.3.type'], /one of "text"|one of "picture"/);
    assert.match(p['layers.3.type'], /"shape".*"rectangle".*received "video"/);
    assert.match(p['layers.4.x'], /received "left"/);
    assert.match(p['layers.4.width'], /from 0 to 100000; received -1/);
    assert.match(p['layers.4.opacity'], /0 to 100/);
    assert.match(p['layers.4.rotation'], /-360 to 360/);
    assert.match(p['layers.5.max'], /5 or 10; received 7/);
    assert.match(p['layers.6.shape'], /"rectangle", "ellipse".*received "triangle"/);
    assert.match(p['layers.6.border_width'], /length in px from 0/);
    assert.match(p['layers.7'], /layer object/);
  });

  it('accepts type aliases: rectangle, ellipse and qrcode', () => {
    const { design, problems } = validateDesign({
      ...base,
      layers: [
        { name: 'r', type: 'rectangle', x: 0, y: 0, width: 1, height: 1 },
        { name: 'e', type: 'ellipse', x: 0, y: 0, width: 1, height: 1 },
        { name: 'q', type: 'qrcode', x: 0, y: 0, width: 1, height: 1, value: 'hi' },
      ],
    });
    assert.deepEqual(problems, []);
    assert.deepEqual(
      design?.layers.map((l) => [l.type, l.shape ?? l.format]),
      [
        ['shape', 'rectangle'],
        ['shape', 'ellipse'],
        ['barcode', 'qrcode'],
      ],
    );
  });

  it('listedLayers reports shapes as shape (Placid client type names), the others by type', () => {
    const { design } = validateDesign({
      ...base,
      layers: [
        { name: 's', type: 'shape', x: 0, y: 0, width: 1, height: 1 },
        { name: 'p', type: 'picture', x: 0, y: 0, width: 1, height: 1 },
        { name: 'b', type: 'browserframe', x: 0, y: 0, width: 1, height: 1 },
        { name: 'q', type: 'barcode', x: 0, y: 0, width: 1, height: 1 },
        { name: 'r', type: 'rating', x: 0, y: 0, width: 1, height: 1 },
      ],
    });
    assert.deepEqual(listedLayers(design!), [
      { name: 's', type: 'shape' },
      { name: 'p', type: 'picture' },
      { name: 'b', type: 'browserframe' },
      { name: 'q', type: 'barcode' },
      { name: 'r', type: 'rating' },
    ]);
  });

  it('link_target takes http(s)/mailto URLs only', () => {
    const one = (link_target: unknown) =>
      validateDesign({
        ...base,
        layers: [{ name: 'l', type: 'shape', x: 0, y: 0, width: 1, height: 1, link_target }],
      });
    assert.equal(one('https://example.com/x').problems.length, 0);
    assert.equal(one('mailto:a@b.c').problems.length, 0);
    assert.equal(one(null).problems.length, 0);
    assert.equal(one('file:///etc/passwd').problems[0].path, 'layers.0.link_target');
    assert.equal(one('not a url').problems.length, 1);
  });
});
