/**
 * The embedded queue after a real crash: a consumer process is SIGKILLed while it runs jobs with a
 * long lease; a consumer started afterwards on the same host sees that the holder's process is
 * gone and runs its jobs at once (no waiting for the lease), each exactly once more.
 */
import assert from 'node:assert/strict';
import { spawnChild } from '../helpers/child-processes.ts';
import { describe, it } from 'node:test';
import type { Job } from '../../src/core/ports/job-queue.ts';
import { LocalJobQueue } from '../../src/queue/local/local-job-queue.ts';
import { openDatabase } from '../../src/store/database.ts';
import { JobQueueStore } from '../../src/store/job-queue-store.ts';
import { migrateToLatest } from '../../src/store/migrations/index.ts';
import { freshDatabase, testDbKinds } from '../helpers/databases.ts';
import { waitFor } from './job-queue.contract.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`local queue on ${kind}: restart after SIGKILL`, { skip }, () => {
    it('re-queues the jobs of a killed process at the next start, without waiting for the lease', async (t) => {
      const fresh = await freshDatabase(kind);
      const db = openDatabase(fresh.target);
      await migrateToLatest(db);
      const producer = new LocalJobQueue(db);
      for (const id of ['a', 'b', 'c', 'd']) await producer.enqueue('k', { id }, { jobId: id });

      const child = spawnChild(
        process.execPath,
        [
          '--import',
          'tsx',
          new URL('./fixtures/hang-consumer.ts', import.meta.url).pathname,
          JSON.stringify(fresh.target),
        ],
        { stdio: ['ignore', 'pipe', 'pipe'], t },
      );
      let out = '';
      child.stdout!.on('data', (d) => (out += String(d)));
      await waitFor(
        () => (out.match(/^took /gm) ?? []).length === 3,
        30_000,
        'the child to take 3 jobs',
      );
      const store = new JobQueueStore(db);
      assert.deepEqual(await store.counts(), { queued: 1, running: 3, done: 0, failed: 0 });
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;

      // Lease of 60 s: only the dead-process check can make this fast.
      const restarted = new LocalJobQueue(db, { leaseMs: 60_000 });
      const got: Job[] = [];
      const t0 = Date.now();
      restarted.consume(
        async (job) => {
          got.push(job);
        },
        { concurrency: 4 },
      );
      await waitFor(() => got.length === 4, 10_000, 'all 4 jobs after the restart');
      assert.ok(Date.now() - t0 < 10_000);
      const taken = out.match(/^took (\w+)$/gm)!.map((l) => l.slice(5));
      for (const job of got) {
        assert.equal(job.attempt, taken.includes(job.id) ? 2 : 1, `attempt of ${job.id}`);
      }
      assert.deepEqual(got.map((j) => j.id).sort(), ['a', 'b', 'c', 'd']);
      await restarted.close();
      assert.deepEqual(await store.counts(), { queued: 0, running: 0, done: 4, failed: 0 });
      await producer.close();
      await db.destroy();
      await fresh.drop();
    });
  });
}
