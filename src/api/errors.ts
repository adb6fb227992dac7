/**
 * Turns every failure into the error body of DESIGN.md: 422 `{message, errors}` for validation,
 * 400 for malformed JSON, 413 for a body over the limit, 503 with Retry-After when the database
 * or the job queue is unreachable, and a 500 that never shows internals.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError, validationError, type FieldErrors } from '../core/errors.ts';
import { unavailableDependency, unavailableError } from './unavailable.ts';
import { drainBody } from './http-edges.ts';
import { describeValue } from '../render/index.ts';
import { readsScalarStrings } from './coerce-body.ts';

/** One Ajv error as Fastify attaches it to a failed request. */
export interface AjvIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
  /** The value the issue is about (Ajv's `verbose` option). */
  data?: unknown;
}

/** '/layers/title/0' → 'layers.title.0'; prefixed with the parameter name for query and path. */
function fieldPath(issue: AjvIssue, context: string | undefined): string {
  const parts = (issue.instancePath ?? '')
    .split('/')
    .filter(Boolean)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (issue.keyword === 'required' && typeof issue.params?.missingProperty === 'string') {
    parts.push(issue.params.missingProperty);
  }
  if (
    issue.keyword === 'additionalProperties' &&
    typeof issue.params?.additionalProperty === 'string'
  ) {
    parts.push(issue.params.additionalProperty);
  }
  const path = parts.join('.');
  return path || (context === 'body' ? 'body' : (context ?? 'request'));
}

/** "1 item", "500 items". */
const items = (n: unknown) => `${String(n)} ${Number(n) === 1 ? 'item' : 'items'}`;

/** "; received "wide"" for an issue that carries its value (scalars only: objects say little). */
function received(issue: AjvIssue): string {
  const v = issue.data;
  if (v === undefined || (typeof v === 'object' && v !== null)) return '';
  return `; received ${describeValue(v)}`;
}

/** How schema errors are worded for one request. */
export interface DescribeOptions {
  /**
   * The body's numbers and booleans were read from strings too (coerce-body.ts): a wrong type
   * there says so, rather than "must be of type integer" for a string that spells none.
   */
  scalarStrings?: boolean;
}

/**
 * The sentence of a type error on a field that takes a number or a boolean spelled as a string
 * (and null for "not given"), or undefined for other type lists.
 */
function scalarTypeMessage(issue: AjvIssue, field: string): string | undefined {
  const types = String(issue.params?.type ?? '')
    .split(',')
    .filter((t) => t !== 'null');
  if (types.length !== 1) return undefined;
  const what =
    types[0] === 'integer'
      ? 'an integer (a number or a numeric string such as "600")'
      : types[0] === 'number'
        ? 'a number (a number or a numeric string such as "4.5")'
        : types[0] === 'boolean'
          ? 'true or false (a boolean, or one of the strings "true", "false", "1", "0")'
          : undefined;
  return what && `The ${field} field must be ${what}${received(issue)}.`;
}

/** A readable sentence for one schema violation. */
function describe(issue: AjvIssue, field: string, opts: DescribeOptions = {}): string {
  const p = issue.params ?? {};
  if (issue.keyword === 'type' && opts.scalarStrings) {
    const scalar = scalarTypeMessage(issue, field);
    if (scalar) return scalar;
  }
  switch (issue.keyword) {
    case 'required':
      return `The ${field} field is required.`;
    case 'maxLength':
      return `The ${field} field must not be greater than ${p.limit} characters.`;
    case 'minLength':
      return Number(p.limit) === 1
        ? `The ${field} field must not be empty.`
        : `The ${field} field must be at least ${p.limit} characters.`;
    case 'maxItems':
      return `The ${field} field must not have more than ${items(p.limit)}.`;
    case 'minItems':
      return `The ${field} field must have at least ${items(p.limit)}.`;
    case 'maximum':
      return `The ${field} field must not be greater than ${p.limit}.`;
    case 'minimum':
      return `The ${field} field must be at least ${p.limit}.`;
    case 'type':
      // ajv joins a type list with commas: "string,object,null" reads "string, object or null".
      return `The ${field} field must be of type ${String(p.type)
        .split(',')
        .join(', ')
        .replace(/, ([^,]*)$/, ' or $1')}${received(issue)}.`;
    case 'enum':
      // A schema may accept both 72 and "72"; name each value once. null (an optional field
      // left empty) is not a value worth suggesting.
      return `The ${field} field must be one of: ${[
        ...new Set((p.allowedValues as unknown[]).filter((v) => v !== null).map(String)),
      ].join(', ')}${received(issue)}.`;
    case 'const':
      return `The ${field} field must be ${JSON.stringify(p.allowedValue)}.`;
    case 'pattern':
    case 'format':
      return `The ${field} field has an invalid format.`;
    case 'additionalProperties':
      return `The ${field} field is not allowed.`;
    default:
      return `The ${field} field is invalid${issue.message ? `: ${issue.message}` : ''}.`;
  }
}

