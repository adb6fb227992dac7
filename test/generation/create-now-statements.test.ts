/**
 * The lean path: a create_now of an image whose template design is cached runs at most four SQL
 * statements (the token with its project and credit limit, the template, the insert of the
 * claimed row, and the update that finishes and charges it), on both databases. Every statement
 * the drivers run is counted, transactions' begin and commit included.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { testDbKinds } from '../helpers/databases.ts';
import { startGenerationFixture, type GenerationFixture } from './generation-fixture.ts';

/** Counts the statements both drivers run while `counting` is on, with their SQL. */
function statementCounter() {
  const seen: string[] = [];
  let counting = false;
  const probe = new SQLite(':memory:').prepare('select 1');
  const statement = Object.getPrototypeOf(probe) as Record<string, (...a: unknown[]) => unknown>;
  const restore: Array<() => void> = [];
  for (const name of ['run', 'all', 'get', 'iterate']) {
    const original = statement[name];
    statement[name] = function (this: { source: string }, ...args: unknown[]) {
      if (counting) seen.push(this.source);
      return original.apply(this, args);
    };
    restore.push(() => (statement[name] = original));
  }
  const client = pg.Client.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  const query = client.query;
  client.query = function (this: unknown, ...args: unknown[]) {
    if (counting) {
      const q = args[0] as string | { text: string };
      seen.push(typeof q === 'string' ? q : q.text);
    }
    return query.apply(this, args);
  };
  restore.push(() => (client.query = query));
  return {
    seen,
    start: () => {
      seen.length = 0;
      counting = true;
    },
    stop: () => (counting = false),
    restore: () => restore.forEach((r) => r()),
  };
}

for (const { kind, skip } of testDbKinds()) {
  describe(`create_now statements on ${kind}`, { skip }, () => {
    let f: GenerationFixture;
    const counter = statementCounter();
    before(async () => {
      f = await startGenerationFixture(kind, { processJobs: false });
    });
    after(async () => {
      counter.restore();
      await f?.close();
    });

    it('a cached image is at most four statements', async () => {
      const create = () =>
        f.t.request({
          method: 'POST',
          url: '/api/rest/images',
          payload: { template_uuid: f.uuid, create_now: true, layers: { title: { text: 'Hi' } } },
        });
      // The first request warms what the lean path caches (the design, the token's use time).
      assert.equal((await create()).statusCode, 200);
      counter.start();
      const res = await create();
      counter.stop();
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().status, 'finished');
      assert.ok(
        counter.seen.length <= 4,
        `${counter.seen.length} statements:\n${counter.seen.join('\n')}`,
      );
    });
  });
}
