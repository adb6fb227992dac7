/**
 * The render engine's caches live as long as their render thread: each stays within its byte
 * budget however large the entries fed to it (a bound by entries let 200 simplified SVGs of
 * several MB, or 50,000 measured texts of 10,000 characters, stay resident).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RENDER_CACHE_BYTES } from '../../src/render/cache-budgets.ts';
import { renderCacheStats } from '../../src/render/index.ts';
import { clearSvgCache, simplifySvg, svgCacheFigures } from '../../src/render/svg/simplify-svg.ts';
import {
  clearMeasureCache,
  measureCacheFigures,
  measureWidth,
} from '../../src/render/text/measure.ts';

/** An SVG of about `kb` KB: one long path, distinct per `i`. */
function pathSvg(i: number, kb: number): Buffer {
  const parts: string[] = [];
  let len = 0;
  for (let n = 0; len < kb * 1024; n++) {
    const p = `L${(n * 7 + i) % 100} ${(n * 13) % 100}`;
    parts.push(p);
    len += p.length + 1;
  }
  const d = `M0 0 ${parts.join(' ')}`;
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><path d="${d}" fill="none" stroke="#000"/></svg>`,
  );
}

describe('render thread caches', () => {
  it('keeps simplified SVGs within their byte budget, evicting the oldest', async () => {
    clearSvgCache();
    const first = await simplifySvg(pathSvg(0, 1024));
    assert.equal(await simplifySvg(pathSvg(0, 1024)), first, 'a repeat is served from the cache');
    // Each 1 MB SVG simplifies to several MB of text and tree: 12 of them exceed the 32 MB budget.
    for (let i = 1; i <= 12; i++) {
      await simplifySvg(pathSvg(i, 1024));
      const { bytes, maxBytes } = svgCacheFigures();
      assert.ok(bytes <= maxBytes, `${bytes} bytes held, budget ${maxBytes}`);
    }
    assert.equal(svgCacheFigures().maxBytes, RENDER_CACHE_BYTES.thread_svgs);
    assert.ok(svgCacheFigures().entries < 12, `${svgCacheFigures().entries} SVGs kept`);
    assert.notEqual(await simplifySvg(pathSvg(0, 1024)), first, 'the oldest was evicted');
    clearSvgCache();
  });

  it('keeps text measurements within their byte budget when keys hold 10,000 characters', () => {
    clearMeasureCache();
    // One long word: Skia measures it about 6 times faster than 10,000 characters of words, and
    // the key holds as many bytes.
    const text = 'loremipsum'.repeat(1000);
    const width = measureWidth('16px sans-serif', 0, text);
    // 1,000 texts of 10,000 characters are 20 MB of keys, far above the 8 MB budget.
    for (let i = 0; i < 1000; i++) measureWidth('16px sans-serif', 0, `${i} ${text}`);
    const { entries, bytes, maxBytes } = measureCacheFigures();
    assert.equal(maxBytes, RENDER_CACHE_BYTES.thread_text_measures);
    assert.ok(bytes <= maxBytes, `${bytes} bytes held, budget ${maxBytes}`);
    assert.ok(entries < 1000, `${entries} measurements kept`);
    assert.equal(measureWidth('16px sans-serif', 0, text), width, 'measured again the same');
    clearMeasureCache();
  });

  it('reports every cache with its budget', () => {
    const stats = renderCacheStats();
    assert.deepEqual(Object.keys(stats).sort(), Object.keys(RENDER_CACHE_BYTES).sort());
    for (const [name, figures] of Object.entries(stats)) {
      assert.equal(figures.maxBytes, RENDER_CACHE_BYTES[name as keyof typeof RENDER_CACHE_BYTES]);
      assert.ok(figures.bytes <= figures.maxBytes, name);
    }
  });
});
