/**
 * The SQL of Idempotency-Keys (table idempotency_keys, migration 0018), used by the generation
 * repository inside the transaction that inserts an image or PDF row.
 */
import type {
  KeyedResource,
  NewIdempotencyKey,
  ResourceType,
} from '../core/generation/render-row.ts';
import { nowIso } from '../core/ids.ts';
import type { Database } from './database.ts';

/**
 * Records a project's key for a row about to be inserted, or returns the resource the key
 * already names. An expired row of the key is taken over. Run in the inserting transaction: the
 * primary key makes a concurrent insert of the same key wait for that transaction (PostgreSQL)
 * or run after it (SQLite's write lock), then find its row.
 */
export async function reserveKeyIn(
  trx: Database,
  projectId: string,
  key: NewIdempotencyKey,
): Promise<KeyedResource | undefined> {
  const taken = await trx
    .insertInto('idempotency_keys')
    .values({
      project_id: projectId,
      idempotency_key: key.key,
      request_hash: key.hash,
      resource_type: null,
      resource_id: null,
      created_at: nowIso(),
    })
    .onConflict((oc) =>
      oc
        .columns(['project_id', 'idempotency_key'])
        .doUpdateSet((eb) => ({
          request_hash: eb.ref('excluded.request_hash'),
          resource_type: null,
          resource_id: null,
          created_at: eb.ref('excluded.created_at'),
        }))
        .where('idempotency_keys.created_at', '<', key.notBefore),
    )
    .returning('project_id')
    .executeTakeFirst();
  if (taken) return undefined;
  const earlier = await findKeyIn(trx, projectId, key.key, key.notBefore);
  // A live key whose row is not visible: the transaction that holds it has not committed, which
  // the primary key's wait rules out. Throwing rolls this creation back rather than guessing.
  if (!earlier) throw new Error(`Idempotency-Key of project ${projectId} held but not readable`);
  return earlier;
}

/** Names the inserted row on its key (same transaction as reserveKeyIn). */
export async function bindKeyIn(
  trx: Database,
  projectId: string,
  key: string,
  type: ResourceType,
  id: number,
): Promise<void> {
  await trx
    .updateTable('idempotency_keys')
    .set({ resource_type: type, resource_id: id })
    .where('project_id', '=', projectId)
    .where('idempotency_key', '=', key)
    .execute();
}

/** The resource a project's key names, unless created before `notBefore`. */
export async function findKeyIn(
  db: Database,
  projectId: string,
  key: string,
  notBefore: string,
): Promise<KeyedResource | undefined> {
  const r = await db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'resource_type', 'resource_id'])
    .where('project_id', '=', projectId)
    .where('idempotency_key', '=', key)
    .where('created_at', '>=', notBefore)
    .executeTakeFirst();
  if (!r || r.resource_type === null || r.resource_id === null) return undefined;
  return { hash: r.request_hash, type: r.resource_type, id: Number(r.resource_id) };
}

/** Forgets the key that names a removed row. */
export async function forgetKeysOf(db: Database, type: ResourceType, id: number): Promise<void> {
  await db
    .deleteFrom('idempotency_keys')
    .where('resource_type', '=', type)
    .where('resource_id', '=', id)
    .execute();
}

/** Deletes keys created before `before`; returns how many. */
export async function pruneKeysIn(db: Database, before: string): Promise<number> {
  const res = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', before)
    .executeTakeFirst();
  return Number(res.numDeletedRows);
}
