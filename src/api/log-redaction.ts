/**
 * What the server's log never writes: API tokens, webhook and URL-signing secrets, transfer
 * credentials, cookies. Values under a secret-bearing key are replaced at any depth the log
 * objects reach (a plugin may log the request headers inside its own options, as the multipart
 * parser does at trace level), and error messages and stacks have tokens masked.
 */
import type { FastifyBaseLogger, FastifyRequest, FastifyServerOptions } from 'fastify';
import {
  stdSerializers,
  symbols,
  type Bindings,
  type ChildLoggerOptions,
  type LoggerOptions,
} from 'pino';

/** Keys whose values are secrets wherever they appear in a log object (compared exactly). */
export const SECRET_LOG_KEYS = [
  // Request headers.
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'x-imprint-signature',
  // API tokens, signing secrets, credentials (transfer objects: key, secret, token).
  'token',
  'test_token',
  'secret',
  'url_secret',
  'signing_secret',
  'webhook_secret',
  'urlSecret',
  'signingSecret',
  'key',
  'access_key',
  'access_key_id',
  'secret_access_key',
  'accessKeyId',
  'secretAccessKey',
  'sessionToken',
  'session_token',
  'password',
  'credentials',
  'transfer',
] as const;

/** How deep in a log object secret keys are found (pino's paths are fixed-depth). */
const DEPTH = 6;

/** The censor written in place of a secret. */
export const REDACTED = '[redacted]';

/** pino redact paths for every secret key at depths 0..DEPTH-1. */
export function secretLogPaths(): string[] {
  const paths: string[] = [];
  for (const key of SECRET_LOG_KEYS) {
    const plain = /^[A-Za-z_$][\w$]*$/.test(key);
    for (let depth = 0; depth < DEPTH; depth++) {
      const parents = Array<string>(depth).fill('*').join('.');
      if (plain) paths.push(parents ? `${parents}.${key}` : key);
      else paths.push(`${parents}["${key}"]`);
    }
  }
  return paths;
}

// API tokens (imp_live_…, imp_test_…) and whatever follows "Bearer" or "Basic".
const TOKEN_TEXT = /\bimp_(?:live|test)_[A-Za-z0-9_-]+|\b(Bearer|Basic)\s+[^\s"',;]+/gi;

/** `text` with API tokens and Authorization credentials masked. */
export function maskSecrets(text: string): string {
  return text.replace(TOKEN_TEXT, (_m, scheme?: string) =>
    scheme ? `${scheme} ${REDACTED}` : REDACTED,
  );
}

// Query parameters that carry a credential (a signed URL's signature is one: it grants access;
// `s` is the URL API's).
const SECRET_QUERY =
  /([?&](?:token|access_token|api_key|apikey|key|secret|password|signature|sig|s)=)[^&#]*/gi;

/** A request URL with credential query values and API tokens masked. */
export function maskUrl(url: string): string {
  return maskSecrets(url.replace(SECRET_QUERY, `$1${REDACTED}`));
}

/** Fastify's request serializer (method, url, host, address), with the URL masked. */
function reqSerializer(req: FastifyRequest) {
  return {
    method: req.method,
    url: maskUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** pino's error serializer with tokens masked in the message and stack. */
function errSerializer(err: Error) {
  const out = stdSerializers.err(err);
  return { ...out, message: maskSecrets(out.message), stack: maskSecrets(out.stack) };
}

/** The Fastify logger options of the server at `level`, with the redaction above. */
export function serverLoggerOptions(level: string): FastifyServerOptions['logger'] {
  return processLoggerOptions(level);
}

/**
 * The same options for the process's own pino logger (requests, jobs and webhook attempts all
 * go through it), so no log line of any component can carry a secret.
 */
export function processLoggerOptions(level: string): LoggerOptions {
  return {
    level,
    redact: { paths: secretLogPaths(), censor: REDACTED },
    serializers: { err: errSerializer, req: reqSerializer },
  };
}

/**
 * Fastify's logger of one request: the process logger with the request id bound. pino passes
 * every binding through its redactor, which for the wildcard paths above parses all of them again
 * for each value, a plain string included; per request that cost more CPU than the rest of its
 * logging at the default level. The id is one Fastify made (req-1, req-2, …; it is not read from
 * a header), so it is bound as JSON directly, with tokens masked all the same.
 */
export function requestChildLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  opts: ChildLoggerOptions,
): FastifyBaseLogger {
  const child = logger.child({}, opts) as FastifyBaseLogger & Record<symbol, unknown>;
  const bound = child[symbols.chindingsSym];
  // Not a pino logger (Fastify's silent one when logging is off): the usual child.
  if (typeof bound !== 'string') return logger.child(bindings, opts);
  let extra = '';
  for (const [key, value] of Object.entries(bindings)) {
    const text = typeof value === 'string' ? maskSecrets(value) : value;
    extra += `,${JSON.stringify(key)}:${JSON.stringify(text)}`;
  }
  child[symbols.chindingsSym] = bound + extra;
  return child;
}
