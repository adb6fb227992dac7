/** The request-time position/size grammar of placid-notes §1.1, value by value. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseLength, resolvePosition, resolveSize } from '../../../src/render/design/geometry.ts';

const value = (r: ReturnType<typeof resolveSize>) => (r.ok ? r.value : `bad: ${r.allowed}`);

describe('parseLength', () => {
  it('reads px, signs, percentages and bare numbers', () => {
    assert.deepEqual(parseLength('10px'), { value: 10, unit: 'px' });
    assert.deepEqual(parseLength('+10px'), { value: 10, unit: 'px', sign: '+' });
    assert.deepEqual(parseLength('-2.5px'), { value: -2.5, unit: 'px', sign: '-' });
    assert.deepEqual(parseLength(' 50% '), { value: 50, unit: '%' });
    assert.deepEqual(parseLength('12'), { value: 12, unit: 'px' });
    assert.deepEqual(parseLength('10PX'), { value: 10, unit: 'px' });
    assert.deepEqual(parseLength('.5px'), { value: 0.5, unit: 'px' });
    assert.deepEqual(parseLength(7), { value: 7, unit: 'px' });
    assert.deepEqual(parseLength(-7), { value: -7, unit: 'px' });
  });
  it('refuses anything else', () => {
    for (const bad of [
      '',
      'px',
      '10em',
      '10 px 5',
      'ten',
      '1e3px',
      '++10px',
      NaN,
      Infinity,
      null,
      true,
      {},
      ['10px'],
    ]) {
      assert.equal(parseLength(bad), undefined, JSON.stringify(bad));
    }
  });
});

describe('resolvePosition', () => {
  it('absolute keys set the coordinate, signs included', () => {
    assert.equal(value(resolvePosition('10px', 100, 'absolute')), 10);
    assert.equal(value(resolvePosition('-10px', 100, 'absolute')), -10);
    assert.equal(value(resolvePosition(25, 100, 'absolute')), 25);
  });
  it('relative keys shift; an unsigned value shifts forward', () => {
    assert.equal(value(resolvePosition('+10px', 100, 'relative')), 110);
    assert.equal(value(resolvePosition('-10px', 100, 'relative')), 90);
    assert.equal(value(resolvePosition('10px', 100, 'relative')), 110);
    assert.equal(value(resolvePosition(-5, 100, 'relative')), 95);
  });
  it('the older position_x: a sign means relative, bare means absolute', () => {
    assert.equal(value(resolvePosition('+10px', 100, 'signed')), 110);
    assert.equal(value(resolvePosition('-10px', 100, 'signed')), 90);
    assert.equal(value(resolvePosition('10px', 100, 'signed')), 10);
    assert.equal(value(resolvePosition('10', 100, 'signed')), 10);
    assert.equal(value(resolvePosition(10, 100, 'signed')), 10);
  });
  it('percentages and junk are refused with what is allowed', () => {
    for (const mode of ['absolute', 'relative', 'signed'] as const) {
      const r = resolvePosition('50%', 0, mode);
      assert.equal(r.ok, false);
      assert.match(r.ok ? '' : r.allowed, /px/);
      assert.equal(resolvePosition('left', 0, mode).ok, false);
    }
  });
});

describe('resolveSize', () => {
  it('"10px" and numbers set, signs shift from the stored size, % scales it', () => {
    assert.equal(value(resolveSize('10px', 200)), 10);
    assert.equal(value(resolveSize(30, 200)), 30);
    assert.equal(value(resolveSize('+10px', 200)), 210);
    assert.equal(value(resolveSize('-10px', 200)), 190);
    assert.equal(value(resolveSize('50%', 200)), 100);
    assert.equal(value(resolveSize('150%', 200)), 300);
    assert.equal(value(resolveSize('0%', 200)), 0);
  });
  it('refuses signed percentages, negative results and junk', () => {
    assert.equal(resolveSize('+10%', 200).ok, false);
    assert.equal(resolveSize('-300px', 200).ok, false);
    assert.equal(resolveSize(-1, 200).ok, false);
    assert.equal(resolveSize('wide', 200).ok, false);
    const r = resolveSize('-300px', 200);
    assert.match(r.ok ? '' : r.allowed, /-100 px/);
  });
});
