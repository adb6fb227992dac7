/**
 * Signed, durable webhook delivery (the WebhookService port, ports/webhook-service.ts). A finished
 * or failed image/PDF enqueues one delivery; a dispatcher loop (in every serving or working
 * process) sends due deliveries with an HMAC signature and retries with back-off. Idempotent per (resource, event): a job that runs again
 * after a crash never sends the same webhook twice.
 */

/** The resource a delivery is about. */
export type WebhookResourceType = 'image' | 'pdf' | 'video';

/** success → webhook_success (`<type>.finished`), error → webhook_error (`<type>.error`). */
export type WebhookEvent = 'success' | 'error';

/** What a job asks to be delivered. */
export interface WebhookRequest {
  projectId: string;
  resourceType: WebhookResourceType;
  resourceId: number;
  event: WebhookEvent;
  /** Where to POST; checked by the outbound address policy when sent. */
  url: string;
  /** Sent as the JSON body (the resource object, exactly as GET returns it). */
  payload: object;
}

/** pending: waiting for its next attempt; succeeded: a 2xx answer; failed: gave up. */
export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

/** A delivery as the API lists it (never the payload's secrets: there are none in it). */
export interface WebhookDelivery {
  id: string;
  /** image.finished, image.error, pdf.finished or pdf.error (also the Imprint-Event header). */
  event: string;
  url: string;
  status: WebhookDeliveryStatus;
  /** Attempts made so far. */
  attempts: number;
  max_attempts: number;
  /** HTTP status of the last attempt, null when it got no answer. */
  last_status_code: number | null;
  /** Why the last attempt failed, null after a success. */
  last_error: string | null;
  last_attempt_at: string | null;
  /** When the next attempt is due; null once succeeded or failed. */
  next_attempt_at: string | null;
  delivered_at: string | null;
  created_at: string;
}

/** The Imprint-Event header value of a delivery. */
export function webhookEventName(type: WebhookResourceType, event: WebhookEvent): string {
  return `${type}.${event === 'success' ? 'finished' : 'error'}`;
}
