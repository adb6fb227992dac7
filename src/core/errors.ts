/**
 * The error catalog: every failure a client can cause has a code, an HTTP status and a message
 * that says what is wrong. Field errors name the JSON path (e.g. `layers.title.font_size`).
 * The API turns an AppError into `{ message, errors? }` with its status; anything else is a 500
 * whose details stay in the log.
 */

/** Field path → messages, as in a 422 body. */
export type FieldErrors = Record<string, string[]>;

/** Machine-readable error codes and their HTTP status. */
export const ERROR_STATUS = {
  bad_request: 400,
  unauthenticated: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation: 422,
  too_many_requests: 429,
  internal: 500,
  not_implemented: 501,
  unavailable: 503,
} as const;

/** One of the catalog's codes. */
export type ErrorCode = keyof typeof ERROR_STATUS;

/** What an AppError carries besides its code and message. */
export interface AppErrorOptions {
  /** Field path → messages, sent as `errors`. */
  readonly fields?: FieldErrors;
  /** Extra top-level body properties (e.g. templates_using_font on a 409). */
  readonly extra?: Record<string, unknown>;
  /** Extra response headers (e.g. Retry-After on a 429). */
  readonly headers?: Record<string, string>;
}

/** An error meant for the client: its message and fields are safe to show. */
export class AppError extends Error {
  readonly status: number;
  readonly fields?: FieldErrors;
  readonly extra?: Record<string, unknown>;
  readonly headers?: Record<string, string>;

  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.code = code;
    this.name = 'AppError';
    this.status = ERROR_STATUS[code];
    this.fields = options.fields;
    this.extra = options.extra;
    this.headers = options.headers;
  }

  /** The JSON body sent to the client. */
  toBody(): Record<string, unknown> {
    return {
      message: this.message,
      ...(this.fields ? { errors: this.fields } : {}),
      ...this.extra,
    };
  }
}

/** 422 for one or more bad fields; the message repeats the first problem so it stands alone. */
export function validationError(fields: FieldErrors): AppError {
  const [first] = Object.entries(fields);
  const message = first ? `${first[1][0]}` : 'The given data was invalid.';
  const more = Object.values(fields).reduce((n, list) => n + list.length, 0) - 1;
  return new AppError(
    'validation',
    more > 0 ? `${message} (and ${more} more error${more > 1 ? 's' : ''})` : message,
    { fields },
  );
}

/** 422 for a single field. */
export function fieldError(field: string, message: string): AppError {
  return validationError({ [field]: [message] });
}

/** 404 for a resource that does not exist in the caller's project (never reveals other projects). */
export function notFound(what: string, fields?: FieldErrors): AppError {
  return new AppError('not_found', `${what} not found`, { fields });
}

/**
 * Collects field errors while validating, then throws one 422 with all of them. It may start
 * from the route schema's errors so one 422 names every bad field; a field the schema already
 * reported is not reported a second time by the later checks (they would say the same).
 */
export class FieldErrorCollector {
  private readonly fields: FieldErrors = {};
  private readonly reported: ReadonlySet<string>;

  constructor(schemaErrors: FieldErrors = {}) {
    for (const [field, list] of Object.entries(schemaErrors)) this.fields[field] = [...list];
    this.reported = new Set(Object.keys(schemaErrors));
  }

  /**
   * Records a problem with a field (unless the schema already reported that field). The same
   * message twice is kept once: checks shared by several steps (PDF metadata) may meet a field
   * more than once.
   */
  add(field: string, message: string): void {
    if (this.reported.has(field)) return;
    const list = (this.fields[field] ??= []);
    if (!list.includes(message)) list.push(message);
  }

  /** True when a problem was recorded for `field` or for a path inside it. */
  hasUnder(field: string): boolean {
    return Object.keys(this.fields).some((f) => f === field || f.startsWith(`${field}.`));
  }

  /** True when nothing was recorded. */
  get ok(): boolean {
    return Object.keys(this.fields).length === 0;
  }

  /** Throws a 422 with every recorded problem, if any. */
  throwIfAny(): void {
    if (!this.ok) throw validationError(this.fields);
  }
}
