/**
 * PixelBudget: renders wait for pixels rather than exceed the budget, in arrival order, and a
 * render larger than the whole budget runs alone. Ordering is proven by events, never by timing.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { PixelBudget } from '../../src/core/generation/pixel-budget.ts';

/** Lets every settled promise run its callbacks. */
const settle = () => new Promise((r) => setImmediate(r));

describe('PixelBudget', () => {
  it('makes a second render that does not fit wait until the first gives its pixels back', async () => {
    const budget = new PixelBudget(1000);
    const events: string[] = [];
    const first = await budget.acquire(600);
    events.push('first starts');
    const second = budget.acquire(600).then((release) => {
      events.push('second starts');
      return release;
    });
    await settle();
    assert.deepEqual(events, ['first starts']);
    assert.equal(budget.inFlight, 600);
    assert.equal(budget.waiting, 1);
    events.push('first ends');
    first();
    (await second)();
    assert.deepEqual(events, ['first starts', 'first ends', 'second starts']);
    assert.equal(budget.inFlight, 0);
  });

  it('lets renders that fit together run together', async () => {
    const budget = new PixelBudget(1000);
    const a = await budget.acquire(400);
    const b = await budget.acquire(600);
    assert.equal(budget.inFlight, 1000);
    a();
    b();
    assert.equal(budget.inFlight, 0);
  });

  it('serves waiters in arrival order: a small render does not overtake a waiting large one', async () => {
    const budget = new PixelBudget(1000);
    const order: string[] = [];
    const running = await budget.acquire(500);
    const large = budget.acquire(900).then((r) => (order.push('large'), r));
    const small = budget.acquire(100).then((r) => (order.push('small'), r));
    await settle();
    assert.deepEqual(order, [], 'the small one fits now but waits behind the large one');
    running();
    (await large)();
    (await small)();
    assert.deepEqual(order, ['large', 'small']);
  });

  it('runs a render larger than the whole budget alone, once nothing else holds pixels', async () => {
    const budget = new PixelBudget(1000);
    const events: string[] = [];
    const small = await budget.acquire(10);
    const huge = budget.acquire(5000).then((r) => (events.push('huge starts'), r));
    await settle();
    assert.equal(events.length, 0, 'it waits while anything else holds pixels');
    small();
    const releaseHuge = await huge;
    assert.equal(budget.inFlight, 1000, 'it takes the whole budget');
    const next = budget.acquire(1).then((r) => (events.push('next starts'), r));
    await settle();
    assert.deepEqual(events, ['huge starts']);
    releaseHuge();
    releaseHuge(); // a second call gives nothing back twice
    (await next)();
    assert.deepEqual(events, ['huge starts', 'next starts']);
    assert.equal(budget.inFlight, 0);
  });

  it('refuses a budget below one pixel', () => {
    assert.throws(() => new PixelBudget(0), RangeError);
  });
});
