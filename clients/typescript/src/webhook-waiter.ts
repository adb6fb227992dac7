/**
 * WebhookWaiter: the bridge between a webhook handler and waitFor. The handler passes each
 * verified delivery to `deliver`; a waitFor given the waiter resolves as soon as the delivery of
 * its image or PDF arrives, even when it arrived first.
 */

/** Which kind of object a delivery or a wait is about. */
export type GenerationKind = 'image' | 'pdf' | 'video';

/** A pending wait: `delivered` resolves with the delivered object; `cancel` stops listening. */
export interface WebhookSubscription {
  delivered: Promise<unknown>;
  cancel(): void;
}

/**
 * `pdf` for a PDF object (it has `pdf_url`, or a polling_url under /pdfs/), `video` for a video
 * object (`video_url`, or a polling_url under /videos/), else `image`.
 */
export function kindOf(item: object): GenerationKind {
  if ('pdf_url' in item) return 'pdf';
  if ('video_url' in item) return 'video';
  const polling = (item as { polling_url?: unknown }).polling_url;
  if (typeof polling === 'string' && /\/videos\/\d+/.test(polling)) return 'video';
  return typeof polling === 'string' && /\/pdfs\/\d+/.test(polling) ? 'pdf' : 'image';
}

/** Routes webhook deliveries to the waitFor calls waiting for them. */
export class WebhookWaiter {
  private readonly waiting = new Map<string, Set<(item: unknown) => void>>();
  private readonly early = new Map<string, unknown>();

  /** How many deliveries nobody waited for yet are kept (oldest dropped first). */
  private readonly keepEarly: number;
  constructor(keepEarly = 1000) {
    this.keepEarly = keepEarly;
  }

  /**
   * Hands over one delivery (its parsed object or raw JSON body, after verifyWebhook). Returns
   * true when a waitFor was waiting for it; otherwise it is kept for a waitFor that comes later.
   */
  deliver(body: unknown): boolean {
    const item = typeof body === 'string' || body instanceof Uint8Array ? parse(body) : body;
    if (!item || typeof item !== 'object' || typeof (item as { id?: unknown }).id !== 'number')
      return false;
    const key = `${kindOf(item)}:${(item as { id: number }).id}`;
    const listeners = this.waiting.get(key);
    if (listeners?.size) {
      for (const listener of listeners) listener(item);
      return true;
    }
    this.early.set(key, item);
    if (this.early.size > this.keepEarly) this.early.delete(this.early.keys().next().value!);
    return false;
  }

  /** Waits for the delivery of one image or PDF (used by waitFor). */
  wait(kind: GenerationKind, id: number): WebhookSubscription {
    const key = `${kind}:${id}`;
    if (this.early.has(key)) {
      const item = this.early.get(key);
      this.early.delete(key);
      return { delivered: Promise.resolve(item), cancel: () => undefined };
    }
    let listener: (item: unknown) => void = () => undefined;
    const delivered = new Promise<unknown>((resolve) => (listener = resolve));
    const set = this.waiting.get(key) ?? new Set();
    set.add(listener);
    this.waiting.set(key, set);
    return {
      delivered,
      cancel: () => {
        set.delete(listener);
        if (set.size === 0) this.waiting.delete(key);
      },
    };
  }
}

function parse(body: string | Uint8Array): unknown {
  try {
    return JSON.parse(typeof body === 'string' ? body : new TextDecoder().decode(body));
  } catch {
    return undefined;
  }
}
