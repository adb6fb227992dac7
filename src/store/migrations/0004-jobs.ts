/** The embedded job queue's table (src/queue/local): one row per job, durable across restarts. */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    // queued | running | done | failed
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('run_after', 'text', (c) => c.notNull())
    .addColumn('lease_until', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  // Claiming scans queued jobs in order; the reaper scans running jobs by lease.
  await db.schema
    .createIndex('jobs_status_run_after')
    .on('jobs')
    .columns(['status', 'run_after', 'created_at'])
    .execute();
  await db.schema
    .createIndex('jobs_status_lease')
    .on('jobs')
    .columns(['status', 'lease_until'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('jobs').execute();
}
