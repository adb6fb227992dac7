/**
 * Indexes of the lists of generated files (GET /images and /pdfs, store/render-listing.ts): each
 * filter reads one project's rows in created_at order from an index instead of sorting them all.
 * The status index replaces the (project_id, status) one, whose reads (queued credits) it serves.
 * The passthrough is indexed by its first 200 characters: a PostgreSQL B-tree entry holds at most
 * ~2.7 kB, less than a 1024-character passthrough can take in UTF-8. The expressions must stay
 * the ones of render-listing.ts, or the queries stop using them.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.ts';

const TABLES = ['images', 'pdfs'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .createIndex(`${table}_project_created_idx`)
      .on(table)
      .columns(['project_id', 'created_at', 'id'])
      .execute();
    await db.schema
      .createIndex(`${table}_project_status_created_idx`)
      .on(table)
      .columns(['project_id', 'status', 'created_at', 'id'])
      .execute();
    await db.schema.dropIndex(`${table}_project_idx`).execute();
    await sql`create index ${sql.id(`${table}_project_passthrough_idx`)} on ${sql.table(table)} (project_id, substr(passthrough, 1, 200), created_at)`.execute(
      db,
    );
  }
  // An image names its template in its stored request; a PDF's pages are read per row instead.
  const template = isPostgres(db)
    ? sql`((request::json ->> 'template_uuid'))`
    : sql`json_extract(request, '$.template_uuid')`;
  await sql`create index images_project_template_idx on images (project_id, ${template}, created_at)`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('images_project_template_idx').execute();
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_project_passthrough_idx`).execute();
    await db.schema
      .createIndex(`${table}_project_idx`)
      .on(table)
      .columns(['project_id', 'status'])
      .execute();
    await db.schema.dropIndex(`${table}_project_status_created_idx`).execute();
    await db.schema.dropIndex(`${table}_project_created_idx`).execute();
  }
}
