import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createCanvas } from '@napi-rs/canvas';
import { propSpecs } from '../../../src/render/design/prop-specs.ts';
import {
  checkTypeProps,
  defineLayerType,
  drawLayer,
  getLayerType,
  layerRegistry,
  layerTypes,
  readLayer,
} from '../../../src/render/layers/index.ts';
import { hasTypedProps } from '../../../src/render/layers/typed-layer.ts';
import { shapeLayer } from '../../../src/render/layers/shape/index.ts';
import type { tableLayer } from '../../../src/render/layers/table/index.ts';
import { textLayer } from '../../../src/render/layers/text/index.ts';
import type { DrawEnv, LayerOf, LayerSpec } from '../../../src/render/types.ts';

/** Compiles only when A and B are the same type (the type checker runs on the tests too). */
type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
const typeIs = <T extends true>(): T | undefined => undefined;

const DEMO_PROPS = propSpecs({
  size: { kind: 'px', def: 10, min: 0, max: 100, description: 'A length.' },
  count: { kind: 'number', def: 1, min: 0, max: 9, integer: true, description: 'A count.' },
  mode: { kind: 'enum', values: ['a', 'b'], def: 'a', description: 'A mode.' },
  fill: { kind: 'color', def: '#000000', description: 'Never null.' },
  stroke: { kind: 'color', def: null, description: 'Null for none.' },
  label: { kind: 'string', def: '', max: 20, description: 'A label.' },
  on: { kind: 'boolean', def: false, description: 'A switch.' },
  image: { kind: 'url', description: 'A picture.' },
  odd: {
    kind: 'custom',
    check: (c, prop) => {
      if (typeof c.layer[prop] !== 'number' || Number(c.layer[prop]) % 2 !== 1) c.layer[prop] = 1;
    },
    is: (v: unknown): v is number => typeof v === 'number' && v % 2 === 1,
    schema: () => ({ type: 'integer' }),
    description: 'An odd number.',
  },
});

type Demo = LayerOf<typeof DEMO_PROPS>;

const demoType = (type: string, seen: Demo[] = []) =>
  defineLayerType({
    type,
    listedAs: type,
    props: DEMO_PROPS,
    editor: {
      label: type,
      icon: '?',
      size: { width: 10, height: 10, widthShare: 1, heightShare: 1 },
      starter: {},
    },
    assetUrls: () => [],
    draw: (_ctx, layer) => {
      seen.push(layer);
    },
  });

const base = (props: Record<string, unknown> = {}): LayerSpec => ({
  name: 'l',
  type: 'demo',
  x: 0,
  y: 0,
  width: 10,
  height: 10,
  ...props,
});

const env: DrawEnv = {
  target: 'raster',
  scale: 1,
  files: new Map(),
  resolveFont: () => 'sans-serif',
  addLink: () => {},
  warn: () => {},
};

describe('layer registry', () => {
  it('refuses a type name registered twice, at start', () => {
    assert.throws(
      () => layerRegistry([textLayer, shapeLayer, textLayer]),
      /layer type "text" is registered twice/,
    );
    assert.throws(() => layerRegistry([demoType('x'), demoType('x')]), /"x" is registered twice/);
    assert.equal(layerRegistry([demoType('x'), demoType('y')]).size, 2);
  });

  it('holds every built-in type once, each with its editor label and icon', () => {
    const names = layerTypes().map((t) => t.type);
    assert.deepEqual(names, [
      'text',
      'picture',
      'shape',
      'line',
      'browserframe',
      'barcode',
      'rating',
      'table',
      'subtitle',
    ]);
    for (const type of layerTypes()) {
      assert.equal(getLayerType(type.type), type);
      assert.ok(type.editor.label.length > 0, type.type);
      assert.equal([...type.editor.icon].length, 1, type.type);
    }
  });

  it('derives the typed property object from the specs', () => {
    typeIs<Equal<Demo['size'], number>>();
    typeIs<Equal<Demo['count'], number>>();
    typeIs<Equal<Demo['mode'], 'a' | 'b'>>();
    typeIs<Equal<Demo['fill'], string>>();
    typeIs<Equal<Demo['stroke'], string | null>>();
    typeIs<Equal<Demo['label'], string>>();
    typeIs<Equal<Demo['on'], boolean>>();
    typeIs<Equal<Demo['image'], string | null>>();
    typeIs<Equal<Demo['odd'], number>>();
    type Text = LayerOf<typeof textLayer.props>;
    typeIs<Equal<Text['align'], 'left' | 'center' | 'right' | 'justify'>>();
    typeIs<Equal<Text['vertical_align'], 'top' | 'middle' | 'bottom'>>();
    typeIs<Equal<Text['font'], string | null>>();
    type Table = LayerOf<typeof tableLayer.props>;
    typeIs<Equal<Table['columns'][number]['align'], 'left' | 'center' | 'right'>>();
    // The runtime side of the same promise: every value has the type its spec declares.
    const layer = readLayer(demoType('demo'), base());
    assert.deepEqual(
      {
        size: layer.size,
        count: layer.count,
        mode: layer.mode,
        fill: layer.fill,
        stroke: layer.stroke,
        label: layer.label,
        on: layer.on,
        image: layer.image,
        odd: layer.odd,
      },
      {
        size: 10,
        count: 1,
        mode: 'a',
        fill: '#000000',
        stroke: null,
        label: '',
        on: false,
        image: null,
        odd: 1,
      },
    );
  });

  it('hands draw() a checked layer as it is, and checks an unchecked one on a copy', () => {
    const seen: Demo[] = [];
    const type = demoType('demo', seen);
    const ctx = createCanvas(10, 10).getContext('2d');
    const checked = base({
      size: 5,
      count: 2,
      mode: 'b',
      fill: '#ff0000',
      stroke: null,
      label: 'hi',
      on: true,
      image: null,
      odd: 3,
    });
    assert.ok(hasTypedProps(type.props, checked));
    void drawLayer(type, ctx, checked, env);
    assert.equal(seen[0], checked);
    const raw = base({ size: '12px', mode: 'B', fill: 'red', odd: 4, on: 'yes' });
    void drawLayer(type, ctx, raw, env);
    assert.notEqual(seen[1], raw);
    assert.equal(raw.size, '12px', 'the stored layer is left alone');
    assert.deepEqual(
      [seen[1].size, seen[1].mode, seen[1].fill, seen[1].odd, seen[1].on],
      [12, 'b', '#ff0000', 1, false],
    );
  });

  it('gives checkTogether the typed layer after the property checks', () => {
    const barcode = getLayerType('barcode')!;
    const problems: { path: string; message: string }[] = [];
    const layer = base({ type: 'barcode', format: 'EAN13', value: 'abc' });
    // ean13 takes digits only: the check across format and value names the value.
    checkTypeProps(barcode, layer, 'layers.l', problems);
    assert.equal(layer.format, 'ean13');
    assert.equal(layer.value, '');
    assert.equal(problems.length, 1);
    assert.equal(problems[0].path, 'layers.l.value');
  });
});
