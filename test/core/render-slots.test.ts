/** Render slots: a counting semaphore whose waiters are served fewest-held project first. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RenderSlots, type ReleaseSlot } from '../../src/core/generation/render-slots.ts';

/** Acquires for `project`, recording the order in which slots are granted. */
function take(slots: RenderSlots, project: string, order: string[]): Promise<ReleaseSlot> {
  return slots.acquire(project).then((release) => {
    order.push(project);
    return release;
  });
}

describe('RenderSlots', () => {
  it('grants up to its limit at once and the next one when a slot is given back', async () => {
    const slots = new RenderSlots(2);
    const order: string[] = [];
    const a1 = await take(slots, 'a', order);
    await take(slots, 'a', order);
    const third = take(slots, 'a', order);
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(order, ['a', 'a']);
    assert.equal(slots.inUse, 2);
    assert.equal(slots.waiting, 1);
    a1();
    a1(); // a second call gives nothing back twice
    await third;
    assert.equal(slots.inUse, 2);
    assert.equal(slots.waiting, 0);
  });

  it('gives a free slot to the waiting project holding the fewest, not to the longest queue', async () => {
    const slots = new RenderSlots(2);
    const order: string[] = [];
    const held = [await take(slots, 'a', order), await take(slots, 'a', order)];
    // Many of A's jobs wait first, then one of B's and one of C's.
    const waiting = [
      ...Array.from({ length: 5 }, () => take(slots, 'a', order)),
      take(slots, 'b', order),
      take(slots, 'c', order),
    ];
    order.length = 0;
    held[0]();
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(order, ['b'], "B goes before A's five earlier jobs");
    held[1]();
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(order, ['b', 'a'], 'A (none held now) and C tie: the longest waiting');
    const releaseB = await waiting[5];
    releaseB();
    await new Promise((r) => setImmediate(r));
    assert.deepEqual(order, ['b', 'a', 'c'], 'C before the A that holds one already');
  });

  it('refuses a limit below 1', () => {
    assert.throws(() => new RenderSlots(0), RangeError);
    assert.throws(() => new RenderSlots(1.5), RangeError);
  });
});
