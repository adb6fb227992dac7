/**
 * The rate limit is shared by the processes of an installation: two app instances (two
 * `imprint serve` behind a load balancer) count one budget per token, in the database without
 * Redis and in Redis with REDIS_URL.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Redis } from 'ioredis';
import { newId } from '../../src/core/ids.ts';
import { testDbKinds } from '../helpers/databases.ts';
import { redisReachable, TEST_REDIS_URL } from '../helpers/redis.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

const redisOk = await redisReachable();

/** Stays clear of a minute boundary (windows are clock minutes). */
async function awayFromWindowEnd(): Promise<void> {
  const msLeft = 60_000 - (Date.now() % 60_000);
  if (msLeft < 8000) await new Promise((r) => setTimeout(r, msLeft + 100));
}

/** 3 requests on each instance, alternating, then one more: the shared budget of 5 is spent. */
async function checkShared(a: TestApp, b: TestApp): Promise<void> {
  await awayFromWindowEnd();
  const remaining: string[] = [];
  for (let i = 0; i < 5; i++) {
    const res = await (i % 2 === 0 ? a : b).request({ method: 'GET', url: '/api/rest/usage' });
    assert.equal(res.statusCode, 200, res.body);
    remaining.push(String(res.headers['x-ratelimit-remaining']));
  }
  assert.deepEqual(remaining, ['4', '3', '2', '1', '0']);
  for (const t of [a, b]) {
    const over = await t.request({ method: 'GET', url: '/api/rest/usage' });
    assert.equal(over.statusCode, 429, over.body);
    assert.match(over.json().message, /5 requests per minute/);
  }
  // The other project's token has its own budget on both instances.
  const other = await b.request({ method: 'GET', url: '/api/rest/usage', token: a.other.token });
  assert.equal(other.headers['x-ratelimit-remaining'], '4');
}

for (const { kind, skip } of testDbKinds()) {
  describe(`rate limit shared by two app instances in the ${kind} database`, { skip }, () => {
    let a: TestApp;
    let b: TestApp;
    before(async () => {
      a = await createTestApp(kind, { IMPRINT_RATE_LIMIT: '5' });
      b = await createTestApp(kind, { IMPRINT_RATE_LIMIT: '5' }, { shareWith: a });
    });
    after(async () => {
      await b?.close();
      await a?.close();
    });

    it('counts one budget per token across both instances', async () => {
      await checkShared(a, b);
    });
  });
}

describe(
  'rate limit shared by two app instances in Redis',
  {
    skip: redisOk ? false : `Redis not reachable at ${TEST_REDIS_URL}`,
  },
  () => {
    const prefix = `imprint-test-${newId(8)}`;
    let a: TestApp;
    let b: TestApp;
    const env = {
      IMPRINT_RATE_LIMIT: '5',
      REDIS_URL: TEST_REDIS_URL,
      IMPRINT_REDIS_PREFIX: prefix,
    };
    before(async () => {
      a = await createTestApp('sqlite', env);
      b = await createTestApp('sqlite', env, { shareWith: a });
    });
    after(async () => {
      await b?.close();
      await a?.close();
    });

    it('counts in Redis, under the installation prefix, with an expiry', async () => {
      await checkShared(a, b);
      const redis = new Redis(TEST_REDIS_URL);
      try {
        const keys = await redis.keys(`${prefix}:ratelimit:*`);
        assert.equal(keys.length, 2, keys.join(', '));
        const ttl = await redis.pttl(keys[0]);
        assert.ok(ttl > 0 && ttl <= 120_000, String(ttl));
        // Nothing counted in the database: Redis is the shared counter.
        const rows = await a.runtime.db.selectFrom('rate_limit_counters').selectAll().execute();
        assert.equal(rows.length, 0);
        await redis.del(...keys);
      } finally {
        redis.disconnect();
      }
    });
  },
);
