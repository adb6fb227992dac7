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

  it('keeps at most 256 designs, dropping the oldest', () => {
    const cache = new DesignCache();
    let parses = 0;
    const parse = () => (parses++, design(1));
    for (let i = 0; i < 257; i++) cache.get(`t${i}`, key('p', '1x10', 1), 1, parse);
    cache.get('t256', key('p', '1x10', 1), 1, parse);
    assert.equal(parses, 257);
    cache.get('t0', key('p', '1x10', 1), 1, parse);
    assert.equal(parses, 258);
  });
});
