import assert from 'node:assert/strict';
import path from 'node:path';
import { describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../../src/config.ts';

describe('config', () => {
  it('has embedded defaults', () => {
    const c = loadConfig({});
    assert.equal(c.port, 3000);
    assert.equal(c.publicUrl, 'http://localhost:3000');
    assert.equal(c.dataDir, path.resolve('./data'));
    assert.deepEqual(c.database, { kind: 'sqlite', file: path.resolve('./data/imprint.sqlite') });
    assert.equal(c.rateLimitPerMinute, 0);
    assert.equal(c.createNowLimit, 10);
    assert.ok(Object.isFrozen(c));
  });

  it('follows PORT in the default public URL and strips a trailing slash', () => {
    assert.equal(loadConfig({ PORT: '8080' }).publicUrl, 'http://localhost:8080');
    assert.equal(
      loadConfig({ IMPRINT_PUBLIC_URL: 'https://img.example.com/' }).publicUrl,
      'https://img.example.com',
    );
  });

  it('switches to PostgreSQL with DATABASE_URL', () => {
    assert.deepEqual(loadConfig({ DATABASE_URL: 'postgres://u@h:5432/db' }).database, {
      kind: 'postgres',
      url: 'postgres://u@h:5432/db',
    });
  });

  for (const [variable, value] of [
    ['PORT', 'abc'],
    ['PORT', '70000'],
    // Port 0 binds a random port that nothing is told about; links would say localhost:0.
    ['PORT', '0'],
    ['DATABASE_URL', 'mysql://x'],
    ['IMPRINT_PUBLIC_URL', 'not a url'],
    ['IMPRINT_ALLOW_PRIVATE_URLS', 'maybe'],
    ['LOG_LEVEL', 'loud'],
    ['IMPRINT_RATE_LIMIT', '-1'],
  ] as const) {
    it(`refuses ${variable}=${value} naming the variable`, () => {
      assert.throws(
        () => loadConfig({ [variable]: value }),
        (err: unknown) =>
          err instanceof ConfigError && err.variable === variable && err.message.includes(variable),
      );
    });
  }
});
