/**
 * The one error every outbound request throws. Its message is meant for users (it ends up in an
 * image's `errors` or a webhook delivery's `error`): it names the URL and says what went wrong,
 * never internals such as stack traces or credentials.
 */

/** Why an outbound request failed, in words a client can act on. */
export type FetchErrorReason =
  | 'invalid_url'
  | 'blocked_address'
  | 'dns'
  | 'connection'
  | 'timeout'
  | 'too_large'
  | 'too_many_redirects'
  | 'http_status'
  | 'bad_content';

/** An outbound request failed; `message` is safe to show to users. */
export class FetchError extends Error {
  /** Its job failure code (core/generation/job-failure.ts); its message is safe to show. */
  readonly failure = 'asset_fetch' as const;

  readonly url: string;
  readonly reason: FetchErrorReason;
  /** The HTTP status, when the server answered (reasons 'http_status', 'too_many_redirects'). */
  readonly status?: number;
  /** The Content-Type the server sent, for 'bad_content' (a web page can be shot instead). */
  readonly contentType?: string;
  constructor(
    url: string,
    reason: FetchErrorReason,
    detail: string,
    status?: number,
    contentType?: string,
  ) {
    super(`${displayUrl(url)}: ${detail}`);
    this.url = url;
    this.reason = reason;
    this.status = status;
    this.contentType = contentType;
    this.name = 'FetchError';
  }
}

/** A URL shortened for messages: credentials removed, at most 200 characters. */
export function displayUrl(url: string): string {
  let shown = url;
  try {
    const u = new URL(url);
    if (u.username || u.password) {
      u.username = '';
      u.password = '';
      shown = u.toString();
    }
  } catch {
    // Not a URL: show it as given (shortened below).
  }
  return shown.length > 200 ? `${shown.slice(0, 197)}...` : shown;
}

/** "25 MB", "512 KB" or "300 bytes": the limit as users read it. */
export function formatBytes(n: number): string {
  const mb = 1024 * 1024;
  if (n >= mb) return `${Number((n / mb).toFixed(1))} MB`;
  if (n >= 1024) return `${Number((n / 1024).toFixed(1))} KB`;
  return `${n} bytes`;
}
