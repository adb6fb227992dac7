/**
 * Idempotency keys of creation requests (`Idempotency-Key` on POST /images, /pdfs, /pdfs/merge):
 * one row per project and key, naming the image or PDF the first request created and a hash of
 * that request, so a retry with the same key returns that object instead of creating another.
 * The primary key makes two requests with one key, in any number of processes, create one row.
 * Rows older than 24 hours no longer count and are pruned by the periodic sweep.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    // SHA-256 (hex) of the operation, the token kind and the canonical JSON body.
    .addColumn('request_hash', 'text', (c) => c.notNull())
    // Set in the transaction that reserves the key, so no other reader sees them null.
    .addColumn('resource_type', 'text')
    .addColumn('resource_id', 'bigint')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['project_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
  // A creation withdrawn after its insert (the queue was down) forgets its key by resource.
  await db.schema
    .createIndex('idempotency_keys_resource')
    .on('idempotency_keys')
    .columns(['resource_type', 'resource_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('idempotency_keys').execute();
}
