/**
 * Failures that mean a dependency (the database, Redis) is unreachable rather than that the
 * request is wrong or the code is broken: they answer 503 with Retry-After, never 500.
 */
import { AppError } from '../core/errors.ts';
import { QueueUnavailableError } from '../queue/queue-unavailable-error.ts';

/** Seconds a client is told to wait before retrying a 503. */
export const RETRY_AFTER_SECONDS = 5;

// Socket errors of a connection to the database server.
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
]);

// PostgreSQL SQLSTATE: class 08 (connection exception), 57P01–57P03 (shutting down, cannot
// connect now), 53300 (too many connections).
const POSTGRES_UNAVAILABLE = /^(08...|57P0[123]|53300)$/;

// SQLite: the file is locked past the busy timeout, unreadable, or the disk is full.
const SQLITE_UNAVAILABLE = /^SQLITE_(BUSY|LOCKED|CANTOPEN|IOERR|FULL|READONLY)/;

// node-postgres reports a lost or timed-out connection by message only.
const PG_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|connect ECONNREFUSED/;

/** Which dependency `err` says is unreachable, or null when it is some other failure. */
export function unavailableDependency(err: unknown): 'database' | 'job queue' | null {
  if (err instanceof QueueUnavailableError) return 'job queue';
  if (typeof err !== 'object' || err === null) return null;
  // AggregateError: every address of the database host refused.
  const inner = (err as { errors?: unknown[] }).errors;
  if (Array.isArray(inner) && inner.some((e) => unavailableDependency(e) === 'database')) {
    return 'database';
  }
  const code = String((err as { code?: unknown }).code ?? '');
  const message = String((err as { message?: unknown }).message ?? '');
  if (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code)) return 'database';
  if (SQLITE_UNAVAILABLE.test(code) || PG_MESSAGES.test(message)) return 'database';
  return null;
}

/** The 503 for an unreachable dependency. */
export function unavailableError(dependency: string): AppError {
  return new AppError('unavailable', `The ${dependency} is unavailable; retry in a few seconds.`, {
    headers: { 'retry-after': String(RETRY_AFTER_SECONDS) },
  });
}
