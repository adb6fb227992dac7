/**
 * The template editor's server side: `templates.revision` counts design saves (the ETag that
 * optimistic concurrency checks), `templates.thumbnail_key` is the stored thumbnail's key (the
 * public `thumbnail` URL is built from it), and `warnings` on images and PDFs keeps what a
 * request asked for that was ignored or could not be honoured (a JSON array of strings).
 */
import type { Kysely } from 'kysely';

const TABLES = ['images', 'pdfs'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('templates')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('templates').addColumn('thumbnail_key', 'text').execute();
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('warnings', 'text', (c) => c.notNull().defaultTo('[]'))
      .execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('warnings').execute();
  await db.schema.alterTable('templates').dropColumn('thumbnail_key').execute();
  await db.schema.alterTable('templates').dropColumn('revision').execute();
}
