/**
 * The only outbound HTTP client of the service (pictures, merge URLs, webhooks). It refuses
 * non-http(s) URLs and, unless `allowPrivate`, every address that is not public unicast: IP
 * literals before connecting, resolved addresses inside the connection (the checked address is the
 * one connected to, so DNS rebinding cannot swap it), and every redirect hop (followed by hand).
 * It stops reading past `maxBytes` and gives up after `timeoutMs` for the whole exchange.
 */
import fs from 'node:fs';
import { once } from 'node:events';
import { pipeline, type Readable, type Transform } from 'node:stream';
import zlib from 'node:zlib';
import { Agent, request, type Dispatcher } from 'undici';
import { blockedAddressReason, ipLiteral } from './address-policy.ts';
import {
  BlockedAddressError,
  guardedLookup,
  makeGuardedLookup,
  type AddressPolicy,
} from './guarded-lookup.ts';
import { FetchError, formatBytes } from './fetch-error.ts';

/** Options of one request; limits are required so every caller thinks about them. */
export interface SafeFetchOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The response body may not exceed this many bytes. */
  maxBytes: number;
  /** Time for the whole exchange, redirects and body included. */
  timeoutMs: number;
  /** Allow loopback, private and link-local targets (IMPRINT_ALLOW_PRIVATE_URLS=1). */
  allowPrivate: boolean;
  /** Redirects followed before giving up (default 5). */
  maxRedirects?: number;
  /** Replaces the standard address policy when allowPrivate is false (tests use a narrower one). */
  addressPolicy?: AddressPolicy;
  /**
   * Streams the body of a final (non-redirect) answer into this file instead of memory (video
   * sources); `body` is then empty. The limits apply as they do in memory.
   */
  toFile?: string;
}

/** A complete response: status, lower-case headers, the body and the final URL after redirects. */
export interface SafeFetchResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  url: string;
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = 'Imprint/0.1 (+https://github.com/imprint)';

let strictAgent: Agent | undefined;
let openAgent: Agent | undefined;
const policyAgents = new WeakMap<AddressPolicy, Agent>();

function agentFor(opts: SafeFetchOptions): Dispatcher {
  if (opts.allowPrivate) return (openAgent ??= new Agent());
  const policy = opts.addressPolicy;
  if (!policy) return (strictAgent ??= new Agent({ connect: { lookup: guardedLookup } }));
  let agent = policyAgents.get(policy);
  if (!agent) {
    agent = new Agent({ connect: { lookup: makeGuardedLookup(policy) } });
    policyAgents.set(policy, agent);
  }
  return agent;
}

/** Parses and checks one URL (every hop): http(s) only, and no forbidden IP literal. */
function checkUrl(raw: string, opts: SafeFetchOptions): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new FetchError(raw, 'invalid_url', 'not a valid URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new FetchError(raw, 'invalid_url', 'only http and https URLs are allowed');
  }
  if (!url.hostname) throw new FetchError(raw, 'invalid_url', 'the URL has no host');
  const literal = ipLiteral(url.hostname);
  if (literal && !opts.allowPrivate) {
    const why = (opts.addressPolicy ?? blockedAddressReason)(literal);
    if (why) throw new FetchError(raw, 'blocked_address', `address ${literal} is ${why}`);
  }
  return url;
}

function errorChain(err: unknown): Array<Error & { code?: string }> {
  const chain: Array<Error & { code?: string }> = [];
  let e: unknown = err;
  while (e instanceof Error && chain.length < 5) {
    chain.push(e);
    e = (e as { cause?: unknown }).cause;
  }
  return chain;
}

/** Turns whatever undici or the resolver threw into a FetchError with a readable message. */
function toFetchError(
  err: unknown,
  url: string,
  opts: SafeFetchOptions,
  timedOut: boolean,
): FetchError {
  if (err instanceof FetchError) return err;
  if (timedOut) {
    return new FetchError(url, 'timeout', `no complete response within ${opts.timeoutMs / 1000} s`);
  }
  const chain = errorChain(err);
  const blocked = chain.find((e): e is BlockedAddressError => e instanceof BlockedAddressError);
  if (blocked) return new FetchError(url, 'blocked_address', blocked.message);
  const code = chain.map((e) => e.code).find((c) => typeof c === 'string') ?? '';
  const host = safeHost(url);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_NODATA') {
    return new FetchError(url, 'dns', `the host ${host} could not be resolved`);
  }
  if (code === 'ECONNREFUSED') return new FetchError(url, 'connection', 'connection refused');
  if (code === 'UND_ERR_CONNECT_TIMEOUT' || code === 'ETIMEDOUT') {
    return new FetchError(url, 'timeout', 'the connection timed out');
  }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || code === 'EPIPE') {
    return new FetchError(url, 'connection', 'the connection was closed unexpectedly');
  }
  if (code.startsWith('ERR_TLS') || code.includes('CERT') || code.startsWith('ERR_SSL')) {
    return new FetchError(url, 'connection', `TLS handshake failed (${code})`);
  }
  if (code === 'EHOSTUNREACH' || code === 'ENETUNREACH') {
    return new FetchError(url, 'connection', 'the host is unreachable');
  }
  return new FetchError(url, 'connection', `the request failed${code ? ` (${code})` : ''}`);
}

function safeHost(url: string): string {
  try {
    return new URL(url).hostname;
  } catch {
    return url;
  }
}

