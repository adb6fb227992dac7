import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DesignCache } from '../../src/store/design-cache.ts';
import type { TemplateDesign } from '../../src/core/templates.ts';

/** The key of a row: its project, revision and size columns. */
const key = (projectId: string, size: string, revision: number) => ({ projectId, size, revision });

const design = (width: number): TemplateDesign =>
  ({ width, height: 10, background: '#ffffff', layers: [] }) as unknown as TemplateDesign;

describe('DesignCache', () => {
  it('parses a revision once and serves the same frozen design while the row has that revision', () => {
    const cache = new DesignCache();
    let parses = 0;
    const parse = () => (parses++, design(10));
    const a = cache.get('t1', key('p1', '10x10', 1), 12, parse);
    const b = cache.get('t1', key('p1', '10x10', 1), 12, parse);
    assert.equal(parses, 1);
    assert.equal(a, b);
    assert.ok(Object.isFrozen(a) && Object.isFrozen(a.layers));
    assert.throws(() => {
      (a as { width: number }).width = 5;
    }, TypeError);
  });

  it('parses again when the revision, the size columns or the project differ', () => {
    const cache = new DesignCache();
    const first = cache.get('t1', key('p1', '10x10', 1), 1, () => design(10));
    const edited = cache.get('t1', key('p1', '10x10', 2), 1, () => design(20));
    assert.notEqual(edited, first);
    assert.equal(edited.width, 20);
    const resized = cache.get('t1', key('p1', '30x10', 2), 1, () => design(30));
    assert.equal(resized.width, 30);
    const other = cache.get('t1', key('p2', '30x10', 2), 1, () => design(40));
    assert.equal(other.width, 40, "another project's row is never answered from this entry");
  });

  it('is bounded by bytes: large designs push out the least recently used, and report their size', () => {
    const mb = 1024 * 1024;
    const cache = new DesignCache(8 * mb);
    let parses = 0;
    const parse = () => (parses++, design(1));
    // 120 designs of 1 MB text each: an entry-bounded cache kept them all.
    for (let i = 0; i < 120; i++) cache.get(`t${i}`, key('p', '1x10', 1), mb, parse);
    const stats = cache.stats();
    assert.ok(stats.bytes <= 8 * mb, `${stats.bytes} bytes held`);
    assert.ok(stats.entries >= 2 && stats.entries <= 4, `${stats.entries} entries`);
    assert.equal(stats.maxBytes, 8 * mb);
    // The newest is still there, the oldest went first.
    cache.get('t119', key('p', '1x10', 1), mb, parse);
    assert.equal(parses, 120);
    cache.get('t0', key('p', '1x10', 1), mb, parse);
    assert.equal(parses, 121);
    // A design larger than the whole budget is parsed every time, never kept.
    cache.get('big', key('p', '1x10', 1), 9 * mb, parse);
    cache.get('big', key('p', '1x10', 1), 9 * mb, parse);
    assert.equal(parses, 123);
    assert.ok(cache.stats().bytes <= 8 * mb);
  });

  it('keeps thousands of small designs within the default budget', () => {
    const cache = new DesignCache();
    let parses = 0;
    const parse = () => (parses++, design(1));
    for (let i = 0; i < 2000; i++) cache.get(`t${i}`, key('p', '1x10', 1), 12, parse);
    cache.get('t0', key('p', '1x10', 1), 12, parse);
    assert.equal(parses, 2000);
    assert.equal(cache.stats().entries, 2000);
  });
});
