/**
 * Memory bounds of issue 11 through the API: create_now renders wait for the process's pixel
 * budget (IMPRINT_RENDER_MAX_PIXELS_IN_FLIGHT) rather than exceed it, and a render thread that
 * dies fails only its own render while the pool goes on. Ordering is proven by events (a gated
 * renderer and the budget's own counters), never by timing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Worker } from 'node:worker_threads';
import type { RenderImageInput } from '../../src/worker/render-pool.ts';
import type { TestApp } from '../helpers/test-app.ts';
import { createTemplate, testDesign } from './_helpers.ts';
import { startGenerationFixture, type GenerationFixture } from './generation-fixture.ts';

/** Resolves when `check` holds, looking again after each turn of the event loop. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setImmediate(r));
}

describe('pixel budget and render thread deaths (sqlite)', () => {
  let fixture: GenerationFixture;
  let t: TestApp;
  let big: string;
  before(async () => {
    // A budget of 1 megapixel; the 800×800 template needs 0.64 of it, so two cannot run at once.
    fixture = await startGenerationFixture('sqlite', {
      env: { IMPRINT_RENDER_MAX_PIXELS_IN_FLIGHT: '1000000' },
    });
    t = fixture.t;
    big = await createTemplate(t, testDesign(800, 800));
  });
  after(() => fixture.close());

  const createNow = (uuid: string) =>
    t.request({
      method: 'POST',
      url: '/api/rest/images',
      payload: { template_uuid: uuid, create_now: true, modifications: { image_format: 'png' } },
    });

  it(
    'starts a create_now render that does not fit only after the one in flight has ended',
    { timeout: 60_000 },
    async () => {
      const pool = t.runtime.renderPool;
      const budget = t.runtime.services.generation.pixelBudget;
      const real = pool.renderImage.bind(pool);
      const events: string[] = [];
      let openGate!: () => void;
      const gate = new Promise<void>((r) => (openGate = r));
      let calls = 0;
      pool.renderImage = async (input: RenderImageInput) => {
        const n = ++calls;
        events.push(`render ${n} starts`);
        if (n === 1) await gate; // the first render holds its pixels until the test lets it go
        const file = await real(input);
        events.push(`render ${n} ends`);
        return file;
      };
      try {
        const first = createNow(big);
        await until(() => calls === 1);
        const second = createNow(big);
        await until(() => budget.waiting === 1 || calls === 2);
        assert.equal(calls, 1, 'the second render waits for budget instead of starting');
        assert.equal(budget.inFlight, 640_000);
        assert.equal(
          t.runtime.services.generation.createNowInUse,
          2,
          'a waiting create_now keeps its slot',
        );
        openGate();
        const [a, b] = await Promise.all([first, second]);
        assert.equal(a.json().status, 'finished', a.body);
        assert.equal(b.json().status, 'finished', b.body);
        assert.deepEqual(events, [
          'render 1 starts',
          'render 1 ends',
          'render 2 starts',
          'render 2 ends',
        ]);
        assert.equal(budget.inFlight, 0);
      } finally {
        pool.renderImage = real;
      }
    },
  );

  it(
    'runs a render larger than the whole budget alone instead of refusing it',
    { timeout: 60_000 },
    async () => {
      const huge = await createTemplate(t, testDesign(1600, 1000)); // 1.6 megapixels > the budget
      const res = await createNow(huge);
      assert.equal(res.json().status, 'finished', res.body);
      assert.equal(t.runtime.services.generation.pixelBudget.inFlight, 0);
    },
  );

  it(
    'fails only the render whose thread died, with a reason, and the next render works',
    { timeout: 60_000 },
    async () => {
      const pool = t.runtime.renderPool;
      const real = pool.renderImage.bind(pool);
      pool.renderImage = (input: RenderImageInput) => {
        const running = real(input);
        // The thread that took the render dies under it, as after a native crash.
        const slots = (pool as unknown as { slots: Array<{ task: unknown; worker: Worker }> })
          .slots;
        void slots.find((s) => s.task)?.worker.terminate();
        return running;
      };
      let died;
      try {
        died = await createNow(big);
      } finally {
        pool.renderImage = real;
      }
      assert.equal(died.statusCode, 200, died.body);
      assert.equal(died.json().status, 'error');
      assert.match(died.json().errors.join(' '), /The render thread exited unexpectedly/);
      const next = await createNow(big);
      assert.equal(next.json().status, 'finished', next.body);
      assert.equal(pool.stats().threads, 1);
    },
  );
});
