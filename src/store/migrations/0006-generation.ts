/**
 * Generated images and PDFs, the credit ledger and per-project credit limits.
 * Ids of images and PDFs are integers (as in Placid's API), so the id column is the one
 * dialect-specific bit: SQLite `integer primary key autoincrement`, PostgreSQL `serial`.
 * Transfer credentials have no column on purpose: they never leave process memory.
 */
import type { Kysely } from 'kysely';
import { isPostgres } from '../database.ts';

async function createRenderTable(db: Kysely<unknown>, table: 'images' | 'pdfs'): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable(table)
    .addColumn('id', pg ? 'serial' : 'integer', (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    // What to render: {template_uuid, layers, modifications} | {pages, modifications} | {urls}.
    .addColumn('request', 'text', (c) => c.notNull())
    // JSON text of the passthrough value; null when none was given.
    .addColumn('passthrough', 'text')
    .addColumn('webhook_success', 'text')
    .addColumn('webhook_error', 'text')
    .addColumn('errors', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('file_key', 'text')
    .addColumn('test_mode', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
    // 1 when a transfer was requested: lets a job know its credentials were lost in a restart.
    .addColumn('has_transfer', 'integer', (c) => c.notNull().defaultTo(0))
    // Which process renders the row and until when (renewed while it works); see run-render-job.
    .addColumn('claimed_by', 'text')
    .addColumn('claim_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex(`${table}_project_idx`)
    .on(table)
    .columns(['project_id', 'status'])
    .execute();
  await db.schema
    .createIndex(`${table}_status_idx`)
    .on(table)
    .columns(['status', 'claim_until'])
    .execute();
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await createRenderTable(db, 'images');
  await createRenderTable(db, 'pdfs');
  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
    .addColumn('resource_type', 'text', (c) => c.notNull())
    .addColumn('resource_id', 'integer', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    // One charge per resource: a re-delivered job can never charge twice.
    .addUniqueConstraint('credit_ledger_resource_unique', ['resource_type', 'resource_id'])
    .execute();
  await db.schema
    .createIndex('credit_ledger_project_idx')
    .on('credit_ledger')
    .column('project_id')
    .execute();
  await db.schema
    .createTable('credit_limits')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id'))
    .addColumn('credit_limit', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('credit_limits').execute();
  await db.schema.dropTable('credit_ledger').execute();
  await db.schema.dropTable('pdfs').execute();
  await db.schema.dropTable('images').execute();
}
