/** Request layer data over a stored design: patches, the geometry grammar and error paths. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { applyLayerData } from '../../../src/render/design/apply-layer-data.ts';
import { collectAssetUrls } from '../../../src/render/design/collect-asset-urls.ts';
import { validateDesign } from '../../../src/render/design/validate-design.ts';
import type { Design } from '../../../src/render/types.ts';

function stored(): Design {
  const { design, problems } = validateDesign({
    width: 400,
    height: 300,
    background: '#ffffff',
    layers: [
      {
        name: 'box',
        type: 'shape',
        x: 100,
        y: 50,
        width: 200,
        height: 80,
        background_color: '#ff0000',
      },
      {
        name: 'photo',
        type: 'picture',
        x: 0,
        y: 150,
        width: 120,
        height: 90,
        image: 'https://a.test/1.jpg',
      },
      { name: 'stars', type: 'rating', x: 0, y: 0, width: 100, height: 20, value: 2 },
      { name: 'qr', type: 'barcode', x: 300, y: 200, width: 90, height: 90, value: 'x' },
    ],
  });
  assert.deepEqual(problems, []);
  return design as Design;
}
const layer = (d: Design, name: string) => d.layers.find((l) => l.name === name)!;

/**
 * A design as saved before picture layers had their current defaults (no object_fit, no
 * opacity): one bare 10×10 picture layer per name, the i-th at (5i, 5i), showing https://a.test/<name>.png.
 */
function savedBeforeDefaults(...names: string[]): Design {
  return {
    ...stored(),
    layers: names.map((name, i) => ({
      name,
      type: 'picture',
      x: 5 * i,
      y: 5 * i,
      width: 10,
      height: 10,
      image: `https://a.test/${name}.png`,
    })),
  };
}

