/**
 * The typed REST client: openapi-fetch over the generated `paths`, with the bearer token set once
 * and `waitFor` bound to it.
 */
import createClient, { type Client } from 'openapi-fetch';
import { idempotentFetch, type RetryOptions } from './idempotent-fetch.ts';
import type { paths } from './schema.d.ts';
import { waitFor, type Generation, type WaitOptions } from './wait-for.ts';

/** Options of createImprintClient. */
export interface ImprintClientOptions {
  /** The server's root URL, e.g. `https://imprint.example.com` (paths start with /api/rest). */
  baseUrl: string;
  /** A project API token (`imp_live_…` or `imp_test_…`). */
  token: string;
  /** A fetch implementation (default: the global fetch). */
  fetch?: typeof globalThis.fetch;
  /**
   * Retries of creation calls after a failed connection or a 409/429/502/503/504, each with the
   * call's Idempotency-Key (default: 2 retries, Retry-After waited up to 10 s).
   */
  retry?: RetryOptions;
}

/** The openapi-fetch client of the Imprint API plus a bound waitFor. */
export type ImprintClient = Client<paths> & {
  /** Waits until an image, PDF or video leaves `queued`; see {@link waitFor}. */
  waitFor<T extends Generation>(item: T, options?: WaitOptions): Promise<T>;
};

/**
 * Creates a typed client: `client.POST('/api/rest/images', { body })` → `{ data, error }`.
 * Creation calls carry an Idempotency-Key (see idempotentFetch).
 */
export function createImprintClient(options: ImprintClientOptions): ImprintClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const api = createClient<paths>({
    baseUrl,
    headers: { authorization: `Bearer ${options.token}` },
    // Resolved at call time, so a global fetch replaced later (tests, mocks) is the one used.
    fetch: idempotentFetch(
      options.fetch ?? ((input, init) => globalThis.fetch(input, init)),
      options.retry,
    ),
  });
  return Object.assign(api, {
    waitFor: <T extends Generation>(item: T, waitOptions?: WaitOptions) =>
      waitFor(api, item, waitOptions),
  });
}
