/**
 * On PostgreSQL, a consumer is woken by another process's enqueue (LISTEN/NOTIFY): with a poll
 * interval of 60 s, only the notification can make it claim the job within the test's time. A
 * consumer without the subscription shows the poll would not have; a parallel schema's job does
 * not wake it.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { sql } from 'kysely';
import { LocalJobQueue } from '../../src/queue/local/local-job-queue.ts';
import type { Job } from '../../src/core/ports/job-queue.ts';
import { openDatabase, type Database, type DatabaseTarget } from '../../src/store/database.ts';
import { jobChannel, listenForJobs } from '../../src/store/job-notifications.ts';
import { migrateToLatest } from '../../src/store/migrations/index.ts';
import { freshDatabase, testDbKinds } from '../helpers/databases.ts';

const pgKind = testDbKinds().find((k) => k.kind === 'postgres');
const POLL_MS = 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe(
  'embedded queue wake-up across processes on postgres',
  {
    skip: pgKind ? pgKind.skip : 'PostgreSQL not selected',
  },
  () => {
    const fresh: Array<Awaited<ReturnType<typeof freshDatabase>>> = [];
    const dbs: Database[] = [];
    const queues: LocalJobQueue[] = [];
    let target: DatabaseTarget;
    let otherTarget: DatabaseTarget;

    const open = async (t: DatabaseTarget) => {
      const db = openDatabase(t);
      dbs.push(db);
      return db;
    };
    /** A consumer that polls once a minute; `listen` subscribes it to notifications. */
    const consumer = async (t: DatabaseTarget, listen: boolean) => {
      const seen: Array<{ job: Job; at: number }> = [];
      const q = new LocalJobQueue(await open(t), {
        minPollMs: POLL_MS,
        maxPollMs: POLL_MS,
        onError: () => {},
        ...(listen && t.kind === 'postgres'
          ? { listen: (wake: () => void) => listenForJobs(t, wake, () => {}) }
          : {}),
      });
      queues.push(q);
      q.consume(async (job) => void seen.push({ job, at: Date.now() }), { concurrency: 2 });
      // Its first poll (at start) finds nothing; the next one is a minute away.
      await sleep(1000);
      return seen;
    };
    const producer = async (t: DatabaseTarget) => {
      const q = new LocalJobQueue(await open(t), { onError: () => {} });
      queues.push(q);
      return q;
    };
    const waitFor = async (seen: unknown[], n: number, ms: number) => {
      const until = Date.now() + ms;
      while (seen.length < n && Date.now() < until) await sleep(20);
    };

    before(async () => {
      for (let i = 0; i < 2; i++) {
        const f = await freshDatabase('postgres');
        fresh.push(f);
        const db = await open(f.target);
        await migrateToLatest(db);
      }
      [target, otherTarget] = fresh.map((f) => f.target);
    });
    after(async () => {
      for (const q of queues) await q.close();
      for (const db of dbs) await db.destroy();
      for (const f of fresh) await f.drop();
    });

    it('claims a job enqueued by another process without waiting for its poll', async () => {
      const seen = await consumer(target, true);
      const deaf = await consumer(otherTarget, false);
      const p = await producer(target);
      const sent = Date.now();
      await p.enqueue('ping', { n: 1 }, { jobId: 'notify-1' });
      await waitFor(seen, 1, 20_000);
      assert.equal(seen.length, 1, 'the listening consumer was not woken');
      assert.equal(seen[0].job.id, 'notify-1');
      assert.ok(seen[0].at - sent < POLL_MS);

      // Control: a consumer without the subscription does not see the other schema's job
      // before its next poll (a minute away), so only the notification explains the pickup.
      const other = await producer(otherTarget);
      await other.enqueue('ping', { n: 2 }, { jobId: 'deaf-1' });
      await sleep(1500);
      assert.equal(deaf.length, 0);
      assert.equal(seen.length, 1, "another schema's job woke the listener");
    });

    it('listens again after its connection is killed', async () => {
      // Only this test's consumer may take the job.
      for (const q of queues.splice(0)) await q.close();
      const seen = await consumer(target, true);
      const p = await producer(target);
      const schema = target.kind === 'postgres' ? target.schema : undefined;
      const listenQuery = `listen "${jobChannel(schema ?? 'public')}"`;
      const killed = await sql<{ n: number }>`select count(pg_terminate_backend(pid))::int as n
        from pg_stat_activity where query = ${listenQuery}`.execute(dbs[0]);
      assert.ok(killed.rows[0].n >= 1, 'no listening connection found');
      // The listener re-opens its connection a second after the error.
      await sleep(3000);
      await p.enqueue('ping', { n: 3 }, { jobId: 'after-reconnect' });
      await waitFor(seen, 1, 20_000);
      assert.deepEqual(
        seen.map((x) => x.job.id),
        ['after-reconnect'],
        'not woken after the reconnect',
      );
    });
  },
);
