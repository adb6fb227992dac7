/** @imprint/client: a typed client of the Imprint REST API and helpers around it. */
export { createImprintClient, type ImprintClient, type ImprintClientOptions } from './client.ts';
export { idempotentFetch, type RetryOptions } from './idempotent-fetch.ts';
export { waitFor, type Generation, type WaitOptions } from './wait-for.ts';
export { listAll, type ListItem, type ListPath, type ListQuery } from './list-all.ts';
export {
  WebhookWaiter,
  kindOf,
  type GenerationKind,
  type WebhookSubscription,
} from './webhook-waiter.ts';
export { verifyWebhook, type HeaderSource, type VerifyWebhookOptions } from './verify-webhook.ts';
export { signUrl, type SignUrlOptions, type UrlLayers } from './sign-url.ts';
export { ImprintApiError, RenderFailedError, WaitTimeoutError } from './errors.ts';
export type { paths, components } from './schema.d.ts';
