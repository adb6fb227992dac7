/** Which failures count as an unreachable dependency (503), and the /ready checks' outcome. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { unavailableDependency, unavailableError } from '../../src/api/unavailable.ts';
import { checkReadiness } from '../../src/core/readiness.ts';
import { QueueUnavailableError } from '../../src/queue/queue-unavailable-error.ts';

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('unavailableDependency', () => {
  it('names the database for connection failures of PostgreSQL and SQLite', () => {
    for (const err of [
      withCode('ECONNREFUSED'),
      withCode('ETIMEDOUT'),
      withCode('57P01', 'terminating connection due to administrator command'),
      withCode('08006'),
      withCode('53300', 'too many connections'),
      withCode('SQLITE_BUSY', 'database is locked'),
      withCode('SQLITE_IOERR_WRITE'),
      withCode('SQLITE_FULL'),
      new Error('Connection terminated unexpectedly'),
      new Error('timeout exceeded when trying to connect'),
      new AggregateError([withCode('ECONNREFUSED')], 'all addresses refused'),
    ]) {
      assert.equal(unavailableDependency(err), 'database', String(err));
    }
  });

  it('names the job queue for a QueueUnavailableError', () => {
    assert.equal(unavailableDependency(new QueueUnavailableError('down')), 'job queue');
  });

  it('leaves every other failure alone (a bug stays a 500)', () => {
    for (const err of [
      new Error('boom'),
      new TypeError('x is undefined'),
      withCode('23505', 'duplicate key value'),
      withCode('SQLITE_CONSTRAINT_UNIQUE'),
      null,
      'text',
    ]) {
      assert.equal(unavailableDependency(err), null, String(err));
    }
  });

  it('makes a 503 with Retry-After naming the dependency', () => {
    const err = unavailableError('database');
    assert.equal(err.status, 503);
    assert.equal(err.headers?.['retry-after'], '5');
    assert.match(err.message, /database is unavailable/);
  });
});

describe('checkReadiness', () => {
  it('reports each check, a failing or silent one as down', async () => {
    const result = await checkReadiness(
      {
        database: async () => undefined,
        redis: () => new Promise<void>(() => undefined), // never answers
        other: async () => {
          throw new Error('refused');
        },
      },
      50,
    );
    assert.deepEqual(result, {
      ready: false,
      checks: { database: 'ok', redis: 'down', other: 'down' },
      down: ['redis', 'other'],
    });
  });

  it('is ready when every check passes', async () => {
    const result = await checkReadiness({ database: async () => undefined });
    assert.deepEqual(result, { ready: true, checks: { database: 'ok' }, down: [] });
  });
});
