/**
 * Request counters of the rate limit when there is no Redis: one row per token and clock-aligned
 * window, incremented by an upsert, so every `imprint serve` on the database shares the limit.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_counters')
    .addColumn('token_id', 'text', (c) => c.notNull())
    // Window start, epoch ms.
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limit_counters_pk', ['token_id', 'window_start'])
    .execute();
  await db.schema
    .createIndex('rate_limit_counters_window')
    .on('rate_limit_counters')
    .column('window_start')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_counters').execute();
}
