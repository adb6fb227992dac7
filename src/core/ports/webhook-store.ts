/**
 * Port: persistence of webhook deliveries and signing secrets (SQL adapter:
 * src/store/sql-webhook-store.ts). Claims are conditional updates, so several processes polling
 * the same table never send the same attempt twice.
 */
import type { WebhookEvent, WebhookResourceType } from '../webhooks.ts';

/** A stored delivery. */
export interface DeliveryRow {
  id: string;
  project_id: string;
  resource_type: WebhookResourceType;
  resource_id: number;
  event: WebhookEvent;
  url: string;
  /** The exact JSON text that is signed and sent. */
  payload: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: number;
  max_attempts: number;
  next_attempt_at: string | null;
  lease_owner: string | null;
  lease_until: string | null;
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
  updated_at: string;
}

/** The outcome of one attempt, written when it ends. */
export interface AttemptOutcome {
  status: DeliveryRow['status'];
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: string;
  next_attempt_at: string | null;
  delivered_at: string | null;
}

/** Port: the deliveries table and the secrets table. */
export interface WebhookStore {
  /**
   * The project's secret; creates one (made by `fresh`, called only then) when there is none.
   */
  getOrCreateSecret(projectId: string, fresh: () => string): Promise<string>;
  /** Replaces (or sets) the project's secret. */
  setSecret(projectId: string, secret: string): Promise<void>;
  /** Inserts a delivery; false when one exists for the same (resource, event). */
  insertDelivery(row: DeliveryRow): Promise<boolean>;
  /** Deliveries of one resource within a project, oldest first. */
  listDeliveries(
    projectId: string,
    type: WebhookResourceType,
    resourceId: number,
  ): Promise<DeliveryRow[]>;
  /** True when the image/PDF exists (not deleted) in the project. */
  resourceExists(
    projectId: string,
    type: WebhookResourceType,
    resourceId: number,
  ): Promise<boolean>;
  /** True when the image/PDF was deleted through the API (its row is marked deleted). */
  resourceDeleted(
    projectId: string,
    type: WebhookResourceType,
    resourceId: number,
  ): Promise<boolean>;
  /** Pending deliveries due at `now` whose lease (if any) has expired, soonest first. */
  findDue(now: string, limit: number): Promise<DeliveryRow[]>;
  /**
   * Takes the next attempt of a delivery: succeeds only if it is still pending, unleased (or its
   * lease expired) and has made `seenAttempts` attempts. Counts the attempt.
   */
  claim(
    id: string,
    seenAttempts: number,
    owner: string,
    now: string,
    leaseUntil: string,
  ): Promise<boolean>;
  /** Records an attempt's outcome, if `owner` still holds the lease. */
  finishAttempt(id: string, owner: string, outcome: AttemptOutcome): Promise<void>;
  /** The owners of unexpired leases on pending deliveries. */
  leaseOwners(now: string): Promise<string[]>;
  /** Ends every lease `owner` holds on pending deliveries (a dead process); returns how many. */
  releaseLeases(owner: string): Promise<number>;
  /** Extends the leases `owner` still holds on the deliveries `ids` (attempts in flight). */
  renewLeases(owner: string, ids: readonly string[], leaseUntil: string): Promise<void>;
}
