/**
 * A running total of each project's charged credits. `GET /usage` and the credit-limit check of
 * every creation summed the project's whole ledger: 89 ms per request for a project with a
 * million renders behind it, growing with its history. The ledger stays (one row per charged
 * resource, which keeps a charge from ever being counted twice); the total moves with it in the
 * same transaction.
 */
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('credit_totals')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id'))
    .addColumn('used', 'bigint', (c) => c.notNull())
    .execute();
  await sql`insert into credit_totals (project_id, used)
    select project_id, sum(credits) from credit_ledger group by project_id`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('credit_totals').execute();
}
