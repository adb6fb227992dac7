/**
 * The scaled-out installation end to end on the jobs-table queue without Redis: two API-only `imprint serve`, two
 * `imprint worker`, PostgreSQL, S3 (s3rver), 120 mixed renders, a worker SIGKILLed and restarted;
 * see test/helpers/scale-out-scenario.ts for what is checked.
 */
import { describe, it } from 'node:test';
import { testDbKinds } from '../helpers/databases.ts';
import { scaleOutScenario } from '../helpers/scale-out-scenario.ts';

const pgSkip = testDbKinds().find((k) => k.kind === 'postgres')?.skip ?? 'PostgreSQL not wanted';

describe('scaled out: 2 API processes, 2 workers, PostgreSQL, S3', () => {
  it(
    'on the jobs table (no Redis): 120 renders finish exactly once across a worker SIGKILL',
    { skip: pgSkip, timeout: 600_000 },
    async (t) => scaleOutScenario(false, t),
  );
});
