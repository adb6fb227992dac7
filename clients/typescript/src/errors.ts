/** Errors the client's helpers reject with. */

/** An image or PDF ended in `error`: `errors` are the server's messages, `item` the object. */
export class RenderFailedError extends Error {
  /** The server's error messages. */
  readonly errors: string[];
  /** The image or PDF object in its final state. */
  readonly item: unknown;
  constructor(kind: string, id: number, errors: string[], item: unknown) {
    super(`${kind} ${id} failed: ${errors.join('; ') || 'no reason given'}`);
    this.name = 'RenderFailedError';
    this.errors = errors;
    this.item = item;
  }
}

/** waitFor gave up: the overall timeout passed while the item was still queued. */
export class WaitTimeoutError extends Error {
  constructor(kind: string, id: number, timeoutMs: number) {
    super(`${kind} ${id} was still queued after ${timeoutMs} ms`);
    this.name = 'WaitTimeoutError';
  }
}

/** The API answered a request with an error status. */
export class ImprintApiError extends Error {
  /** The HTTP status. */
  readonly status: number;
  /** The JSON error body, when there was one. */
  readonly body: unknown;
  constructor(status: number, body: unknown) {
    const message =
      body && typeof body === 'object' && 'message' in body ? String(body.message) : '';
    super(`HTTP ${status}${message ? `: ${message}` : ''}`);
    this.name = 'ImprintApiError';
    this.status = status;
    this.body = body;
  }
}
