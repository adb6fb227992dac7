import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DesignCache } from '../../src/store/design-cache.ts';
import type { TemplateDesign } from '../../src/core/templates.ts';

const design = (width: number): TemplateDesign =>
  ({ width, height: 10, background: '#ffffff', layers: [] }) as unknown as TemplateDesign;

describe('DesignCache', () => {
  it('parses a text once and serves the same frozen design while the row holds that text', () => {
    const cache = new DesignCache();
    let parses = 0;
    const parse = () => (parses++, design(10));
    const a = cache.get('t1', 'p1', '10x10', '{"width":10}', parse);
    const b = cache.get('t1', 'p1', '10x10', '{"width":10}', parse);
    assert.equal(parses, 1);
    assert.equal(a, b);
    assert.ok(Object.isFrozen(a) && Object.isFrozen(a.layers));
    assert.throws(() => {
      (a as { width: number }).width = 5;
    }, TypeError);
  });

  it('parses again when the stored text, the size columns or the project differ', () => {
    const cache = new DesignCache();
    const first = cache.get('t1', 'p1', '10x10', 'A', () => design(10));
    const edited = cache.get('t1', 'p1', '10x10', 'B', () => design(20));
    assert.notEqual(edited, first);
    assert.equal(edited.width, 20);
    const resized = cache.get('t1', 'p1', '30x10', 'B', () => design(30));
    assert.equal(resized.width, 30);
    const other = cache.get('t1', 'p2', '30x10', 'B', () => design(40));
    assert.equal(other.width, 40, "another project's row is never answered from this entry");
  });

  it('is bounded by bytes: large designs push out the least recently used, and report their size', () => {
    const mb = 1024 * 1024;
    const cache = new DesignCache(8 * mb);
    let parses = 0;
    const parse = () => (parses++, design(1));
    // 120 designs of 1 MB text each: an entry-bounded cache kept them all.
    const text = (i: number) => `${i}`.padEnd(mb, ' ');
    for (let i = 0; i < 120; i++) cache.get(`t${i}`, 'p', '1x10', text(i), parse);
    const stats = cache.stats();
    assert.ok(stats.bytes <= 8 * mb, `${stats.bytes} bytes held`);
    assert.ok(stats.entries >= 2 && stats.entries <= 4, `${stats.entries} entries`);
    assert.equal(stats.maxBytes, 8 * mb);
    // The newest is still there, the oldest went first.
    cache.get('t119', 'p', '1x10', text(119), parse);
    assert.equal(parses, 120);
    cache.get('t0', 'p', '1x10', text(0), parse);
    assert.equal(parses, 121);
    // A design larger than the whole budget is parsed every time, never kept.
    const huge = ' '.repeat(9 * mb);
    cache.get('big', 'p', '1x10', huge, parse);
    cache.get('big', 'p', '1x10', huge, parse);
    assert.equal(parses, 123);
    assert.ok(cache.stats().bytes <= 8 * mb);
  });

  it('keeps thousands of small designs within the default budget', () => {
    const cache = new DesignCache();
    let parses = 0;
    const parse = () => (parses++, design(1));
    for (let i = 0; i < 2000; i++) cache.get(`t${i}`, 'p', '1x10', `{"width":${i}}`, parse);
    cache.get('t0', 'p', '1x10', '{"width":0}', parse);
    assert.equal(parses, 2000);
    assert.equal(cache.stats().entries, 2000);
  });
});