/** Converts Fastify's schema validation errors into the 422 AppError. */
export function schemaValidationError(
  issues: AjvIssue[],
  context: string | undefined,
  opts: DescribeOptions = {},
): AppError {
  return validationError(schemaFieldErrors(issues, context, opts));
}

/** Fastify's schema validation errors as field path → messages (never empty). */
export function schemaFieldErrors(
  issues: AjvIssue[],
  context: string | undefined,
  opts: DescribeOptions = {},
): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of issues) {
    // anyOf/oneOf add a summary issue after their branches; the branch issues say more.
    if (issue.keyword === 'anyOf' || issue.keyword === 'oneOf') continue;
    const field = fieldPath(issue, context);
    const msg = describe(issue, field, opts);
    const list = (fields[field] ??= []);
    if (!list.includes(msg)) list.push(msg);
  }
  if (Object.keys(fields).length === 0) fields[context ?? 'body'] = ['The request is invalid.'];
  return fields;
}

/**
 * Fastify's `frameworkErrors` option: a URL that cannot be decoded (`%ff`) or a path parameter
 * over the router's length limit fails before routing, and would otherwise get Fastify's own body
 * (`{error, code, statusCode}`) instead of ours.
 */
export function frameworkErrorHandler(
  err: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status =
    err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  const message =
    err.code === 'FST_ERR_MAX_PARAM_LENGTH'
      ? 'A path parameter of the URL is too long.'
      : err.code === 'FST_ERR_BAD_URL'
        ? 'The URL is malformed (it holds an invalid percent-encoding).'
        : 'The request is malformed.';
  void reply.status(status).send({ message });
}

/** Installs the error and not-found handlers on an app. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler(
    async (
      err: FastifyError & { validation?: AjvIssue[]; validationContext?: string },
      request,
      reply,
    ) => {
      let appError: AppError | undefined;
      if (err instanceof AppError) appError = err;
      else if (err.validation)
        appError = schemaValidationError(err.validation, err.validationContext, {
          scalarStrings: readsScalarStrings(request),
        });
      else if (
        err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ||
        err.statusCode === 413 ||
        err.code === 'FST_REQ_FILE_TOO_LARGE'
      ) {
        appError = new AppError(
          'payload_too_large',
          err.code === 'FST_REQ_FILE_TOO_LARGE'
            ? 'The uploaded file is too large.'
            : `The request body is too large (at most ${request.routeOptions.bodyLimit} bytes).`,
        );
      } else if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.statusCode === 415) {
        // Name what the route accepts: its schema's `consumes` (the font upload declares
        // multipart/form-data there, for the OpenAPI document too), JSON everywhere else.
        const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)
          ?.consumes;
        const wanted = consumes?.length ? consumes.join(' or ') : 'application/json';
        appError = new AppError(
          'unsupported_media_type',
          `Unsupported content type ${JSON.stringify(request.headers['content-type'] ?? '')}; send ${wanted}.`,
        );
      } else if (
        err.statusCode === 400 ||
        err.code?.startsWith('FST_ERR_CTP_') ||
        err instanceof SyntaxError
      ) {
        appError = new AppError('bad_request', `Malformed request body: ${err.message}`);
      } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
        appError = new AppError(err.statusCode === 404 ? 'not_found' : 'bad_request', err.message);
      }
      const down = appError ? null : unavailableDependency(err);
      if (down) {
        request.log.warn({ err }, `${down} unavailable`);
        appError = unavailableError(down);
      }
      if (appError?.status === 413) {
        // The client is likely still sending: read the rest (up to a bound) so it can read the
        // 413, then close the connection, whose framing the parser gave up on.
        await drainBody(request.raw);
        void reply.header('connection', 'close');
      }
      if (appError) {
        if (appError.headers) void reply.headers(appError.headers);
        return reply.status(appError.status).send(appError.toBody());
      }
      request.log.error({ err }, 'unhandled error');
      return reply.status(500).send({ message: 'Internal server error.' });
    },
  );
  app.setNotFoundHandler((request, reply) => {
    void reply
      .status(404)
      .send({ message: `Route ${request.method} ${request.url.split('?')[0]} not found` });
  });
}
