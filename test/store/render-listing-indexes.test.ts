/**
 * The list queries of images and PDFs use the indexes of migration 0020 (videos: 0024): the query plan of each
 * filter names its index, so an expression changed on one side only (query or migration) fails
 * here instead of turning into a full scan in production. An upgraded installation's rows are
 * indexed too, and the migration goes down and up again.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { Kysely, SqliteDialect, sql, type CompiledQuery } from 'kysely';
import type { RenderListFilter } from '../../src/core/generation/list-filter.ts';
import { openDatabase } from '../../src/store/database.ts';
import { OwnSchemaPostgresDialect } from '../../src/store/own-schema-introspector.ts';
import { sqlGenerationStores } from '../../src/store/sql-generation-stores.ts';
import { migrateTo, migrateToLatest } from '../../src/store/migrations/index.ts';
import { SqlProjectStore } from '../../src/store/sql-project-store.ts';
import { listRenderRows, type ListedTable } from '../../src/store/render-listing.ts';
import type { DB } from '../../src/store/schema.ts';
import { freshDatabase, testDbKinds } from '../helpers/databases.ts';
import { insertQueuedRow } from '../generation/_helpers.ts';

const CASES: Array<[ListedTable, RenderListFilter, string]> = [
  ['images', {}, 'images_project_created_idx'],
  ['images', { status: 'finished' }, 'images_project_status_created_idx'],
  ['images', { templateUuid: 'tpl' }, 'images_project_template_idx'],
  ['images', { passthrough: 'batch-7' }, 'images_project_passthrough_idx'],
  ['images', { passthrough: '{"a":1}' }, 'images_project_passthrough_idx'],
  ['pdfs', {}, 'pdfs_project_created_idx'],
  ['pdfs', { passthrough: 'batch-7' }, 'pdfs_project_passthrough_idx'],
  ['videos', {}, 'videos_project_created_idx'],
  ['videos', { status: 'finished' }, 'videos_project_status_created_idx'],
  ['videos', { passthrough: 'batch-7' }, 'videos_project_passthrough_idx'],
];

/**
 * PostgreSQL plans by statistics: with a few thousand analysed rows of many templates and
 * passthroughs, each filter's own index is the cheap way, as in a real installation.
 */
async function populate(db: Kysely<DB>): Promise<void> {
  const at = '2026-01-01T00:00:00.000Z';
  await db.insertInto('accounts').values({ id: 'a', title: 'A', created_at: at }).execute();
  await db
    .insertInto('projects')
    .values(['p0', 'p1', 'p2'].map((id) => ({ id, account_id: 'a', title: id, created_at: at })))
    .execute();
  for (const table of ['images', 'pdfs', 'videos']) {
    await sql`insert into ${sql.table(table)} (project_id, status, request, passthrough, created_at, updated_at)
      select 'p' || (i % 3), (array['queued', 'finished', 'error'])[(i / 3) % 3 + 1],
        '{"kind":"image","template_uuid":"t' || (i % 1000) || '"}', '"p' || i || '"',
        to_char(timestamp '2026-01-01' + i * interval '1 second', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        '2026-01-01T00:00:00.000Z'
      from generate_series(1, 6000) as i`.execute(db);
    await sql`analyze ${sql.table(table)}`.execute(db);
  }
}

for (const { kind, skip } of testDbKinds()) {
  describe(`list query plans on ${kind}`, { skip }, () => {
    let db: Kysely<DB>;
    let plan: (q: CompiledQuery) => Promise<string>;
    let drop: () => Promise<void>;
    const compiled: CompiledQuery[] = [];
    before(async () => {
      const fresh = await freshDatabase(kind);
      drop = fresh.drop;
      const log = (e: { query: CompiledQuery }) => void compiled.push(e.query);
      const target = fresh.target;
      if (target.kind === 'sqlite') {
        const sqlite = new SQLite(target.file);
        db = new Kysely<DB>({ dialect: new SqliteDialect({ database: sqlite }), log });
        plan = async (q) =>
          (
            sqlite.prepare(`explain query plan ${q.sql}`).all(...q.parameters) as Array<{
              detail: string;
            }>
          )
            .map((r) => r.detail)
            .join('\n');
      } else {
        const pool = new pg.Pool({
          connectionString: target.url,
          max: 1,
          options: `-c search_path=${target.schema}`,
        });
        // The migrator introspects its own schema only, as the service does: other test files
        // create and drop schemas meanwhile.
        db = new Kysely<DB>({ dialect: new OwnSchemaPostgresDialect({ pool }), log });
        plan = async (q) => {
          const client = await pool.connect();
          try {
            // The tables are empty: without this the planner rightly prefers reading them whole.
            await client.query('set enable_seqscan = off');
            const res = await client.query(`explain ${q.sql}`, [...q.parameters]);
            return res.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n');
          } finally {
            client.release();
          }
        };
      }
      await migrateToLatest(db);
      if (target.kind === 'postgres') await populate(db);
    });
    after(async () => {
      await db?.destroy();
      await drop?.();
    });

    for (const [table, filter, index] of CASES) {
      it(`${table} ${JSON.stringify(filter)} uses ${index}`, async () => {
        compiled.length = 0;
        await listRenderRows(db, table, 'p1', filter, { perPage: 20 });
        const query = compiled.find((q) => q.sql.includes('select'));
        assert.ok(query);
        const text = await plan(query);
        assert.match(text, new RegExp(index), text);
      });
    }
  });
}

for (const { kind, skip } of testDbKinds()) {
  describe(`migration 0020 on ${kind}`, { skip }, () => {
    it('indexes the rows an installation already has, and goes down and up again', async () => {
      const fresh = await freshDatabase(kind);
      const db = openDatabase(fresh.target);
      try {
        await migrateTo(db, '0019-idempotency-keys');
        const projects = new SqlProjectStore(db);
        const account = await projects.createAccount('A');
        const project = (await projects.createProject(account.id, 'P')).id;
        const repo = sqlGenerationStores(db).rows;
        const insert = async (tpl: string, passthrough: unknown) => {
          return insertQueuedRow(repo, 'image', {
            project_id: project,
            request: { kind: 'image', template_uuid: tpl, layers: {}, modifications: {} },
            passthrough,
          });
        };
        const a = await insert('tpl-a', 'old-1');
        const b = await insert('tpl-b', { n: 'é'.repeat(600) });
        await migrateToLatest(db);
        const ids = async (filter: RenderListFilter) =>
          (await listRenderRows(db, 'images', project, filter, { perPage: 20 })).items.map((r) =>
            Number(r.id),
          );
        assert.deepEqual(await ids({}), [b, a]);
        assert.deepEqual(await ids({ templateUuid: 'tpl-a' }), [a]);
        assert.deepEqual(await ids({ passthrough: JSON.stringify({ n: 'é'.repeat(600) }) }), [b]);
        await migrateTo(db, '0019-idempotency-keys');
        await migrateToLatest(db);
        assert.deepEqual(await ids({ templateUuid: 'tpl-b' }), [b]);
      } finally {
        await db.destroy();
        await fresh.drop();
      }
    });
  });
}