function flattenHeaders(h: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h)) {
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

// Content codings a server may apply even unasked (RFC 9110: a request without Accept-Encoding
// accepts any), e.g. S3 objects stored with `Content-Encoding: gzip`. "deflate" is zlib-wrapped.
const DECODERS: Record<string, () => Transform> = {
  gzip: () => zlib.createGunzip(),
  'x-gzip': () => zlib.createGunzip(),
  deflate: () => zlib.createUnzip(),
  br: () => zlib.createBrotliDecompress(),
};

/** The body with its content codings undone, innermost last (`gzip, br` was gzipped first). */
function decoded(
  body: Dispatcher.ResponseData['body'],
  contentEncoding: string | string[] | undefined,
  url: string,
): Readable {
  const codings = String(contentEncoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity')
    .reverse();
  if (codings.length === 0) return body;
  const decoders = codings.map((c) => {
    const make = DECODERS[c];
    if (make) return make();
    body.on('error', () => undefined); // destroying it below must not become an uncaught abort
    body.destroy();
    throw new FetchError(
      url,
      'bad_content',
      `the response uses the content coding "${c}", which cannot be decoded`,
    );
  });
  // pipeline destroys every stream on an error, so reading the last one rejects with it.
  return pipeline([body, ...decoders], () => undefined) as unknown as Readable;
}

/** Reads the decoded body; `maxBytes` limits the decoded size, so a compression bomb stops early. */
async function readLimited(
  res: Dispatcher.ResponseData,
  url: string,
  maxBytes: number,
  toFile?: string,
): Promise<Buffer> {
  const body = decoded(res.body, res.headers['content-encoding'], url);
  const chunks: Buffer[] = [];
  let total = 0;
  const file = toFile ? fs.createWriteStream(toFile) : null;
  // A disk error (full, removed folder) fails this download, never the process.
  let diskError: Error | null = null;
  file?.on('error', (err) => (diskError ??= err));
  try {
    for await (const chunk of body) {
      const buf = chunk as Buffer;
      total += buf.length;
      if (file && total <= maxBytes) {
        // Waits for the disk when its buffer is full, so memory holds one chunk at a time.
        if (diskError) throw diskError;
        if (!file.write(buf)) await once(file, 'drain');
        continue;
      }
      if (total > maxBytes) {
        body.destroy();
        throw new FetchError(
          url,
          'too_large',
          `the response is larger than ${formatBytes(maxBytes)}`,
        );
      }
      chunks.push(buf);
    }
  } catch (err) {
    // zlib's errors are Z_*, brotli's ERR__ERROR_*; anything else (a reset, the time limit) is
    // the connection's and reported as such by the caller.
    const code = (err as { code?: unknown }).code;
    const corrupt = typeof code === 'string' && /^(Z_|ERR__ERROR_)/.test(code);
    if (err instanceof FetchError || !corrupt) throw err;
    throw new FetchError(
      url,
      'bad_content',
      `the response is not valid ${String(res.headers['content-encoding'])} data`,
    );
  } finally {
    if (file && !file.destroyed) await new Promise<void>((resolve) => file.end(() => resolve()));
  }
  if (diskError) throw diskError;
  if (file) return Buffer.alloc(0);
  return Buffer.concat(chunks, total);
}

/** Sends one request under the SSRF guard and limits; see the module comment. Throws FetchError. */
export async function safeFetch(url: string, opts: SafeFetchOptions): Promise<SafeFetchResponse> {
  const maxRedirects = opts.maxRedirects ?? 5;
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, opts.timeoutMs);
  let current = url;
  let method = (opts.method ?? 'GET').toUpperCase();
  let body = opts.body;
  let headers: Record<string, string> = { 'user-agent': USER_AGENT, ...lower(opts.headers) };
  try {
    for (let hop = 0; ; hop++) {
      const target = checkUrl(current, opts);
      const res = await request(target, {
        dispatcher: agentFor(opts),
        method: method as Dispatcher.HttpMethod,
        headers,
        body,
        signal: controller.signal,
      });
      const location = res.headers.location;
      if (REDIRECTS.has(res.statusCode) && typeof location === 'string') {
        await res.body.dump();
        if (hop >= maxRedirects) {
          throw new FetchError(
            url,
            'too_many_redirects',
            `more than ${maxRedirects} redirects`,
            res.statusCode,
          );
        }
        let next: URL;
        try {
          next = new URL(location, target);
        } catch {
          throw new FetchError(current, 'invalid_url', `redirects to an invalid URL`);
        }
        // 303 always, and 301/302 after a POST (what browsers do), continue as a bodiless GET.
        if (res.statusCode === 303 || (res.statusCode <= 302 && method === 'POST')) {
          method = method === 'HEAD' ? 'HEAD' : 'GET';
          body = undefined;
          delete headers['content-type'];
          delete headers['content-length'];
        }
        // Credentials meant for one origin are not handed to another.
        if (next.origin !== target.origin) {
          headers = { ...headers };
          delete headers.authorization;
          delete headers.cookie;
        }
        current = next.toString();
        continue;
      }
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > opts.maxBytes) {
        res.body.destroy();
        throw new FetchError(
          current,
          'too_large',
          `the response is larger than ${formatBytes(opts.maxBytes)}`,
        );
      }
      const bytes = await readLimited(res, current, opts.maxBytes, opts.toFile);
      return {
        status: res.statusCode,
        headers: flattenHeaders(res.headers),
        body: bytes,
        url: current,
      };
    }
  } catch (err) {
    throw toFetchError(err, current, opts, timedOut);
  } finally {
    clearTimeout(timer);
  }
}

function lower(h: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(h ?? {})) out[k.toLowerCase()] = v;
  return out;
}
