/**
 * A row's charge is written by the statement that finishes it. Finishing an image took a
 * transaction of four statements (begin, the row's update, the ledger insert, commit); with this
 * trigger it is the update alone, and the charge is still part of the same atomic step, so a
 * row's credits are always either reserved (queued) or used (finished with its ledger row). The
 * ledger's unique (resource_type, resource_id) keeps every later charge of the same resource a
 * no-op, including one from a process still running the previous version during an upgrade.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.ts';

const TABLES = [
  ['images', 'image'],
  ['pdfs', 'pdf'],
] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`create function render_row_charge_on_finish() returns trigger language plpgsql as $$
      begin
        insert into credit_ledger (id, project_id, resource_type, resource_id, credits, created_at)
          values (tg_argv[0] || ':' || new.id, new.project_id, tg_argv[0], new.id, new.credits,
            new.updated_at)
          on conflict (resource_type, resource_id) do nothing;
        return null;
      end $$`.execute(db);
    for (const [table, type] of TABLES) {
      await sql`create trigger ${sql.raw(`${table}_charge_on_finish`)} after update of status
        on ${sql.table(table)} for each row
        when (old.status = 'queued' and new.status = 'finished' and new.test_mode = 0
          and new.credits > 0)
        execute function render_row_charge_on_finish(${sql.lit(type)})`.execute(db);
    }
  } else {
    for (const [table, type] of TABLES) {
      await sql`create trigger ${sql.raw(`${table}_charge_on_finish`)} after update of status
        on ${sql.table(table)} for each row
        when old.status = 'queued' and new.status = 'finished' and new.test_mode = 0
          and new.credits > 0
        begin
          insert into credit_ledger (id, project_id, resource_type, resource_id, credits, created_at)
            values (${sql.lit(type)} || ':' || new.id, new.project_id, ${sql.lit(type)}, new.id,
              new.credits, new.updated_at)
            on conflict (resource_type, resource_id) do nothing;
        end`.execute(db);
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const [table] of TABLES) {
    await sql`drop trigger if exists ${sql.raw(`${table}_charge_on_finish`)}${isPostgres(db) ? sql` on ${sql.table(table)}` : sql``}`.execute(
      db,
    );
  }
  if (isPostgres(db)) await sql`drop function if exists render_row_charge_on_finish()`.execute(db);
}
