/** Port: signed, durable webhook delivery (adapter: `src/webhooks/webhook-dispatcher.ts`). */
import type { WebhookDelivery, WebhookRequest, WebhookResourceType } from '../webhooks.ts';

/** Port: enqueue, inspect and dispatch webhook deliveries; manage per-project secrets. */
export interface WebhookService {
  /** Records a delivery to make; a second call for the same (resource, event) does nothing. */
  enqueue(d: WebhookRequest): Promise<void>;
  /** The deliveries of one resource of a project, oldest first ([] for other projects' ids). */
  listDeliveries(
    projectId: string,
    resourceType: WebhookResourceType,
    resourceId: number,
  ): Promise<WebhookDelivery[]>;
  /** True when the image/PDF exists (not deleted) in the project: the deliveries route's 404. */
  resourceExists(
    projectId: string,
    resourceType: WebhookResourceType,
    resourceId: number,
  ): Promise<boolean>;
  /** The project's signing secret, created on first need. */
  secret(projectId: string): Promise<string>;
  /** Replaces the project's signing secret and returns the new one. */
  rotateSecret(projectId: string): Promise<string>;
  /** Starts the dispatcher loop of this process (idempotent). */
  start(): void;
  /** Stops the loop and waits for attempts in flight. */
  stop(): Promise<void>;
}
