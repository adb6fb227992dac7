/** Kysely adapter of the WebhookStore port (webhook_deliveries, webhook_secrets). */
import type { SecretSealer } from '../core/secret-sealer.ts';
import type { WebhookResourceType } from '../core/webhooks.ts';
import { TABLE } from './render-row-sql.ts';
import type { AttemptOutcome, DeliveryRow, WebhookStore } from '../core/ports/webhook-store.ts';
import type { Database } from './database.ts';
import { prepareQuery } from './prepared-query.ts';
import { SecretColumn } from './sealed-secrets.ts';

// The statements of every delivery, compiled once (see prepared-query.ts).
const DELIVERY_COLUMNS: ReadonlyArray<keyof DeliveryRow> = [
  'id',
  'project_id',
  'resource_type',
  'resource_id',
  'event',
  'url',
  'payload',
  'status',
  'attempts',
  'max_attempts',
  'next_attempt_at',
  'lease_owner',
  'lease_until',
  'last_status_code',
  'last_error',
  'last_attempt_at',
  'delivered_at',
  'created_at',
  'updated_at',
];
const INSERT_DELIVERY = prepareQuery<DeliveryRow, { id: string }>(DELIVERY_COLUMNS, (db, p) =>
  db
    .insertInto('webhook_deliveries')
    .values(p)
    .onConflict((oc) => oc.columns(['resource_type', 'resource_id', 'event']).doNothing())
    .returning('id'),
);
const FINISH_ATTEMPT = prepareQuery<AttemptOutcome & { id: string; owner: string; at: string }>(
  [
    'status',
    'last_status_code',
    'last_error',
    'last_attempt_at',
    'next_attempt_at',
    'delivered_at',
    'id',
    'owner',
    'at',
  ],
  (db, p) =>
    db
      .updateTable('webhook_deliveries')
      .set({
        status: p.status,
        last_status_code: p.last_status_code,
        last_error: p.last_error,
        last_attempt_at: p.last_attempt_at,
        next_attempt_at: p.next_attempt_at,
        delivered_at: p.delivered_at,
        lease_owner: null,
        lease_until: null,
        updated_at: p.at,
      })
      .where('id', '=', p.id)
      .where('lease_owner', '=', p.owner),
);
const FIND_SECRET = prepareQuery<{ projectId: string }, { secret: string }>(
  ['projectId'],
  (db, p) =>
    db.selectFrom('webhook_secrets').select('secret').where('project_id', '=', p.projectId),
);

/** Webhook deliveries and secrets in SQLite or PostgreSQL. */
export class SqlWebhookStore implements WebhookStore {
  private readonly secrets: SecretColumn;

  /** `sealer`: seals the signing secrets with IMPRINT_SECRET_KEY (see sealed-secrets.ts). */
  private readonly db: Database;
  constructor(db: Database, sealer: SecretSealer | null = null) {
    this.db = db;
    this.secrets = new SecretColumn(sealer, 'webhook_secrets');
  }

  /**
   * The project's secret, inserting `fresh` if it has none (a race keeps the first insert).
   * Throws UnsealError when it is sealed with a key this process does not have.
   */
  async getOrCreateSecret(projectId: string, fresh: () => string): Promise<string> {
    const found = await this.findSecret(projectId);
    if (found) return found;
    const made = fresh();
    await this.db
      .insertInto('webhook_secrets')
      .values({
        project_id: projectId,
        secret: this.secrets.toStored(projectId, made),
        created_at: new Date().toISOString(),
      })
      .onConflict((oc) => oc.column('project_id').doNothing())
      .execute();
    return (await this.findSecret(projectId)) ?? made;
  }

  /** Sets the project's secret (insert or replace). */
  async setSecret(projectId: string, secret: string): Promise<void> {
    const stored = this.secrets.toStored(projectId, secret);
    await this.db
      .insertInto('webhook_secrets')
      .values({ project_id: projectId, secret: stored, created_at: new Date().toISOString() })
      .onConflict((oc) =>
        oc
          .column('project_id')
          .doUpdateSet({ secret: stored, created_at: new Date().toISOString() }),
      )
      .execute();
  }

  /** Inserts unless a delivery for the same (resource, event) exists. */
  async insertDelivery(row: DeliveryRow): Promise<boolean> {
    // Only the declared columns are read from `row`: extra keys never change the statement.
    const inserted = await INSERT_DELIVERY.rows(this.db, row);
    return inserted.length > 0;
  }

