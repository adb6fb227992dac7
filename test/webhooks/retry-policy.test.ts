/** The retry schedule: which answers are retried and how long each wait is. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FetchError } from '../../src/net/fetch-error.ts';
import {
  DEFAULT_MAX_ATTEMPTS,
  isRetryableFetchError,
  isRetryableStatus,
  retryDelayMs,
} from '../../src/webhooks/retry-policy.ts';
import { signatureHeader, verifySignature } from '../../src/webhooks/webhook-signature.ts';

describe('webhook retry policy', () => {
  it('retries 408, 429 and 5xx, not other answers', () => {
    for (const s of [408, 429, 500, 502, 503, 504])
      assert.equal(isRetryableStatus(s), true, `${s}`);
    for (const s of [300, 301, 400, 401, 403, 404, 410, 422]) {
      assert.equal(isRetryableStatus(s), false, `${s}`);
    }
  });

  it('retries connection problems, not refused addresses or bad URLs', () => {
    const e = (reason: ConstructorParameters<typeof FetchError>[1]) =>
      new FetchError('http://x', reason, 'x');
    assert.equal(isRetryableFetchError(e('connection')), true);
    assert.equal(isRetryableFetchError(e('timeout')), true);
    assert.equal(isRetryableFetchError(e('dns')), true);
    assert.equal(isRetryableFetchError(e('blocked_address')), false);
    assert.equal(isRetryableFetchError(e('invalid_url')), false);
    assert.equal(isRetryableFetchError(e('too_many_redirects')), false);
  });

  it('doubles the wait each time; the default schedule spans about 20 minutes', () => {
    const noJitter = () => 0;
    assert.deepEqual(
      [1, 2, 3, 4].map((n) => retryDelayMs(10_000, n, undefined, noJitter)),
      [10_000, 20_000, 40_000, 80_000],
    );
    let total = 0;
    for (let n = 1; n < DEFAULT_MAX_ATTEMPTS; n++)
      total += retryDelayMs(10_000, n, undefined, noJitter);
    assert.ok(total > 15 * 60_000 && total < 30 * 60_000, `total ${total}`);
    const jittered = retryDelayMs(1000, 1, undefined, () => 1);
    assert.equal(jittered, 1100);
  });

  it('honours a longer Retry-After, capped at an hour', () => {
    assert.equal(
      retryDelayMs(1000, 1, '30', () => 0),
      30_000,
    );
    assert.equal(
      retryDelayMs(1000, 1, '0', () => 0),
      1000,
    );
    assert.equal(
      retryDelayMs(1000, 1, '999999', () => 0),
      3_600_000,
    );
    assert.equal(
      retryDelayMs(1000, 1, 'garbage', () => 0),
      1000,
    );
  });
});

describe('webhook signature', () => {
  it('verifies its own header and rejects changed bodies, secrets and old timestamps', () => {
    const now = 1_800_000_000;
    const header = signatureHeader('whsec_a', now, '{"id":1}');
    assert.equal(verifySignature(header, '{"id":1}', 'whsec_a', 300, now + 10), true);
    assert.equal(verifySignature(header, '{"id":2}', 'whsec_a', 300, now), false);
    assert.equal(verifySignature(header, '{"id":1}', 'whsec_b', 300, now), false);
    assert.equal(verifySignature(header, '{"id":1}', 'whsec_a', 300, now + 301), false);
    assert.equal(verifySignature('t=abc,v1=00', '{"id":1}', 'whsec_a'), false);
  });
});
