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

  it('keeps at most 256 designs, dropping the oldest', () => {
    const cache = new DesignCache();
    let parses = 0;
    const parse = () => (parses++, design(1));
    for (let i = 0; i < 257; i++) cache.get(`t${i}`, 'p', '1x10', 'X', parse);
    cache.get('t256', 'p', '1x10', 'X', parse);
    assert.equal(parses, 257);
    cache.get('t0', 'p', '1x10', 'X', parse);
    assert.equal(parses, 258);
  });
});
