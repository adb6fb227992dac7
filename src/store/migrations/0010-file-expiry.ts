/**
 * Shared storage and output retention: `file_expired` marks a finished image or PDF whose file
 * the retention sweep deleted (IMPRINT_FILE_RETENTION_DAYS), so the API can say so instead of
 * showing a finished object without a reason. The file_key index lets the orphan sweep ask which
 * stored objects a live row still names.
 */
import type { Kysely } from 'kysely';

const TABLES = ['images', 'pdfs'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema
      .alterTable(table)
      .addColumn('file_expired', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema.createIndex(`${table}_file_key_idx`).on(table).column('file_key').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.dropIndex(`${table}_file_key_idx`).execute();
    await db.schema.alterTable(table).dropColumn('file_expired').execute();
  }
}
