import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { newId, newSecret } from '../../src/core/ids.ts';
import { pooledRandomBytes } from '../../src/core/random-pool.ts';

describe('random ids', () => {
  it('newId gives lowercase alphanumeric ids of the asked length, all different', () => {
    const seen = new Set<string>();
    // 5000 ids of 16 characters draw 160 kB: the 4 kB pool is refilled many times.
    for (let i = 0; i < 5000; i++) {
      const id = newId(16);
      assert.match(id, /^[0-9a-z]{16}$/);
      seen.add(id);
    }
    assert.equal(seen.size, 5000);
    assert.match(newId(), /^[0-9a-z]{12}$/);
  });

  it('newId uses every character of its alphabet about equally', () => {
    const counts = new Map<string, number>();
    for (let i = 0; i < 2000; i++)
      for (const c of newId(18)) counts.set(c, (counts.get(c) ?? 0) + 1);
    assert.equal(counts.size, 36);
    // 36000 characters: 1000 expected per character; a biased or stuck source falls far outside.
    for (const [c, n] of counts) assert.ok(n > 800 && n < 1200, `${c}: ${n}`);
  });

  it('pooledRandomBytes never hands out the same bytes twice, across refills', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 3000; i++) {
      const bytes = pooledRandomBytes(12);
      assert.equal(bytes.length, 12);
      seen.add(bytes.toString('hex'));
    }
    assert.equal(seen.size, 3000);
    assert.equal(pooledRandomBytes(4096).length, 4096);
  });

  it('pooledRandomBytes refuses sizes it cannot serve', () => {
    for (const n of [0, -1, 1.5, 4097, Number.NaN]) {
      assert.throws(() => pooledRandomBytes(n), RangeError, String(n));
    }
  });

  it('secrets still come straight from randomBytes (long, base64url)', () => {
    assert.match(newSecret(), /^[A-Za-z0-9_-]{43}$/);
  });
});
