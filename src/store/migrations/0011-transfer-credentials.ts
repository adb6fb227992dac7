/**
 * Transfer credentials travel with their job so any worker can run it: `transfer_sealed` holds
 * them encrypted (AES-256-GCM with a key from IMPRINT_SECRET_KEY, never in clear) from creation
 * until the row is finished, in error or deleted, when the same statement clears it.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of ['images', 'pdfs']) {
    await db.schema.alterTable(table).addColumn('transfer_sealed', 'text').execute();
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['images', 'pdfs']) {
    await db.schema.alterTable(table).dropColumn('transfer_sealed').execute();
  }
}
