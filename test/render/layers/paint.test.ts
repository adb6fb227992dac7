/** The painter: background, order, hide, opacity, rotation and links. */
import { createCanvas } from '@napi-rs/canvas';
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { paintDesign } from '../../../src/render/paint/index.ts';
import { designOf, testEnv } from './render-scene.ts';

const box = (name: string, extra: Record<string, unknown>) => ({
  name,
  type: 'shape',
  x: 0,
  y: 0,
  width: 10,
  height: 10,
  ...extra,
});

async function pixels(input: unknown): Promise<(x: number, y: number) => number[]> {
  const design = designOf(input);
  const canvas = createCanvas(design.width, design.height);
  const ctx = canvas.getContext('2d');
  await paintDesign(ctx, design, await testEnv());
  return (x, y) => [...ctx.getImageData(x, y, 1, 1).data];
}

describe('paintDesign', () => {
  it('paints the background, or leaves the canvas transparent', async () => {
    assert.deepEqual(
      (await pixels({ width: 4, height: 4, background: '#ff0000' }))(1, 1),
      [255, 0, 0, 255],
    );
    assert.deepEqual((await pixels({ width: 4, height: 4, background: null }))(1, 1), [0, 0, 0, 0]);
  });

  it('draws layers in order, skips hidden ones and applies opacity', async () => {
    const px = await pixels({
      width: 30,
      height: 10,
      background: '#ffffff',
      layers: [
        box('under', { background_color: '#ff0000', width: 30 }),
        box('over', { background_color: '#0000ff' }),
        box('hidden', { background_color: '#00ff00', x: 10, hide: true }),
        box('half', { background_color: '#000000', x: 20, opacity: 50 }),
      ],
    });
    assert.deepEqual(px(5, 5), [0, 0, 255, 255]);
    assert.deepEqual(px(15, 5), [255, 0, 0, 255]);
    assert.deepEqual(
      px(25, 5).map((v) => Math.round(v / 10)),
      [13, 0, 0, 26],
    );
  });

  it('rotates about the layer centre, clockwise', async () => {
    // A 40×10 bar rotated 90° becomes a 10×40 bar around the same centre (20, 20).
    const px = await pixels({
      width: 40,
      height: 40,
      background: '#ffffff',
      layers: [
        box('bar', {
          x: 0,
          y: 15,
          width: 40,
          height: 10,
          rotation: 90,
          background_color: '#000000',
        }),
      ],
    });
    assert.deepEqual(px(20, 2), [0, 0, 0, 255]);
    assert.deepEqual(px(2, 20), [255, 255, 255, 255]);
  });

  it('records link_target areas of visible layers only', async () => {
    const design = designOf({
      width: 100,
      height: 100,
      layers: [
        box('a', { x: 5, y: 6, width: 20, height: 30, link_target: 'https://example.com/a' }),
        box('b', { link_target: 'https://example.com/b', hide: true }),
        box('c', {}),
      ],
    });
    const env = await testEnv();
    await paintDesign(createCanvas(100, 100).getContext('2d'), design, env);
    assert.deepEqual(env.links, [
      { rect: { x: 5, y: 6, width: 20, height: 30 }, url: 'https://example.com/a' },
    ]);
  });

  it('restores the context after each layer, even with rotation and opacity', async () => {
    const design = designOf({
      width: 20,
      height: 20,
      layers: [box('a', { rotation: 30, opacity: 40, x: 3, y: 4 })],
    });
    const ctx = createCanvas(20, 20).getContext('2d');
    await paintDesign(ctx, design, await testEnv());
    assert.equal(ctx.globalAlpha, 1);
    const t = ctx.getTransform();
    assert.deepEqual([t.a, t.b, t.c, t.d, t.e, t.f], [1, 0, 0, 1, 0, 0]);
  });
});
