/**
 * waitFor: from an image, PDF or video object as `POST /images`, `/pdfs` or `/videos` answered it to its final
 * state. It polls with exponential back-off (capped, with an overall timeout), and when a
 * {@link WebhookWaiter} (or any promise of the object) is given, the webhook's delivery ends the
 * wait at once; polling keeps going meanwhile, slowly, in case a delivery is lost.
 */
import type { Client } from 'openapi-fetch';
import { ImprintApiError, RenderFailedError, WaitTimeoutError } from './errors.ts';
import type { paths } from './schema.d.ts';
import { kindOf, type GenerationKind, type WebhookWaiter } from './webhook-waiter.ts';

/** The fields of an image or PDF object waitFor reads. */
export interface Generation {
  id?: number;
  status?: 'queued' | 'finished' | 'error';
  polling_url?: string;
  errors?: string[];
  error?: string | null;
}

/** How waitFor waits. */
export interface WaitOptions {
  /** First pause between polls (default 500 ms). */
  initialDelayMs?: number;
  /** The pause grows by this factor after each poll (default 2). */
  factor?: number;
  /** Longest pause between polls (default 10 000 ms). */
  maxDelayMs?: number;
  /** Give up with WaitTimeoutError after this long (default 300 000 ms). */
  timeoutMs?: number;
  /** Stops waiting (rejects with the signal's reason). */
  signal?: AbortSignal;
  /** Ends the wait when the webhook arrives: a WebhookWaiter fed by the webhook handler, or a promise of the delivered object. */
  webhook?: WebhookWaiter | PromiseLike<unknown>;
  /** `image`, `pdf` or `video`; by default read from the object (`pdf_url`/`video_url` or the polling_url). */
  kind?: GenerationKind;
}

/** HTTP statuses worth polling again after: the server is busy or briefly unavailable. */
const TRANSIENT = new Set([429, 502, 503, 504]);

/** A pause that a webhook (or an abort) can cut short. */
function pause(ms: number, signal?: AbortSignal): { done: Promise<void>; cancel(): void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let onAbort: (() => void) | undefined;
  const done = new Promise<void>((resolve, reject) => {
    timer = setTimeout(resolve, ms);
    if (signal) {
      onAbort = () => reject(signal.reason);
      signal.addEventListener('abort', onAbort, { once: true });
    }
  });
  return {
    done,
    cancel: () => {
      clearTimeout(timer);
      if (signal && onAbort) signal.removeEventListener('abort', onAbort);
    },
  };
}

/** One GET of the object; undefined when the server asked to come back later. */
async function fetchItem<T extends Generation>(
  api: Client<paths>,
  kind: GenerationKind,
  id: number,
  signal?: AbortSignal,
): Promise<T | undefined> {
  let res;
  try {
    const params = { path: { id: String(id) } };
    res =
      kind === 'pdf'
        ? await api.GET('/api/rest/pdfs/{id}', { params, signal })
        : kind === 'video'
          ? await api.GET('/api/rest/videos/{id}', { params, signal })
          : await api.GET('/api/rest/images/{id}', { params, signal });
  } catch (err) {
    if (signal?.aborted) throw err;
    return undefined; // a network error: try again after the next pause
  }
  if (res.response.ok) return res.data as T;
  if (TRANSIENT.has(res.response.status)) return undefined;
  throw new ImprintApiError(res.response.status, res.error);
}

/** True for an object in a final state. */
function isFinal(value: unknown): value is Generation {
  if (!value || typeof value !== 'object') return false;
  const status = (value as Generation).status;
  return status === 'finished' || status === 'error';
}

/**
 * Resolves with the object once its status is `finished`; rejects with RenderFailedError (its
 * `errors`) on `error`, WaitTimeoutError after `timeoutMs`, ImprintApiError on a 4xx answer.
 */
export async function waitFor<T extends Generation>(
  api: Client<paths>,
  item: T,
  options: WaitOptions = {},
): Promise<T> {
  const { initialDelayMs = 500, factor = 2, maxDelayMs = 10_000, timeoutMs = 300_000 } = options;
  const kind = options.kind ?? kindOf(item);
  const id = item.id;
  if (typeof id !== 'number')
    throw new TypeError('waitFor needs an image, PDF or video object with an id');
  const deadline = Date.now() + timeoutMs;
  const subscription =
    options.webhook && 'wait' in options.webhook
      ? options.webhook.wait(kind, id)
      : options.webhook
        ? { delivered: Promise.resolve(options.webhook), cancel: () => undefined }
        : undefined;
  // The webhook's object once it arrived; a delivery that is not final (or fails) never wins.
  const never = new Promise<never>(() => undefined);
  const webhookItem: Promise<T> = subscription
    ? subscription.delivered.then(
        (v) => (isFinal(v) ? (v as T) : never),
        () => never,
      )
    : never;
  let current: T = item;
  let delay = initialDelayMs;
  try {
    for (;;) {
      if (current.status === 'finished') return current;
      if (current.status === 'error') {
        const errors = current.errors?.length
          ? current.errors
          : current.error
            ? [current.error]
            : [];
        throw new RenderFailedError(kind, id, errors, current);
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) throw new WaitTimeoutError(kind, id, timeoutMs);
      const nap = pause(Math.min(delay, remaining), options.signal);
      const woke = await Promise.race([nap.done.then(() => undefined), webhookItem]).finally(
        nap.cancel,
      );
      if (woke) {
        current = woke;
        continue;
      }
      delay = Math.min(delay * factor, maxDelayMs);
      current = (await fetchItem<T>(api, kind, id, options.signal)) ?? current;
    }
  } finally {
    subscription?.cancel();
  }
}
