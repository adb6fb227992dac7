/** mapLimited: results in order, at most `limit` at once, the earliest failure, nothing after. */
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { mapLimited } from '../../src/video/run-limited.ts';

const tick = () => new Promise((resolve) => setImmediate(resolve));

test('keeps the order of the items and runs at most `limit` at once', async () => {
  let running = 0;
  let peak = 0;
  const out = await mapLimited([5, 1, 4, 2, 3], 2, async (n, i) => {
    running++;
    peak = Math.max(peak, running);
    for (let k = 0; k < n; k++) await tick();
    running--;
    return `${i}:${n}`;
  });
  assert.deepEqual(out, ['0:5', '1:1', '2:4', '3:2', '4:3']);
  assert.equal(peak, 2);
});

test('rejects with the earliest failed item once the started ones settle, starting no more', async () => {
  const started: number[] = [];
  let settled = 0;
  await assert.rejects(
    mapLimited([0, 1, 2, 3, 4], 3, async (_n, i) => {
      started.push(i);
      // Item 2 fails first, item 0 a little later: item 0's error is the one reported.
      for (let k = 0; k < (i === 0 ? 4 : 1); k++) await tick();
      settled++;
      if (i === 0 || i === 2) throw new Error(`item ${i}`);
      return i;
    }),
    /item 0/,
  );
  assert.equal(settled, started.length, 'every started item settled first');
  assert.ok(!started.includes(4), `no item started after the failures: ${started}`);
});
