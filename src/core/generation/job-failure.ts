/**
 * How a render job fails, as a small fixed set of codes. Adapters mark the errors whose messages
 * they wrote for users with a `failure` code (FetchError: 'asset_fetch', TransferError:
 * 'transfer', RenderThreadError: 'render'); core reads the code, never a class name, and shows
 * any other error's message to no one (it is logged, and the row says an internal error occurred).
 */
import { RenderInputError } from '../../render/index.ts';
import { problemMessage } from './validate-request.ts';

/** Why a job failed. */
export const JOB_FAILURE_CODES = [
  /** The request or its template cannot be rendered (a layer value, a deleted template, a cap). */
  'input',
  /** A picture, SVG or PDF could not be downloaded or is not what it claims to be. */
  'asset_fetch',
  /** A stored font could not be read. */
  'font',
  /** The render thread failed or ran out of its limits. */
  'render',
  /** The project's credit limit does not leave room for the job's final cost. */
  'credits',
  /** The file could not be stored. */
  'storage',
  /** The copy to the caller's bucket failed, or its credentials were lost. */
  'transfer',
  /** Anything else: the message stays in the log. */
  'internal',
] as const;

/** One of JOB_FAILURE_CODES. */
export type JobFailureCode = (typeof JOB_FAILURE_CODES)[number];

const CODES = new Set<string>(JOB_FAILURE_CODES);

/** A job failure with messages meant for the client (the row's `errors`). */
export class RenderJobFailure extends Error {
  readonly failure: JobFailureCode;
  readonly messages: string[];
  constructor(failure: JobFailureCode, messages: string[]) {
    super(messages.join('; '));
    this.failure = failure;
    this.messages = messages;
    this.name = 'RenderJobFailure';
  }
}

/** The failure code an error carries, if its module marked it as safe to show. */
export function failureCodeOf(err: unknown): JobFailureCode | undefined {
  const code = (err as { failure?: unknown } | null)?.failure;
  return typeof code === 'string' && CODES.has(code) ? (code as JobFailureCode) : undefined;
}

/** Where failures that are not the client's are logged. */
export interface FailureLog {
  error(obj: object, msg: string): void;
}

/** A message fit for the client: marked errors as they are, anything else generic (logged). */
export function safeMessage(err: unknown, log?: FailureLog): string {
  const code = failureCodeOf(err);
  if (code && code !== 'internal' && err instanceof Error) return err.message;
  log?.error({ err }, 'render job failed unexpectedly');
  return 'an internal error occurred (details are in the server log)';
}

/** A failure's code and the row's `errors` for it. */
export function classifyFailure(
  err: unknown,
  log?: FailureLog,
): { code: JobFailureCode; messages: string[] } {
  if (err instanceof RenderJobFailure) return { code: err.failure, messages: err.messages };
  if (err instanceof RenderInputError)
    return { code: 'input', messages: err.problems.map((p) => problemMessage(p)) };
  const code = failureCodeOf(err);
  if (code === 'transfer') return { code, messages: [`transfer: ${(err as Error).message}`] };
  return { code: code ?? 'internal', messages: [safeMessage(err, log)] };
}
