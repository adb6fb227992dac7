/** The job settings of the config: IMPRINT_QUEUE_CONCURRENCY, IMPRINT_RUN_JOBS, IMPRINT_REDIS_PREFIX. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('job settings', () => {
  it('runs renderThreads × 2 jobs at once by default, or IMPRINT_QUEUE_CONCURRENCY', () => {
    assert.equal(loadConfig({ IMPRINT_RENDER_THREADS: '3' }).queueConcurrency, 6);
    assert.equal(
      loadConfig({ IMPRINT_RENDER_THREADS: '3', IMPRINT_QUEUE_CONCURRENCY: '10' }).queueConcurrency,
      10,
    );
    for (const bad of ['0', '-1', 'four', '2.5']) {
      assert.throws(
        () => loadConfig({ IMPRINT_QUEUE_CONCURRENCY: bad }),
        (err) => err instanceof ConfigError && err.variable === 'IMPRINT_QUEUE_CONCURRENCY',
      );
    }
  });

  it('processes jobs in serve unless IMPRINT_RUN_JOBS is off', () => {
    assert.equal(loadConfig({}).runJobs, true);
    assert.equal(loadConfig({ IMPRINT_RUN_JOBS: '0' }).runJobs, false);
    assert.equal(loadConfig({ IMPRINT_RUN_JOBS: 'false' }).runJobs, false);
    assert.equal(loadConfig({ IMPRINT_RUN_JOBS: '1' }).runJobs, true);
    assert.throws(
      () => loadConfig({ IMPRINT_RUN_JOBS: 'maybe' }),
      (err) => err instanceof ConfigError && /IMPRINT_RUN_JOBS/.test(err.message),
    );
  });

  it('prefixes BullMQ keys with IMPRINT_REDIS_PREFIX (default imprint), a plain name', () => {
    assert.equal(loadConfig({}).redisPrefix, 'imprint');
    assert.equal(loadConfig({ IMPRINT_REDIS_PREFIX: 'shop-a' }).redisPrefix, 'shop-a');
    assert.throws(
      () => loadConfig({ IMPRINT_REDIS_PREFIX: 'a:b' }),
      (err) => err instanceof ConfigError && err.variable === 'IMPRINT_REDIS_PREFIX',
    );
  });
});
