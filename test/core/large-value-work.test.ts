/**
 * Values of millions of characters or items in a request are measured and described without
 * work that grows past linear or copies them whole: counted by spying on the built-ins the slow
 * versions used (string iteration, Array.from, Object.values), never by timing.
 */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { charLength, hasUnrepresentableNumber, keptLength } from '../../src/core/json-value.ts';
import { describeValue } from '../../src/render/design/props.ts';

/** Runs `fn` with `target[key]` wrapped to record the calls' first arguments. */
function spying<T extends object>(target: T, key: keyof T, fn: () => void): unknown[] {
  const original = target[key] as (...args: unknown[]) => unknown;
  const calls: unknown[] = [];
  (target as Record<keyof T, unknown>)[key] = function (this: unknown, ...args: unknown[]) {
    calls.push(args[0]);
    return original.apply(this, args);
  };
  try {
    fn();
  } finally {
    (target as Record<keyof T, unknown>)[key] = original;
  }
  return calls;
}

test('describeValue splits only the start of a long string into characters', () => {
  const long = 'a'.repeat(1_000_000);
  let shown = '';
  const calls = spying(Array, 'from', () => {
    shown = describeValue(long);
  });
  assert.equal(shown, `"${'a'.repeat(76)}...`);
  const lengths = calls.map((c) => (typeof c === 'string' ? c.length : 0));
  assert.ok(Math.max(...lengths) <= 200, `Array.from got ${Math.max(...lengths)} characters`);
  // Emoji are still cut between characters, not inside one.
  assert.equal(describeValue('😀'.repeat(500)), `"${'😀'.repeat(76)}...`);
});

test('charLength counts characters without iterating the string', () => {
  const iterate = String.prototype[Symbol.iterator];
  let calls = 0;
  String.prototype[Symbol.iterator] = function (this: string) {
    calls++;
    return iterate.call(this);
  };
  try {
    assert.equal(charLength('a'.repeat(100_000)), 100_000);
    assert.equal(charLength('a😀b'), 3);
    assert.equal(charLength('\ud83d'), 1, 'a lone surrogate is one character');
    assert.equal(charLength('\ude00\ud83d'), 2);
    assert.equal(keptLength({ a: '😀' }), 9);
  } finally {
    String.prototype[Symbol.iterator] = iterate;
  }
  assert.equal(calls, 0);
});

test('hasUnrepresentableNumber looks at a large array without copying it', () => {
  const numbers = new Array<number>(100_000).fill(1);
  const calls = spying(Object, 'values', () => {
    assert.equal(hasUnrepresentableNumber(numbers), false);
    assert.equal(hasUnrepresentableNumber({ a: [1, { b: Infinity }] }), true);
    assert.equal(hasUnrepresentableNumber([1, -Infinity]), true);
    assert.equal(hasUnrepresentableNumber({ a: 'x', b: null }), false);
  });
  assert.equal(calls.length, 0);
});
