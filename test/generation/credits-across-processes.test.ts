/**
 * The credit limit holds across processes: two app instances on one database (two connections,
 * like two `imprint serve` processes) receive 20 creations each at once against 10 remaining
 * credits, and exactly 10 are admitted.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTemplate } from './_helpers.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`credit limit across two app instances on ${kind}`, { skip }, () => {
    let a: TestApp;
    let b: TestApp;
    let uuid: string;
    before(
      async () => {
        a = await createTestApp(kind);
        b = await createTestApp(kind, {}, { shareWith: a });
        uuid = await createTemplate(a);
      },
      { timeout: 240_000 },
    );
    after(async () => {
      await b?.close();
      await a?.close();
    });

    it(
      'admits exactly 10 of 40 concurrent creations against 10 remaining credits',
      { timeout: 120_000 },
      async () => {
        // 5 credits already charged, limit 15: 10 remain.
        const done = await a.request({
          method: 'POST',
          url: '/api/rest/images',
          payload: { template_uuid: uuid, create_now: true },
        });
        assert.equal(done.statusCode, 200, done.body);
        await a.runtime.services.generation.setCreditLimit(a.project.id, 6);
        for (let i = 0; i < 4; i++) {
          const r = await b.request({
            method: 'POST',
            url: '/api/rest/images',
            payload: { template_uuid: uuid, create_now: true },
          });
          assert.equal(r.statusCode, 200, r.body);
        }
        await a.runtime.services.generation.setCreditLimit(a.project.id, 15);
        const before = await a.runtime.services.generation.usage(a.project.id);
        assert.deepEqual(before, {
          credits_used: 5,
          credits_reserved: 0,
          credit_limit: 15,
          credits_remaining: 10,
        });

        const create = (t: TestApp) =>
          t.request({ method: 'POST', url: '/api/rest/images', payload: { template_uuid: uuid } });
        const answers = await Promise.all([
          ...Array.from({ length: 20 }, () => create(a)),
          ...Array.from({ length: 20 }, () => create(b)),
        ]);
        const statuses = answers.map((r) => r.statusCode);
        assert.equal(statuses.filter((s) => s === 200).length, 10, statuses.join(','));
        assert.equal(statuses.filter((s) => s === 402).length, 30, statuses.join(','));
        const refused = answers.find((r) => r.statusCode === 402)!.json();
        assert.match(refused.message, /Not enough credits: this image costs 1 credit, but only 0/);
        assert.deepEqual(await b.runtime.services.generation.usage(a.project.id), {
          credits_used: 5,
          credits_reserved: 10,
          credit_limit: 15,
          credits_remaining: 10,
        });
        // The refused creations left no rows behind: ids of the admitted ones are all there is.
        const list = await a.runtime.db
          .selectFrom('images')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        assert.equal(Number(list.n), 15);
      },
    );
  });
}
