/**
 * The one contract suite of the JobQueue port, run against every adapter (embedded queue on
 * SQLite and PostgreSQL, BullMQ on Redis). Each "process" is a separate queue instance with its
 * own connections to the shared backend; a dying process is simulated with abandon().
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Job, JobQueue } from '../../src/core/ports/job-queue.ts';

/** A queue that can also stop as if its process had died. */
export type AbandonableQueue = JobQueue & { abandon(): Promise<void> };

/** How the suite reaches one adapter. */
export interface QueueHarness {
  /** A new queue instance on the shared backend, as another process would have. */
  open(): Promise<AbandonableQueue>;
  /** The lease/lock duration the opened queues use (re-delivery happens after it). */
  leaseMs: number;
  /** Drops the backend's data. */
  teardown(): Promise<void>;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Resolves once `check()` is true; fails after `ms` with `what`. */
export async function waitFor(check: () => boolean, ms: number, what: string): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) assert.fail(`timed out after ${ms} ms waiting for ${what}`);
    await sleep(10);
  }
}

/** Registers the contract tests for one adapter. */
export function jobQueueContract(
  name: string,
  skip: string | false,
  makeHarness: () => Promise<QueueHarness>,
): void {
  describe(`JobQueue contract: ${name}`, { skip }, () => {
    let harness: QueueHarness;
    const opened: AbandonableQueue[] = [];
    const open = async () => {
      const q = await harness.open();
      opened.push(q);
      return q;
    };

    before(async () => {
      harness = await makeHarness();
    });
    after(async () => {
      for (const q of opened) await q.close().catch(() => undefined);
      await harness?.teardown();
    });

    it('delivers every enqueued job once with its id, kind, payload and attempt 1', async () => {
      const q = await open();
      const got: Job[] = [];
      q.consume(
        async (job) => {
          got.push(job);
        },
        { concurrency: 2 },
      );
      await q.enqueue(
        'render-image',
        { imageId: 1, nested: { a: [1, 'x'] } },
        { jobId: 'image:1' },
      );
      await q.enqueue('render-pdf', { pdfId: 7 }, { jobId: 'pdf:7' });
      for (let i = 0; i < 5; i++) await q.enqueue('other', { i });
      await waitFor(() => got.length === 7, 10_000, '7 jobs');
      await sleep(200);
      assert.equal(got.length, 7, 'no job delivered twice');
      const image = got.find((j) => j.id === 'image:1');
      assert.deepEqual(image, {
        id: 'image:1',
        kind: 'render-image',
        payload: { imageId: 1, nested: { a: [1, 'x'] } },
        attempt: 1,
      });
      assert.equal(got.find((j) => j.id === 'pdf:7')?.kind, 'render-pdf');
      assert.deepEqual(
        got
          .filter((j) => j.kind === 'other')
          .map((j) => j.payload.i)
          .sort(),
        [0, 1, 2, 3, 4],
      );
      assert.equal(new Set(got.map((j) => j.id)).size, 7, 'generated ids are unique');
      await q.close();
    });

    it('runs at most `concurrency` handlers at once, and uses all of them', async () => {
      const q = await open();
      let inFlight = 0;
      let peak = 0;
      let done = 0;
      for (let i = 0; i < 12; i++) await q.enqueue('slow', { i });
      q.consume(
        async () => {
          inFlight++;
          peak = Math.max(peak, inFlight);
          await sleep(80);
          inFlight--;
          done++;
        },
        { concurrency: 3 },
      );
      await waitFor(() => done === 12, 15_000, '12 slow jobs');
      assert.equal(peak, 3);
      await q.close();
    });

    it('runs at most `groupLimit` jobs of one group at once, and other groups’ jobs meanwhile', async () => {
      const q = await open();
      const inFlight = new Map<string, number>();
      const peak = new Map<string, number>();
      const done: Job[] = [];
      let releaseA!: () => void;
      const gateA = new Promise<void>((resolve) => (releaseA = resolve));
      // Group a comes first with more jobs than the consumer has slots.
      for (let i = 0; i < 8; i++) {
        await q.enqueue('k', { g: 'a', i }, { jobId: `group-a-${i}`, group: 'a' });
      }
      q.consume(
        async (job) => {
          const g = String(job.payload.g);
          inFlight.set(g, (inFlight.get(g) ?? 0) + 1);
          peak.set(g, Math.max(peak.get(g) ?? 0, inFlight.get(g)!));
          if (g === 'a') await gateA;
          else await sleep(20);
          inFlight.set(g, inFlight.get(g)! - 1);
          done.push(job);
        },
        { concurrency: 4, groupLimit: 2 },
      );
      await waitFor(() => inFlight.get('a') === 2, 10_000, 'two jobs of group a');
      for (let i = 0; i < 3; i++) {
        await q.enqueue('k', { g: 'b', i }, { jobId: `group-b-${i}`, group: 'b' });
      }
      await q.enqueue('k', { g: 'none' }, { jobId: 'no-group' });
      await waitFor(() => done.length === 4, 10_000, 'group b and the ungrouped job');
      assert.equal(inFlight.get('a'), 2, 'group a still holds only its share');
      releaseA();
      await waitFor(() => done.length === 12, 15_000, 'every job');
      assert.equal(peak.get('a'), 2, 'group a never ran more than its share');
      assert.ok((peak.get('b') ?? 0) <= 2, `group b ran ${peak.get('b')} at once`);
      assert.deepEqual(
        done.filter((j) => j.attempt !== 1).map((j) => `${j.id}@${j.attempt}`),
        [],
        'a job held back for its group is still a first delivery',
      );
      await q.close();
    });

    it('runs at most `kindLimits[kind]` jobs of a kind at once, and other kinds meanwhile', async () => {
      const q = await open();
      const inFlight = new Map<string, number>();
      const peak = new Map<string, number>();
      const done: Job[] = [];
      let releaseLong!: () => void;
      const gateLong = new Promise<void>((resolve) => (releaseLong = resolve));
      // Long jobs come first, more of them than the consumer has slots (like a video backlog).
      for (let i = 0; i < 6; i++) await q.enqueue('long', { i }, { jobId: `long-${i}` });
      q.consume(
        async (job) => {
          inFlight.set(job.kind, (inFlight.get(job.kind) ?? 0) + 1);
          peak.set(job.kind, Math.max(peak.get(job.kind) ?? 0, inFlight.get(job.kind)!));
          if (job.kind === 'long') await gateLong;
          else await sleep(20);
          inFlight.set(job.kind, inFlight.get(job.kind)! - 1);
          done.push(job);
        },
        { concurrency: 3, kindLimits: { long: 1 } },
      );
      await waitFor(() => inFlight.get('long') === 1, 10_000, 'one long job');
      for (let i = 0; i < 5; i++) await q.enqueue('short', { i }, { jobId: `short-${i}` });
      await waitFor(() => done.length === 5, 10_000, 'the short jobs, beside the long one');
      assert.equal(inFlight.get('long'), 1, 'still one long job running');
      assert.ok((peak.get('short') ?? 0) >= 2, 'short jobs used the slots long ones left');
      releaseLong();
      await waitFor(() => done.length === 11, 15_000, 'every job');
      assert.equal(peak.get('long'), 1, 'never two long jobs at once');
      assert.deepEqual(
        done.filter((j) => j.attempt !== 1).map((j) => `${j.id}@${j.attempt}`),
        [],
        'a job held back for its kind is still a first delivery',
      );
      await q.close();
    });

    it('deduplicates by jobId, also after the job ran', async () => {
      const q = await open();
      const seen: string[] = [];
      await q.enqueue('k', { v: 'first' }, { jobId: 'dup-1' });
      await q.enqueue('k', { v: 'second' }, { jobId: 'dup-1' });
      q.consume(
        async (job) => {
          seen.push(`${job.id}=${String(job.payload.v)}`);
        },
        { concurrency: 2 },
      );
      await waitFor(() => seen.length === 1, 10_000, 'the first job');
      await q.enqueue('k', { v: 'third' }, { jobId: 'dup-1' });
      await q.enqueue('k', { v: 'other' }, { jobId: 'dup-2' });
      await waitFor(() => seen.length === 2, 10_000, 'the second id');
      await sleep(300);
      assert.deepEqual(seen, ['dup-1=first', 'dup-2=other']);
      await q.close();
    });

    it('keeps jobs enqueued while no consumer runs, for a later process', async () => {
      const producer = await open();
      await producer.enqueue('k', { n: 1 }, { jobId: 'kept-1' });
      await producer.enqueue('k', { n: 2 }, { jobId: 'kept-2' });
      await producer.close();
      const consumer = await open();
      const ids: string[] = [];
      consumer.consume(
        async (job) => {
          ids.push(job.id);
        },
        { concurrency: 1 },
      );
      await waitFor(() => ids.length === 2, 10_000, 'both kept jobs');
      assert.deepEqual(ids.sort(), ['kept-1', 'kept-2']);
      await consumer.close();
    });

    it('marks a job whose handler throws as failed without running it again', async () => {
      const q = await open();
      const calls: string[] = [];
      q.consume(
        async (job) => {
          calls.push(job.id);
          if (job.id === 'bad') throw new Error('render failed on purpose');
        },
        { concurrency: 2 },
      );
      await q.enqueue('k', {}, { jobId: 'bad' });
      await q.enqueue('k', {}, { jobId: 'good' });
      await waitFor(() => calls.length === 2, 10_000, 'both jobs');
      await sleep(harness.leaseMs * 2.5);
      assert.deepEqual(calls.sort(), ['bad', 'good']);
      await q.close();
    });

    it('re-delivers a job whose consumer died mid-run to another consumer after the lease', async () => {
      const dying = await open();
      const started: Job[] = [];
      dying.consume(
        async (job) => {
          started.push(job);
          await new Promise(() => undefined); // never finishes: the process "dies" holding it
        },
        { concurrency: 1 },
      );
      await dying.enqueue('render-image', { imageId: 42 }, { jobId: 'orphan' });
      await waitFor(() => started.length === 1, 10_000, 'the first delivery');
      // The rescuer is already consuming when the other one dies, so only the expiring lease
      // (not a start-up recovery) can give it the job.
      const rescuer = await open();
      const rescued: Job[] = [];
      rescuer.consume(
        async (job) => {
          rescued.push(job);
        },
        { concurrency: 1 },
      );
      await sleep(harness.leaseMs * 1.5);
      assert.equal(rescued.length, 0, 'not taken while its holder renews the lease');
      await dying.abandon();
      await waitFor(() => rescued.length === 1, harness.leaseMs * 6 + 10_000, 'the re-delivery');
      assert.equal(rescued[0].id, 'orphan');
      assert.deepEqual(rescued[0].payload, { imageId: 42 });
      assert.equal(rescued[0].attempt, 2);
      await sleep(harness.leaseMs * 2);
      assert.equal(rescued.length, 1, 'delivered again exactly once');
      await rescuer.close();
    });

    it('never gives one job to two consumers at the same time', async () => {
      const a = await open();
      const b = await open();
      const runs = new Map<string, number>();
      const by = { a: 0, b: 0 };
      const handler = (who: 'a' | 'b') => async (job: Job) => {
        runs.set(job.id, (runs.get(job.id) ?? 0) + 1);
        by[who]++;
        await sleep(5 + (Number(job.payload.i) % 4) * 5);
      };
      a.consume(handler('a'), { concurrency: 4 });
      b.consume(handler('b'), { concurrency: 4 });
      const total = 80;
      await Promise.all(
        Array.from({ length: total }, (_, i) =>
          (i % 2 ? a : b).enqueue('k', { i }, { jobId: `race-${i}` }),
        ),
      );
      await waitFor(() => by.a + by.b >= total, 30_000, `${total} jobs`);
      await sleep(300);
      assert.equal(runs.size, total);
      const twice = [...runs].filter(([, n]) => n !== 1);
      assert.deepEqual(twice, [], 'every job ran exactly once');
      assert.equal(by.a + by.b, total);
      await Promise.all([a.close(), b.close()]);
    });

    it('close() waits for running handlers and then takes no more jobs', async () => {
      const q = await open();
      let finished = 0;
      let started = 0;
      q.consume(
        async () => {
          started++;
          await sleep(150);
          finished++;
        },
        { concurrency: 2 },
      );
      await q.enqueue('k', {}, { jobId: 'closing-1' });
      await q.enqueue('k', {}, { jobId: 'closing-2' });
      await waitFor(() => started === 2, 10_000, 'both running');
      await q.close();
      assert.equal(finished, 2, 'close resolved only after the running handlers');
      await assert.rejects(q.enqueue('k', {}), /closed/);
    });
  });
}
