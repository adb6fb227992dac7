/** The SVG reader behind shape layers: elements, inheritance, transforms, errors. */
import { createCanvas } from '@napi-rs/canvas';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseSvg, parseTransform } from '../../../src/render/layers/shape/parse-svg.ts';
import { paintDesign } from '../../../src/render/paint/index.ts';
import { RenderInputError } from '../../../src/render/types.ts';
import { ICON_SVG } from './fixtures.ts';
import { designOf, testEnv } from './render-scene.ts';

describe('parseSvg', () => {
  it('reads the drawable elements with their paints in order', () => {
    const svg = parseSvg(ICON_SVG);
    assert.deepEqual(svg.viewBox, { x: 0, y: 0, width: 100, height: 100 });
    assert.deepEqual(
      svg.elements.map((e) => [e.fill, e.stroke]),
      [
        ['#dc2626', null],
        ['#fbbf24', '#78350f'],
        ['layer', null],
        ['#0ea5e9', null],
        ['#111827', null],
      ],
    );
    assert.equal(svg.elements[3].opacity, 0.6);
    assert.deepEqual(svg.elements[2].matrix, [1, 0, 0, 1, 40, 60]);
  });

  it('inherits group paints and composes transforms', () => {
    const svg = parseSvg(
      '<svg width="10" height="20"><g fill="red" transform="scale(2)"><g transform="translate(1,2)" fill-rule="evenodd"><circle r="1"/><line x1="0" y1="0" x2="1" y2="1" stroke="blue"/></g></g><rect width="1" height="1" fill="none"/></svg>',
    );
    assert.deepEqual(svg.viewBox, { x: 0, y: 0, width: 10, height: 20 });
    const [circle, line] = svg.elements;
    assert.equal(circle.fill, '#ff0000');
    assert.equal(circle.fillRule, 'evenodd');
    assert.deepEqual(circle.matrix, [2, 0, 0, 2, 2, 4]);
    assert.equal(line.fill, null);
    assert.equal(line.stroke, '#0000ff');
    assert.equal(svg.elements.length, 3);
  });

  it('parses rotate about a point', () => {
    const [a, b, c, d, e, f] = parseTransform('rotate(90 10 10)');
    assert.deepEqual(
      [a, b, c, d, e, f].map((v) => Math.round(v)),
      [0, 1, -1, 0, 20, 0],
    );
  });

  it('refuses text without an <svg> root or size', () => {
    assert.throws(() => parseSvg('<html></html>'), /no <svg> root/);
    assert.throws(() => parseSvg('<svg><path d="M0 0"/></svg>'), /viewBox/);
  });

  it('a shape whose svg is not an SVG fails naming layers.<name>.svg and the URL', async () => {
    const url = 'https://fixtures.test/not-a-picture.jpg';
    const design = designOf({
      width: 10,
      height: 10,
      layers: [{ name: 'logo', type: 'shape', x: 0, y: 0, width: 10, height: 10, svg: url }],
    });
    await assert.rejects(
      paintDesign(createCanvas(10, 10).getContext('2d'), design, await testEnv()),
      (err: unknown) => {
        assert.ok(err instanceof RenderInputError);
        assert.equal(err.problems[0].path, 'layers.logo.svg');
        assert.match(err.problems[0].message, /not-a-picture\.jpg/);
        return true;
      },
    );
  });
});
