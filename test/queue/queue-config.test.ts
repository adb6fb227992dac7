/**
 * The job settings of the config: IMPRINT_QUEUE_CONCURRENCY, IMPRINT_PROJECT_JOB_SHARE,
 * IMPRINT_RUN_JOBS, IMPRINT_REDIS_PREFIX.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';
import { projectJobShare } from '../../src/main.ts';

describe('job settings', () => {
  it('runs renderThreads × 4 jobs at once by default, or IMPRINT_QUEUE_CONCURRENCY', () => {
    assert.equal(loadConfig({ IMPRINT_RENDER_THREADS: '3' }).queueConcurrency, 12);
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

  it('gives one project half of the jobs at once by default, or IMPRINT_PROJECT_JOB_SHARE', () => {
    const plain = loadConfig({});
    assert.equal(plain.projectJobShare, null);
    assert.equal(projectJobShare(plain, 8), 4);
    assert.equal(projectJobShare(plain, 5), 3);
    assert.equal(projectJobShare(plain, 1), 1);
    const set = loadConfig({ IMPRINT_PROJECT_JOB_SHARE: '3' });
    assert.equal(set.projectJobShare, 3);
    assert.equal(projectJobShare(set, 8), 3);
    assert.equal(projectJobShare(set, 2), 2, 'never more than the concurrency');
    for (const bad of ['0', '-1', 'half', '1.5']) {
      assert.throws(
        () => loadConfig({ IMPRINT_PROJECT_JOB_SHARE: bad }),
        (err) => err instanceof ConfigError && err.variable === 'IMPRINT_PROJECT_JOB_SHARE',
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
