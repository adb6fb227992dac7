/** Prepared queries: compiled once per dialect, run with each call's values, on both databases. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { openDatabase, type Database } from '../../src/store/database.ts';
import { migrateToLatest } from '../../src/store/migrations/index.ts';
import { prepareQuery } from '../../src/store/prepared-query.ts';
import { freshDatabase, testDbKinds } from '../helpers/databases.ts';

const at = '2026-01-01T00:00:00.000Z';
const insert = prepareQuery<{ id: string; payload: string; at: string }>(
  ['id', 'payload', 'at'],
  (db, p) =>
    db
      .insertInto('jobs')
      .values({
        id: p.id,
        kind: 'k',
        payload: p.payload,
        status: 'queued',
        attempt: 0,
        run_after: p.at,
        lease_until: null,
        locked_by: null,
        last_error: null,
        created_at: p.at,
        updated_at: p.at,
      })
      .onConflict((oc) => oc.column('id').doNothing()),
);
// `since` appears twice and `limit` in a subquery-free LIMIT: every slot takes the call's value.
const select = prepareQuery<{ since: string; limit: number }, { id: string; payload: string }>(
  ['since', 'limit'],
  (db, p) =>
    db
      .selectFrom('jobs')
      .select(['id', 'payload'])
      .where('run_after', '>=', p.since)
      .where('created_at', '>=', p.since)
      .where('status', '=', 'queued')
      .orderBy('id')
      .limit(p.limit),
);

for (const { kind, skip } of testDbKinds()) {
  describe(`prepareQuery on ${kind}`, { skip }, () => {
    let db: Database;
    let drop: () => Promise<void>;
    before(async () => {
      const fresh = await freshDatabase(kind);
      drop = fresh.drop;
      db = openDatabase(fresh.target);
      await migrateToLatest(db);
    });
    after(async () => {
      await db?.destroy();
      await drop?.();
    });

    it('runs with each call’s values and counts changed rows', async () => {
      assert.equal(await insert.changes(db, { id: 'a', payload: 'one', at }), 1);
      assert.equal(await insert.changes(db, { id: 'b', payload: 'two', at }), 1);
      assert.equal(await insert.changes(db, { id: 'a', payload: 'again', at }), 0);
      assert.deepEqual(await select.rows(db, { since: at, limit: 5 }), [
        { id: 'a', payload: 'one' },
        { id: 'b', payload: 'two' },
      ]);
      assert.deepEqual(await select.rows(db, { since: at, limit: 1 }), [
        { id: 'a', payload: 'one' },
      ]);
      assert.deepEqual(await select.rows(db, { since: '2027-01-01', limit: 5 }), []);
    });

    it('works inside a transaction, which rolls back with it', async () => {
      await assert.rejects(
        db.transaction().execute(async (trx) => {
          await insert.changes(trx, { id: 'c', payload: 'three', at });
          throw new Error('roll back');
        }),
        /roll back/,
      );
      assert.equal((await select.rows(db, { since: at, limit: 9 })).length, 2);
    });

    it('a query on the database waits for another flow’s open transaction instead of joining it', async () => {
      let inside!: () => void;
      const begun = new Promise<void>((resolve) => (inside = resolve));
      const transaction = db.transaction().execute(async (trx) => {
        await insert.changes(trx, { id: 'in-trx', payload: 'x', at });
        inside();
        // The other flow's insert is issued while this transaction is open, then it rolls back.
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('roll back');
      });
      await begun;
      const outside = insert.changes(db, { id: 'outside-trx', payload: 'y', at });
      await assert.rejects(transaction, /roll back/);
      assert.equal(await outside, 1);
      const ids = (await select.rows(db, { since: at, limit: 50 })).map((r) => r.id);
      assert.ok(ids.includes('outside-trx'), 'the outside insert survived the rollback');
      assert.ok(!ids.includes('in-trx'), 'the transaction’s own insert was rolled back');
    });

    it('refuses a builder that drops a declared parameter', async () => {
      const broken = prepareQuery<{ id: string }>(['id'], (d) =>
        d.selectFrom('jobs').select('id').where('id', '=', 'fixed'),
      );
      await assert.rejects(broken.rows(db, { id: 'x' }), /lost its parameters id/);
    });

    it('writes fixed values into the SQL on SQLite, quotes and question marks included', async () => {
      const odd = "it's a '?' \"kind\"";
      await insertKind.changes(db, { id: 'q1', kind: odd });
      await insertKind.changes(db, { id: 'q2', kind: 'plain' });
      assert.deepEqual(await byOddKind.rows(db, { after: '' }), [{ id: 'q1', attempt: 7 }]);
      const compiled = byOddKind.compiledFor(db);
      if (kind === 'sqlite') {
        // The string is written into the SQL; the number stays bound (better-sqlite3 binds
        // numbers as REAL, a literal would be an INTEGER), as does the placeholder.
        assert.deepEqual(compiled.parameters.slice(0, 1), [7]);
        assert.equal(compiled.parameters.length, 2);
        assert.match(compiled.sql, /"kind" = 'it''s a ''\?'' "kind"'/);
        assert.match(compiled.sql, /"attempt" = \?/);
      } else {
        assert.equal(compiled.parameters.length, 3);
      }
    });
  });
}

const insertKind = prepareQuery<{ id: string; kind: string }>(['id', 'kind'], (db, p) =>
  db.insertInto('jobs').values({
    id: p.id,
    kind: p.kind,
    payload: '{}',
    status: 'done',
    attempt: 7,
    run_after: at,
    lease_until: null,
    locked_by: null,
    last_error: null,
    created_at: at,
    updated_at: at,
  }),
);
// A fixed string holding both quote characters and a question mark, a fixed number, a null.
const byOddKind = prepareQuery<{ after: string }, { id: string; attempt: number }>(
  ['after'],
  (db, p) =>
    db
      .selectFrom('jobs')
      .select(['id', 'attempt'])
      .where('kind', '=', "it's a '?' \"kind\"")
      .where('attempt', '=', 7)
      .where('last_error', 'is', null)
      .where('id', '>', p.after),
);