  /** Deliveries of one resource, scoped by project. */
  async listDeliveries(
    projectId: string,
    type: WebhookResourceType,
    resourceId: number,
  ): Promise<DeliveryRow[]> {
    return (await this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('resource_type', '=', type)
      .where('resource_id', '=', resourceId)
      .orderBy('created_at')
      .orderBy('id')
      .execute()) as DeliveryRow[];
  }

  /** Whether the image/PDF row exists in the project and is not deleted. */
  async resourceExists(
    projectId: string,
    type: WebhookResourceType,
    resourceId: number,
  ): Promise<boolean> {
    return (await this.resourceState(projectId, type, resourceId)) === 'live';
  }

  /** Whether the image/PDF row of the project is marked deleted. */
  async resourceDeleted(
    projectId: string,
    type: WebhookResourceType,
    resourceId: number,
  ): Promise<boolean> {
    return (await this.resourceState(projectId, type, resourceId)) === 'deleted';
  }

  /** The row's state: live, deleted (marked, kept), or absent (never in this project). */
  private async resourceState(
    projectId: string,
    type: WebhookResourceType,
    resourceId: number,
  ): Promise<'live' | 'deleted' | 'absent'> {
    const row = await this.db
      .selectFrom(TABLE[type])
      .select('deleted_at')
      .where('id', '=', resourceId)
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    if (!row) return 'absent';
    return row.deleted_at === null ? 'live' : 'deleted';
  }

  /** Due, unleased pending deliveries. */
  async findDue(now: string, limit: number): Promise<DeliveryRow[]> {
    return (await this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', now)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .orderBy('next_attempt_at')
      .limit(limit)
      .execute()) as DeliveryRow[];
  }

  /** Conditional update: only one process wins a given attempt. */
  async claim(
    id: string,
    seenAttempts: number,
    owner: string,
    now: string,
    leaseUntil: string,
  ): Promise<boolean> {
    const res = await this.db
      .updateTable('webhook_deliveries')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        lease_owner: owner,
        lease_until: leaseUntil,
        updated_at: now,
      }))
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('attempts', '=', seenAttempts)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', now)]))
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Writes the outcome and releases the lease, if still ours. */
  async finishAttempt(id: string, owner: string, outcome: AttemptOutcome): Promise<void> {
    await FINISH_ATTEMPT.execute(this.db, {
      status: outcome.status,
      last_status_code: outcome.last_status_code,
      last_error: outcome.last_error,
      last_attempt_at: outcome.last_attempt_at,
      next_attempt_at: outcome.next_attempt_at,
      delivered_at: outcome.delivered_at,
      id,
      owner,
      at: new Date().toISOString(),
    });
  }

  /** Distinct holders of unexpired leases on pending rows. */
  async leaseOwners(now: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('webhook_deliveries')
      .select('lease_owner')
      .distinct()
      .where('status', '=', 'pending')
      .where('lease_owner', 'is not', null)
      .where('lease_until', '>=', now)
      .execute();
    return rows.map((r) => r.lease_owner!);
  }

  /** Clears `owner`'s leases; a row another process claimed meanwhile is not touched. */
  async releaseLeases(owner: string): Promise<number> {
    const res = await this.db
      .updateTable('webhook_deliveries')
      .set({ lease_owner: null, lease_until: null, updated_at: new Date().toISOString() })
      .where('lease_owner', '=', owner)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  }

  /** Moves the end of `owner`'s leases on `ids` to `leaseUntil`. */
  async renewLeases(owner: string, ids: readonly string[], leaseUntil: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('webhook_deliveries')
      .set({ lease_until: leaseUntil })
      .where('id', 'in', ids)
      .where('lease_owner', '=', owner)
      .where('status', '=', 'pending')
      .execute();
  }

  /** The clear secret; one still stored in clear is sealed now if this process has the key. */
  private async findSecret(projectId: string): Promise<string | undefined> {
    const [row] = await FIND_SECRET.rows(this.db, { projectId });
    if (!row) return undefined;
    if (this.secrets.needsSealing(row.secret)) {
      await this.db
        .updateTable('webhook_secrets')
        .set({ secret: this.secrets.toStored(projectId, row.secret) })
        .where('project_id', '=', projectId)
        .where('secret', '=', row.secret)
        .execute();
    }
    return this.secrets.fromStored(projectId, row.secret);
  }
}
