/**
 * The scaled-out installation end to end on BullMQ: two API-only `imprint serve`, two
 * `imprint worker`, PostgreSQL, S3 (s3rver), 120 mixed renders, a worker SIGKILLed and restarted;
 * see test/helpers/scale-out-scenario.ts for what is checked.
 */
import { describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import { redisReachable, TEST_REDIS_URL } from '../helpers/redis.ts';
import { scaleOutScenario } from '../helpers/scale-out-scenario.ts';

const pgSkip = testDbKinds().find((k) => k.kind === 'postgres')?.skip ?? 'PostgreSQL not wanted';
const redisOk = await redisReachable();

describe('scaled out: 2 API processes, 2 workers, PostgreSQL, S3', () => {
  it(
    'on BullMQ (Redis): 120 renders finish exactly once across a worker SIGKILL',
    {
      skip: pgSkip || (redisOk ? false : `Redis not reachable at ${TEST_REDIS_URL}`),
      timeout: 720_000,
    },
    async (t) => scaleOutScenario(true, t),
  );
});
