/** The fetch key of a picture layer: its URL alone by default, its screenshot options otherwise. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  parseViewport,
  pictureAssetKey,
  readAssetKey,
} from '../../../src/render/images/screenshot-key.ts';

const defaults = {
  image_viewport: '1280x1024',
  screenshot_full_page: false,
  screenshot_wait: 0,
  screenshot_selector: '',
  image_type: 'auto',
};

describe('screenshot keys', () => {
  it('is the URL itself with every option at its default, so pictures keep their cache key', () => {
    assert.equal(pictureAssetKey('https://a.test/p.png', defaults), 'https://a.test/p.png');
    assert.deepEqual(readAssetKey('https://a.test/p.png'), {
      url: 'https://a.test/p.png',
      viewport: { width: 1280, height: 1024 },
      fullPage: false,
      waitMs: 0,
      selector: null,
      force: false,
    });
  });

  it('carries the options, and reads them back', () => {
    const key = pictureAssetKey('https://a.test/', {
      ...defaults,
      image_viewport: '800x600',
      screenshot_full_page: true,
      screenshot_wait: 250,
      screenshot_selector: '#main',
      image_type: 'screenshot',
    });
    assert.notEqual(key, 'https://a.test/');
    assert.deepEqual(readAssetKey(key), {
      url: 'https://a.test/',
      viewport: { width: 800, height: 600 },
      fullPage: true,
      waitMs: 250,
      selector: '#main',
      force: true,
    });
    // Two layers on one page with different windows need two files.
    assert.notEqual(
      key,
      pictureAssetKey('https://a.test/', { ...defaults, image_viewport: '800x601' }),
    );
  });

  it('refuses a key written by hand with options out of bounds', () => {
    const forged = (o: object) =>
      `imprint-screenshot:${JSON.stringify({ url: 'https://a.test/', viewport: { width: 1280, height: 1024 }, fullPage: false, waitMs: 0, selector: null, force: true, ...o })}`;
    assert.ok(readAssetKey(forged({})));
    assert.equal(readAssetKey(forged({ viewport: { width: 100_000, height: 100_000 } })), null);
    assert.equal(readAssetKey(forged({ waitMs: 3_600_000 })), null);
    assert.equal(readAssetKey(forged({ selector: 'x'.repeat(5000) })), null);
    assert.equal(readAssetKey(forged({ fullPage: 'yes' })), null);
    assert.equal(readAssetKey('imprint-screenshot:{not json'), null);
  });

  it('reads WIDTHxHEIGHT within 100–3840', () => {
    assert.deepEqual(parseViewport(' 1920 x 1080 '), { width: 1920, height: 1080 });
    assert.deepEqual(parseViewport('100X3840'), { width: 100, height: 3840 });
    for (const bad of ['99x500', '500x3841', '1280', '1280x', 'axb', '', null, 1280]) {
      assert.equal(parseViewport(bad), null, String(bad));
    }
  });
});
