/**
 * The jobs table learns each job's group (its project), so a consumer's claim can skip the
 * groups that already hold their share of its slots. The claim index gains the group as its
 * last column: skipping a capped group's queued jobs then reads the index only, never the rows.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('group_key', 'text').execute();
  await db.schema
    .createIndex('jobs_status_run_after_group')
    .on('jobs')
    .columns(['status', 'run_after', 'created_at', 'group_key'])
    .execute();
  await db.schema.dropIndex('jobs_status_run_after').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('jobs_status_run_after')
    .on('jobs')
    .columns(['status', 'run_after', 'created_at'])
    .execute();
  await db.schema.dropIndex('jobs_status_run_after_group').execute();
  await db.schema.alterTable('jobs').dropColumn('group_key').execute();
}
