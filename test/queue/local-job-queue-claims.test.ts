/**
 * The embedded queue claims only when a claim can bring a job: an enqueue into a group at its
 * share (or with every slot busy) makes no claim, the end of a running job makes one (not a
 * second that finds nothing), and a job of another group is still claimed at once. Polls are pushed out of the test's reach (10 s), so
 * every claim counted comes from a wake-up.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { LocalJobQueue } from '../../src/queue/local/local-job-queue.ts';
import { openDatabase, type Database } from '../../src/store/database.ts';
import { migrateToLatest } from '../../src/store/migrations/index.ts';
import { JobQueueStore } from '../../src/store/job-queue-store.ts';
import { freshDatabase, testDbKinds } from '../helpers/databases.ts';
import { waitFor } from './job-queue.contract.ts';

let claims = 0;
const claim = JobQueueStore.prototype.claim;
JobQueueStore.prototype.claim = function (...args) {
  claims++;
  return claim.apply(this, args);
};
after(() => {
  JobQueueStore.prototype.claim = claim;
});

for (const { kind, skip } of testDbKinds()) {
  describe(`local queue claims on ${kind}`, { skip }, () => {
    let db: Database;
    let fresh: Awaited<ReturnType<typeof freshDatabase>>;
    before(async () => {
      fresh = await freshDatabase(kind);
      db = openDatabase(fresh.target);
      await migrateToLatest(db);
    });
    after(async () => {
      await db?.destroy();
      await fresh?.drop();
    });

    it('makes no claim for jobs it cannot take, and takes them when a slot frees', async () => {
      const q = new LocalJobQueue(db, { minPollMs: 10_000, maxPollMs: 10_000, onError: () => {} });
      const running = new Map<string, number>();
      let peakA = 0;
      const done: string[] = [];
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      q.consume(
        async (job) => {
          const g = String(job.payload.g);
          running.set(g, (running.get(g) ?? 0) + 1);
          if (g === 'a') peakA = Math.max(peakA, running.get(g)!);
          if (g === 'a') await gate;
          running.set(g, running.get(g)! - 1);
          done.push(job.id);
        },
        { concurrency: 4, groupLimit: 2 },
      );
      try {
        // Let the start-up claim (recovery, then a wake) pass before counting.
        await waitFor(() => claims > 0, 10_000, 'the first claim');
        await q.enqueue('k', { g: 'a' }, { jobId: 'a-0', group: 'a' });
        await q.enqueue('k', { g: 'a' }, { jobId: 'a-1', group: 'a' });
        await waitFor(() => running.get('a') === 2, 10_000, 'group a at its share');

        const before = claims;
        for (let i = 2; i < 22; i++)
          await q.enqueue('k', { g: 'a' }, { jobId: `a-${i}`, group: 'a' });
        assert.ok(
          claims - before <= 1,
          `20 enqueues into a full group made ${claims - before} claims`,
        );

        // Another group's job is claimed at once, not at the next poll 10 s away.
        await q.enqueue('k', { g: 'b' }, { jobId: 'b-0', group: 'b' });
        await waitFor(() => done.includes('b-0'), 5_000, 'the job of group b');

        // Draining the backlog: one claim per finished job, not a second one that walks past the
        // group's queued jobs and finds nothing (the old code made about 40 here).
        const draining = claims;
        open();
        await waitFor(() => done.length === 23, 15_000, 'every job');
        assert.ok(claims - draining <= 24, `draining 21 jobs made ${claims - draining} claims`);
        assert.equal(peakA, 2, 'group a never ran more than its share');
      } finally {
        // A failed assertion must not leave handlers waiting on the gate (the test would hang).
        open();
        await q.close();
      }
    });

    it('takes another process’s job while it drains one group’s backlog', async () => {
      const other = openDatabase(fresh.target);
      // Default poll timings: the job from the other connection is seen by a poll or a claim
      // after the remembered short claim has aged, not after the backlog.
      const q = new LocalJobQueue(db, { onError: () => {} });
      const elsewhere = new LocalJobQueue(other, { onError: () => {} });
      let backlogDone = 0;
      let backlogDoneWhenOtherStarted = -1;
      q.consume(
        async (job) => {
          if (job.payload.g === 'big') {
            await new Promise((resolve) => setTimeout(resolve, 20));
            backlogDone++;
          } else backlogDoneWhenOtherStarted = backlogDone;
        },
        { concurrency: 8, groupLimit: 2 },
      );
      try {
        for (let i = 0; i < 150; i++) {
          await q.enqueue('k', { g: 'big' }, { jobId: `big-${i}`, group: 'big' });
        }
        await waitFor(() => backlogDone >= 10, 10_000, 'the backlog draining');
        await elsewhere.enqueue('k', { g: 'none' }, { jobId: 'from-elsewhere' });
        await waitFor(() => backlogDoneWhenOtherStarted >= 0, 20_000, 'the other process’s job');
        assert.ok(
          backlogDoneWhenOtherStarted < 100,
          `the other job started after ${backlogDoneWhenOtherStarted} of 150 backlog jobs`,
        );
        await waitFor(() => backlogDone === 150, 20_000, 'the backlog');
      } finally {
        await q.close();
        await elsewhere.close();
        await other.destroy();
      }
    });
  });
}
