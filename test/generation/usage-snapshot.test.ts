/**
 * Usage is read as one snapshot: while renders finish (each moves its credits from reserved to
 * used in one transaction), used + reserved never loses or counts twice a render. Two separate
 * reads once lost a render that finished between them (seen on PostgreSQL in CI).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startJobProcessing } from '../../src/main.ts';
import { testDbKinds } from '../helpers/databases.ts';
import { startGenerationFixture, type GenerationFixture } from './generation-fixture.ts';

const IMAGES = 30;

for (const { kind, skip } of testDbKinds()) {
  describe(`usage while renders finish on ${kind}`, { skip }, () => {
    let fixture: GenerationFixture | undefined;
    let stop: (() => Promise<void>) | undefined;
    before(async () => {
      fixture = await startGenerationFixture(kind, { processJobs: false });
    });
    after(async () => {
      await stop?.();
      await fixture?.close();
    });

    it('always counts every render once, as used or as reserved', async () => {
      const { t, uuid } = fixture!;
      for (let i = 0; i < IMAGES; i++) {
        const res = await t.request({
          method: 'POST',
          url: '/api/rest/images',
          payload: { template_uuid: uuid },
        });
        assert.equal(res.statusCode, 200, res.body);
      }
      const usage = () => t.runtime.services.generation.usage(t.project.id);
      assert.deepEqual(await usage(), {
        credits_used: 0,
        credits_reserved: IMAGES,
        credit_limit: null,
        credits_remaining: null,
      });
      stop = startJobProcessing(t.runtime, 2);
      let samples = 0;
      const deadline = Date.now() + 120_000;
      for (;;) {
        const u = await usage();
        samples++;
        assert.equal(u.credits_used + u.credits_reserved, IMAGES, JSON.stringify(u));
        if (u.credits_used === IMAGES) break;
        assert.ok(Date.now() < deadline, `renders did not finish: ${JSON.stringify(u)}`);
        // SQLite answers without leaving the microtask queue: let the renders' events run.
        await new Promise((r) => setImmediate(r));
      }
      assert.ok(samples > IMAGES, `sampled while renders finished (${samples} samples)`);
    });
  });
}
