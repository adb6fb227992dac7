/**
 * Fonts and their files. The bytes live in the database (bytea / blob) so every API and worker
 * machine can load them without shared storage; metadata and bytes are separate tables so lists
 * never read the files.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  // Code-point order ("C") so the list order and the keyset cursor agree on both databases.
  const keyType = pg ? sql`text collate "C"` : sql`text`;
  await db.schema
    .createTable('fonts')
    .addColumn('uuid', keyType, (c) => c.primaryKey())
    // null for a legacy account-wide font
    .addColumn('project_id', 'text', (c) => c.references('projects.id'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('family', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('created_at', keyType, (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('fonts_project_created')
    .on('fonts')
    .columns(['project_id', 'created_at', 'uuid'])
    .execute();
  await db.schema
    .createIndex('fonts_account_created')
    .on('fonts')
    .columns(['account_id', 'created_at', 'uuid'])
    .execute();
  await db.schema
    .createTable('font_files')
    .addColumn('font_uuid', keyType, (c) =>
      c.primaryKey().references('fonts.uuid').onDelete('cascade'),
    )
    .addColumn('data', pg ? 'bytea' : 'blob', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('font_files').execute();
  await db.schema.dropTable('fonts').execute();
}
