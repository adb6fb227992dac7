/** prepareRender: request layer data applied, problems named, and what to fetch listed. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { prepareRender } from '../../../src/render/index.ts';
import { valid } from './output-kit.ts';

const design = valid({
  width: 300,
  height: 200,
  background: '#ffffff',
  layers: [
    {
      name: 'photo',
      type: 'picture',
      x: 0,
      y: 0,
      width: 100,
      height: 100,
      image: 'https://a.test/stored.jpg',
    },
    {
      name: 'title',
      type: 'text',
      x: 0,
      y: 120,
      width: 300,
      height: 40,
      text: 'Hi',
      font: 'font-uuid-1',
      alt_font: 'DejaVu Serif',
    },
    {
      name: 'hidden',
      type: 'text',
      x: 0,
      y: 160,
      width: 300,
      height: 40,
      text: 'x',
      font: 'font-uuid-2',
      hide: true,
    },
  ],
});

describe('prepareRender', () => {
  it('applies layer data and lists the pictures and the fonts of visible layers', () => {
    const p = prepareRender(design, {
      photo: { image: 'https://a.test/request.png' },
      title: { text: 'Hello', fontFamily: 'font-uuid-3' },
      unknown: { text: 'ignored' },
    });
    assert.deepEqual(p.problems, []);
    assert.deepEqual(p.assetUrls, ['https://a.test/request.png']);
    assert.equal(p.design.layers.find((l) => l.name === 'title')?.text, 'Hello');
    // Bundled family names (DejaVu Serif) win over project families: nothing to load for them.
    assert.deepEqual(p.fontKeys.sort(), ['font-uuid-3']);
  });

  it('returns the problems of bad layer data with their paths, and nothing to fetch', () => {
    const p = prepareRender(design, { title: { font_size: 'huge' }, photo: { hide: 'yes' } });
    assert.deepEqual(p.problems.map((x) => x.path).sort(), [
      'layers.photo.hide',
      'layers.title.font_size',
    ]);
    assert.deepEqual(p.assetUrls, []);
  });

  it('unhides a layer on request, adding its font', () => {
    const p = prepareRender(design, { hidden: { hide: false } });
    assert.ok(p.fontKeys.includes('font-uuid-2'));
  });
});
