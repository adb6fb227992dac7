/** The prepared-statement cache of the SQLite store: reuse, busy statements, bound, schema changes. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect, sql, type Generated } from 'kysely';
import { withStatementCache } from '../../src/store/sqlite-statement-cache.ts';

function memoryDb() {
  const raw = new SQLite(':memory:');
  raw.exec('create table t (id integer primary key, v text)');
  raw.exec("insert into t (v) values ('a'), ('b'), ('c')");
  return raw;
}

describe('withStatementCache', () => {
  it('hands out the same prepared statement for the same SQL text', () => {
    const db = withStatementCache(memoryDb());
    const a = db.prepare('select v from t where id = ?');
    assert.equal(db.prepare('select v from t where id = ?'), a);
    assert.notEqual(db.prepare('select v from t where id > ?'), a);
    assert.deepEqual(a.all([2]), [{ v: 'b' }]);
    db.close();
  });

  it('prepares a fresh statement while the cached one is still iterating', () => {
    const db = withStatementCache(memoryDb());
    const text = 'select v from t order by id';
    const first = db.prepare(text);
    const it1 = first.iterate([]);
    assert.deepEqual(it1.next().value, { v: 'a' });
    const second = db.prepare(text);
    assert.notEqual(second, first);
    assert.deepEqual(second.all([]), [{ v: 'a' }, { v: 'b' }, { v: 'c' }]);
    assert.deepEqual([...it1], [{ v: 'b' }, { v: 'c' }]);
    assert.equal(db.prepare(text), first, 'the cached statement is used again once free');
    db.close();
  });

  it('keeps at most `max` statements, dropping the least recently used', () => {
    const db = withStatementCache(memoryDb(), 2);
    const one = db.prepare('select 1');
    const two = db.prepare('select 2');
    assert.equal(db.prepare('select 1'), one); // now "select 2" is the oldest
    db.prepare('select 3');
    assert.equal(db.prepare('select 1'), one);
    assert.notEqual(db.prepare('select 2'), two);
    db.close();
  });

  it('serves Kysely queries, streams and transactions, and sees schema changes', async () => {
    const k = new Kysely<{ t: { id: Generated<number>; v: string; w?: string | null } }>({
      dialect: new SqliteDialect({ database: withStatementCache(memoryDb()) }),
    });
    const rows = async () => k.selectFrom('t').selectAll().orderBy('id').execute();
    assert.equal((await rows()).length, 3);
    await k.transaction().execute(async (trx) => {
      await trx.insertInto('t').values({ v: 'd' }).execute();
    });
    await assert.rejects(
      k.transaction().execute(async (trx) => {
        await trx.insertInto('t').values({ v: 'e' }).execute();
        throw new Error('roll back');
      }),
    );
    const streamed: string[] = [];
    for await (const r of k.selectFrom('t').select('v').orderBy('id').stream()) streamed.push(r.v);
    assert.deepEqual(streamed, ['a', 'b', 'c', 'd']);
    await sql`alter table t add column w text`.execute(k);
    await k.updateTable('t').set({ w: 'x' }).where('id', '=', 1).execute();
    assert.deepEqual((await rows())[0], { id: 1, v: 'a', w: 'x' });
    await k.destroy();
  });
});
