/**
 * PostgreSQL only: a job that becomes queued (inserted, or put back after a lease expired)
 * notifies the channel `imprint_jobs_<schema>`, so idle consumers in other processes claim it at
 * once instead of at their next poll. The channel is scoped to the schema so installations (and
 * parallel tests) in other schemas of one server are not woken. Notifications are sent at commit.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`create function imprint_jobs_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify(left('imprint_jobs_' || tg_table_schema, 63), '');
      return null;
    end $$`.execute(db);
  await sql`create trigger imprint_jobs_notify after insert or update of status on jobs
    for each row when (new.status = 'queued') execute function imprint_jobs_notify()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!isPostgres(db)) return;
  await sql`drop trigger if exists imprint_jobs_notify on jobs`.execute(db);
  await sql`drop function if exists imprint_jobs_notify()`.execute(db);
}
