import assert from 'node:assert/strict';
import os from 'node:os';
import { after, before, describe, it } from 'node:test';
import type { GenerationDeps } from '../../src/core/generation/generation-deps.ts';
import { GenerationService } from '../../src/core/generation/generation-service.ts';
import { sqlGenerationStores } from '../../src/store/sql-generation-stores.ts';
import { testDbKinds } from '../helpers/databases.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';
import { createTemplate } from './_helpers.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`re-delivered render jobs on ${kind}`, { skip }, () => {
    let t: TestApp;
    let uuid: string;
    before(async () => {
      t = await createTestApp(kind, { IMPRINT_RENDER_THREADS: '1' });
      uuid = await createTemplate(t);
    });
    after(async () => t?.close());

    const queue = async () => {
      const res = await t.request({
        method: 'POST',
        url: '/api/rest/images',
        payload: { template_uuid: uuid, webhook_success: 'https://example.com/hook' },
      });
      assert.equal(res.statusCode, 200, res.body);
      return res.json().id as number;
    };
    const job = (id: number, attempt = 1) => ({
      id: `image:${id}`,
      kind: 'render',
      payload: { type: 'image', id },
      attempt,
    });
    const get = async (id: number) =>
      (await t.request({ method: 'GET', url: `/api/rest/images/${id}` })).json();
    const deliveries = async (id: number) =>
      (await t.request({ method: 'GET', url: `/api/rest/images/${id}/webhook-deliveries` })).json()
        .data as unknown[];
    const used = async () =>
      (await t.request({ method: 'GET', url: '/api/rest/usage' })).json().credits_used as number;

    it('renders once, charges once and enqueues one webhook however often the job runs', async () => {
      const { generation } = t.runtime.services;
      const id = await queue();
      await Promise.all([1, 2, 3].map((n) => generation.handleJob(job(id, n))));
      const done = await get(id);
      assert.equal(done.status, 'finished');
      assert.equal(await used(), 1);
      assert.equal((await deliveries(id)).length, 1);
      // Delivered again after it finished (e.g. the process died before acknowledging it).
      await generation.handleJob(job(id, 4));
      assert.deepEqual(await get(id), done);
      assert.equal(await used(), 1);
      assert.equal((await deliveries(id)).length, 1);
    });

    it('lets only one of two live processes finish a job re-delivered during its first run', async () => {
      const { generation } = t.runtime.services;
      // A second process on the same database: its own claim owner and running set.
      const deps = (generation as unknown as { deps: GenerationDeps }).deps;
      const other = new GenerationService(deps);
      const id = await queue();
      // The first delivery renders the never-claimed row without a claim; the re-delivery (its
      // lease expired while the first run was alive) claims the unclaimed row and renders too.
      await Promise.all([generation.handleJob(job(id, 1)), other.handleJob(job(id, 2))]);
      await other.close();
      const done = await get(id);
      assert.equal(done.status, 'finished');
      assert.equal(await used(), 2, 'one more credit than after the first test');
      assert.equal((await deliveries(id)).length, 1);
      assert.equal(
        (await sqlGenerationStores(t.runtime.db).rows.find('image', id))?.status,
        'finished',
      );
    });

    it('takes over at once the claim of a crashed process of this host', async () => {
      const id = await queue();
      const repo = sqlGenerationStores(t.runtime.db).claims;
      // pid 2^22+1 is above Linux's pid_max default range: no such process.
      const dead = `${os.hostname()}:4194305:crashed`;
      assert.equal(await repo.claim('image', id, { owner: dead, leaseMs: 600_000 }), 'claimed');
      const started = Date.now();
      await t.runtime.services.generation.handleJob(job(id, 2));
      assert.equal((await get(id)).status, 'finished');
      assert.ok(Date.now() - started < 10_000, 'did not wait for the 10-minute lease');
    });

    it('leaves a row claimed by a live process alone once the wait is over', async () => {
      const id = await queue();
      const repo = sqlGenerationStores(t.runtime.db).claims;
      const live = `${os.hostname()}:${process.pid}:another-service`;
      assert.equal(await repo.claim('image', id, { owner: live, leaseMs: 600_000 }), 'claimed');
      const other = await repo.claim('image', id, { owner: 'elsewhere:1:x', leaseMs: 1000 });
      assert.equal(other, 'held');
      assert.equal((await get(id)).status, 'queued');
    });
  });
}