describe('applyLayerData', () => {
  it('returns the design untouched without data, and leaves unnamed layers alone', () => {
    const d = stored();
    assert.deepEqual(applyLayerData(d, undefined).design, d);
    const { design } = applyLayerData(d, { box: { hide: true } });
    assert.deepEqual(layer(design, 'photo'), layer(d, 'photo'));
    assert.equal(layer(design, 'box').hide, true);
    assert.equal(layer(d, 'box').hide, false, 'the stored design is not mutated');
  });

  it('ignores layer names the template does not have', () => {
    const { design, problems } = applyLayerData(stored(), {
      nope: { text: 'x', width: 'garbage' },
    });
    assert.deepEqual(problems, []);
    assert.deepEqual(
      design.layers.map((l) => l.name),
      ['box', 'photo', 'stars', 'qr'],
    );
  });

  it('applies every position spelling; absolute first, then shifts', () => {
    const apply = (patch: Record<string, unknown>) => {
      const { design, problems } = applyLayerData(stored(), { box: patch });
      assert.deepEqual(problems, []);
      const { x, y } = layer(design, 'box');
      return [x, y];
    };
    assert.deepEqual(apply({ position_x_absolute: '10px', position_y_absolute: '20px' }), [10, 20]);
    assert.deepEqual(
      apply({ position_x_relative: '+10px', position_y_relative: '-10px' }),
      [110, 40],
    );
    assert.deepEqual(apply({ position_x: '+5px', position_y: '5px' }), [105, 5]);
    assert.deepEqual(apply({ position_x_absolute: '10px', position_x_relative: '+5px' }), [15, 50]);
    assert.deepEqual(apply({ x: 7, y: '8px' }), [7, 8]);
    assert.deepEqual(apply({ position_x_absolute: 30, position_y_relative: 30 }), [30, 80]);
  });

  it('resizes with px, signed px and percentages of the stored size', () => {
    const size = (patch: Record<string, unknown>) => {
      const { design, problems } = applyLayerData(stored(), { box: patch });
      assert.deepEqual(problems, []);
      return [layer(design, 'box').width, layer(design, 'box').height];
    };
    assert.deepEqual(size({ width: '50px', height: 40 }), [50, 40]);
    assert.deepEqual(size({ width: '+10px', height: '-10px' }), [210, 70]);
    assert.deepEqual(size({ width: '50%', height: '25%' }), [100, 20]);
  });

  it('patches type props, with the same checks as stored designs', () => {
    const { design, problems } = applyLayerData(stored(), {
      box: { background_color: 'blue', border_radius: '8px' },
      photo: { image: 'https://a.test/2.png', object_fit: 'contain' },
      stars: { value: 4.5 },
    });
    assert.deepEqual(problems, []);
    assert.equal(layer(design, 'box').background_color, '#0000ff');
    assert.equal(layer(design, 'box').border_radius, 8);
    assert.equal(layer(design, 'photo').object_fit, 'contain');
    assert.equal(layer(design, 'stars').value, 4.5);
    assert.deepEqual(collectAssetUrls(design), ['https://a.test/2.png']);
  });

  it('takes a picture URL of spaces only as no picture, like "" (it failed the render)', () => {
    for (const image of ['', '   ']) {
      const { design, problems } = applyLayerData(stored(), { photo: { image } });
      assert.deepEqual(problems, [], JSON.stringify(image));
      assert.equal(layer(design, 'photo').image, null, JSON.stringify(image));
      assert.deepEqual(collectAssetUrls(design), []);
    }
    const { problems } = applyLayerData(stored(), { photo: { image: 'a b' } });
    assert.deepEqual(
      problems.map((p) => p.path),
      ['layers.photo.image'],
    );
  });

  it('describes a number JSON cannot hold (1e309 parses as Infinity) instead of "null"', () => {
    const { problems } = applyLayerData(stored(), { box: { rotation: Infinity } });
    assert.equal(problems.length, 1);
    assert.equal(problems[0].path, 'layers.box.rotation');
    assert.match(problems[0].message, /received a number too large to represent$/);
  });

  it('counts string limits in characters (an emoji is one) and cuts quoted values at one', () => {
    const { design } = validateDesign({
      width: 400,
      height: 300,
      layers: [{ name: 'title', type: 'text', x: 0, y: 0, width: 400, height: 100, text: 'x' }],
    });
    // 5,001 emoji are 10,002 UTF-16 units but 5,001 characters: within the 10,000 allowed.
    const ok = applyLayerData(design!, { title: { text: '😀'.repeat(5001) } });
    assert.deepEqual(ok.problems, []);
    const long = applyLayerData(design!, { title: { text: `a${'😀'.repeat(10_000)}` } });
    assert.equal(long.problems.length, 1);
    const message = long.problems[0].message;
    assert.match(message, /at most 10000 characters; received "a(😀)+\.\.\.$/u);
    assert.doesNotMatch(message, /[\ud800-\udbff](?![\udc00-\udfff])/);
  });

  it('maps fontFamily to font', () => {
    const withText: Design = {
      ...stored(),
      layers: [{ name: 'title', type: 'text', x: 0, y: 0, width: 100, height: 20, text: 'Hi' }],
    };
    const { design } = applyLayerData(withText, { title: { fontFamily: 'abc123' } });
    assert.equal(layer(design, 'title').font, 'abc123');
    assert.equal(layer(design, 'title').fontFamily, undefined);
  });

  it('leaves out properties the layer type does not take (a warning names them)', () => {
    const patch: Record<string, unknown> = { background_color: '#00ff00', fontFamily: 'x' };
    for (let i = 0; i < 1000; i++) patch[`extra${i}`] = i;
    const { design, problems } = applyLayerData(stored(), { box: patch });
    assert.deepEqual(problems, []);
    const box = layer(design, 'box');
    assert.equal(box.background_color, '#00ff00');
    assert.equal(box.extra0, undefined);
    assert.equal(box.font, undefined);
  });

  it('names each bad value at layers.<name>.<prop> with what is allowed and what was received', () => {
    const { problems } = applyLayerData(stored(), {
      box: {
        position_x_relative: 'left',
        width: '+10%',
        height: '-500px',
        opacity: 150,
        rotation: '45deg',
        hide: 'yes',
        background_color: '#zzz',
        link_target: 'javascript:alert(1)',
        type: 'picture',
      },
      photo: { object_fit: 'stretch', object_position: 'middle earth', image: 42 },
      stars: { value: 7 },
      qr: 'not an object' as never,
    });
    const byPath = Object.fromEntries(problems.map((p) => [p.path, p.message]));
    assert.match(byPath['layers.box.position_x_relative'], /offset in px.*received "left"/);
    assert.match(byPath['layers.box.width'], /"50%".*received "\+10%"/);
    assert.match(byPath['layers.box.height'], /-420 px.*received "-500px"/);
    assert.match(byPath['layers.box.opacity'], /from 0 to 100; received 150/);
    assert.match(byPath['layers.box.rotation'], /number.*received "45deg"/);
    assert.match(byPath['layers.box.hide'], /true or false; received "yes"/);
    assert.match(byPath['layers.box.background_color'], /colour.*received "#zzz"/);
    assert.match(byPath['layers.box.link_target'], /http\(s\) or mailto URL/);
    assert.match(byPath['layers.box.type'], /cannot be changed/);
    assert.match(
      byPath['layers.photo.object_fit'],
      /"cover", "contain", "fill".*received "stretch"/,
    );
    assert.match(byPath['layers.photo.object_position'], /focal point.*received "middle earth"/);
    assert.match(byPath['layers.photo.image'], /URL.*received 42/);
    assert.match(byPath['layers.stars.value'], /from 0 to 5.*received 7/);
    assert.match(byPath['layers.qr'], /object of layer properties/);
    assert.equal(problems.length, 14);
  });

  it('refuses layer data that is not an object', () => {
    const { problems } = applyLayerData(stored(), ['box'] as never);
    assert.equal(problems[0].path, 'layers');
  });

  it('fills defaults a stored layer lacks (designs saved before a default existed)', () => {
    const old = savedBeforeDefaults('p');
    const { design, problems } = applyLayerData(old, undefined);
    assert.deepEqual(problems, []);
    assert.equal(layer(design, 'p').object_fit, 'cover');
    assert.equal(layer(design, 'p').opacity, 100);
  });

  it('names the key the request sent when a position or size lands out of range', () => {
    const { problems } = applyLayerData(stored(), {
      box: { position_x_absolute: 1e308, position_y: 1e308 },
      photo: { x: 1e308 },
    });
    assert.deepEqual(
      problems.map((p) => p.path),
      ['layers.box.position_x_absolute', 'layers.box.position_y', 'layers.photo.x'],
    );
    assert.match(problems[0].message, /from -100000 to 100000; received 1e\+308/);
    // A key refused as it was read keeps its own name, even when another key set the axis.
    const mixed = applyLayerData(stored(), { box: { x: 'abc', position_x: '+10px' } });
    assert.deepEqual(
      mixed.problems.map((p) => p.path),
      ['layers.box.x'],
    );
  });

  it('hidden layers need no assets', () => {
    const { design } = applyLayerData(stored(), { photo: { hide: true } });
    assert.deepEqual(collectAssetUrls(design), []);
  });

  it('normalises a frozen stored layer once and shares the frozen copy; patched layers stay fresh', () => {
    const old = savedBeforeDefaults('p', 'q');
    const plain = applyLayerData(structuredClone(old), undefined).design;
    // The API's design cache hands out deep-frozen designs.
    const frozen: Design = { ...old, layers: old.layers.map((l) => Object.freeze({ ...l })) };
    Object.freeze(frozen.layers);
    Object.freeze(frozen);
    const first = applyLayerData(frozen, undefined).design;
    const second = applyLayerData(frozen, { q: { image: 'https://a.test/z.png' } }).design;
    assert.deepEqual(first, plain);
    assert.equal(layer(first, 'p').object_fit, 'cover');
    assert.equal(layer(second, 'p'), layer(first, 'p'), 'the unpatched copy is shared');
    assert.ok(Object.isFrozen(layer(first, 'p')));
    assert.notEqual(layer(second, 'q'), layer(first, 'q'));
    assert.equal(layer(second, 'q').image, 'https://a.test/z.png');
    assert.equal(layer(first, 'q').image, 'https://a.test/q.png');
    // A layer that is not frozen may change between calls, so it is copied every time.
    const open = applyLayerData(plain, undefined).design;
    assert.notEqual(layer(applyLayerData(plain, undefined).design, 'p'), layer(open, 'p'));
  });
});
