/**
 * A local webhook receiver for tests: records every request (headers and raw body) and answers
 * by a per-path script, e.g. fail twice then succeed.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One received request. */
export interface Received {
  path: string;
  method: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** Date.now() when it arrived. */
  at: number;
}

/** The running receiver. */
export interface Receiver {
  url(path: string): string;
  received: Received[];
  /** Requests to one path. */
  to(path: string): Received[];
  close(): Promise<void>;
}

/** Answers for a path: a list of status codes used in turn (the last one repeats). */
export type Script = Record<string, number[]>;

/**
 * Starts a receiver on 127.0.0.1 with a random port. `delayMs`: how long it waits before
 * answering on a path (the request is recorded when it arrives).
 */
export async function startReceiver(
  script: Script,
  delayMs: Record<string, number> = {},
): Promise<Receiver> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      const mine = received.filter((r) => r.path === path).length;
      received.push({
        path,
        method: req.method ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        at: Date.now(),
      });
      const codes = script[path] ?? [200];
      const status = codes[Math.min(mine, codes.length - 1)];
      // A 3xx answer points elsewhere, as a real redirect would.
      const headers: http.OutgoingHttpHeaders = { 'content-type': 'text/plain' };
      if (status >= 300 && status < 400) headers.location = `${path}/redirected`;
      const answer = () => res.writeHead(status, headers).end(`status ${status}`);
      if (delayMs[path]) setTimeout(answer, delayMs[path]);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    received,
    to: (path) => received.filter((r) => r.path === path),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls `fn` every 20 ms until it returns a value other than undefined, for at most `timeoutMs`. */
export async function waitFor<T>(fn: () => Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > until) throw new Error(`nothing after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
