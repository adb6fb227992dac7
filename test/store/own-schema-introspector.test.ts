/**
 * The PostgreSQL introspector reads only the connection's own schema, so migrations cannot trip
 * over a schema that another client drops at the same moment (a CI failure of the stock one).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/store/database.ts';
import { migrateToLatest } from '../../src/store/migrations/index.ts';
import { freshDatabase, testDbKinds, TEST_POSTGRES_URL } from '../helpers/databases.ts';

const postgres = testDbKinds().find((k) => k.kind === 'postgres');

describe('own-schema introspector (postgres)', { skip: postgres?.skip ?? 'not selected' }, () => {
  let db: Database;
  let other: Awaited<ReturnType<typeof freshDatabase>>;
  let mine: Awaited<ReturnType<typeof freshDatabase>>;
  let admin: pg.Client;

  before(async () => {
    mine = await freshDatabase('postgres');
    other = await freshDatabase('postgres');
    admin = new pg.Client({ connectionString: TEST_POSTGRES_URL });
    await admin.connect();
    const schema = (t: typeof mine) => (t.target.kind === 'postgres' ? t.target.schema : '');
    await admin.query(`create table ${schema(other)}.elsewhere (id int)`);
    await admin.query(
      `create table ${schema(mine)}.things (id serial primary key, name text not null, note text default 'x')`,
    );
    await admin.query(
      `create view ${schema(mine)}.thing_names as select name from ${schema(mine)}.things`,
    );
    await admin.query(`comment on column ${schema(mine)}.things.note is 'free text'`);
    db = openDatabase(mine.target);
  });
  after(async () => {
    await db?.destroy();
    await admin?.end();
    await mine?.drop();
    await other?.drop();
  });

  it('lists the tables and views of its own schema only, with their columns', async () => {
    const tables = await db.introspection.getTables();
    assert.deepEqual(
      tables.map((t) => [t.name, t.isView]),
      [
        ['thing_names', true],
        ['things', false],
      ],
    );
    const things = tables.find((t) => t.name === 'things');
    assert.deepEqual(
      things?.columns.map((c) => ({ ...c })),
      [
        {
          name: 'id',
          dataType: 'int4',
          dataTypeSchema: 'pg_catalog',
          isNullable: false,
          hasDefaultValue: true,
          isAutoIncrementing: true,
        },
        {
          name: 'name',
          dataType: 'text',
          dataTypeSchema: 'pg_catalog',
          isNullable: false,
          hasDefaultValue: false,
          isAutoIncrementing: false,
        },
        {
          name: 'note',
          dataType: 'text',
          dataTypeSchema: 'pg_catalog',
          isNullable: true,
          hasDefaultValue: true,
          isAutoIncrementing: false,
          comment: 'free text',
        },
      ],
    );
  });

  it("hides Kysely's migration tables unless asked for them", async () => {
    await migrateToLatest(db);
    const plain = (await db.introspection.getTables()).map((t) => t.name);
    assert.ok(plain.includes('projects'));
    assert.ok(!plain.includes('kysely_migration'));
    const all = (await db.introspection.getMetadata({ withInternalKyselyTables: true })).tables;
    assert.ok(all.some((t) => t.name === 'kysely_migration'));
    assert.ok(all.some((t) => t.name === 'kysely_migration_lock'));
  });

  it('migrates while other clients create and drop schemas', async () => {
    let churning = true;
    const churn = (async () => {
      for (let i = 0; churning; i++) {
        const name = `churn_${process.pid}_${i}`;
        await admin.query(`create schema ${name}; create table ${name}.t (id int)`);
        await admin.query(`drop schema ${name} cascade`);
      }
    })();
    try {
      for (let round = 0; round < 5; round++) {
        const fresh = await freshDatabase('postgres');
        const fdb = openDatabase(fresh.target);
        try {
          await migrateToLatest(fdb);
          await db.introspection.getTables();
        } finally {
          await fdb.destroy();
          await fresh.drop();
        }
      }
    } finally {
      churning = false;
      await churn;
    }
  });
});
