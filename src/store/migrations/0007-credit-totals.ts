/**
 * A running total of each project's charged credits. `GET /usage` and the credit-limit check of
 * every creation summed the project's whole ledger, a cost that grew with the project's history
 * (figure: docs/api.md, "create_now, rate limits and credits"). The ledger stays (one row per
 * charged resource, which keeps a charge from ever being counted twice); a trigger adds each new
 * ledger row to the total in the same statement, so every writer keeps it right — also a process
 * still running the previous version while others upgrade.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('credit_totals')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id'))
    .addColumn('used', 'bigint', (c) => c.notNull())
    .execute();
  if (isPostgres(db)) {
    // The migration runs in one transaction: no charge may land between the trigger and the
    // fill, or it would be counted by neither (released at commit).
    await sql`lock table credit_ledger in share row exclusive mode`.execute(db);
    await sql`create function credit_ledger_add_to_total() returns trigger language plpgsql as $$
      begin
        insert into credit_totals (project_id, used) values (new.project_id, new.credits)
          on conflict (project_id) do update set used = credit_totals.used + excluded.used;
        return null;
      end $$`.execute(db);
    await sql`create trigger credit_ledger_add_to_total after insert on credit_ledger
      for each row execute function credit_ledger_add_to_total()`.execute(db);
  } else {
    // SQLite runs one writer at a time; a charge between these statements is counted by the
    // trigger, then the fill below sets the total to the whole ledger's sum, which includes it.
    await sql`create trigger credit_ledger_add_to_total after insert on credit_ledger
      begin
        insert into credit_totals (project_id, used) values (new.project_id, new.credits)
          on conflict (project_id) do update set used = used + excluded.used;
      end`.execute(db);
  }
  await sql`insert into credit_totals (project_id, used)
    select project_id, sum(credits) from credit_ledger where true group by project_id
    on conflict (project_id) do update set used = excluded.used`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists credit_ledger_add_to_total${isPostgres(db) ? sql` on credit_ledger` : sql``}`.execute(
    db,
  );
  if (isPostgres(db)) await sql`drop function if exists credit_ledger_add_to_total()`.execute(db);
  await db.schema.dropTable('credit_totals').execute();
}
