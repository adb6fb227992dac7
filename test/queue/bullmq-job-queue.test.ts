/** The JobQueue contract on BullMQ (Redis at TEST_REDIS_URL, default 127.0.0.1:6379). */
import { Queue } from 'bullmq';
import { BullMqJobQueue } from '../../src/queue/bullmq/bullmq-job-queue.ts';
import { newId } from '../../src/core/ids.ts';
import { jobQueueContract } from './job-queue.contract.ts';
import { redisReachable, TEST_REDIS_URL as REDIS_URL } from '../helpers/redis.ts';

const LOCK_MS = 800;

const reachable = await redisReachable();
if (!reachable) {
  console.warn(
    `NOTICE: Redis at ${REDIS_URL} is not reachable; the BullMQ queue tests are skipped.`,
  );
}

jobQueueContract(
  'BullMQ on Redis',
  reachable ? false : `Redis not reachable at ${REDIS_URL}`,
  async () => {
    // A queue name of its own per run, so parallel runs and leftovers never mix.
    const name = `imprint-test-${newId(10)}`;
    return {
      leaseMs: LOCK_MS,
      open: async () =>
        new BullMqJobQueue({
          url: REDIS_URL,
          name,
          lockDurationMs: LOCK_MS,
          stalledIntervalMs: LOCK_MS / 2,
          onError: () => {},
        }),
      teardown: async () => {
        const q = new Queue(name, { connection: { url: REDIS_URL }, prefix: 'imprint' });
        await q.obliterate({ force: true });
        await q.close();
      },
    };
  },
);
