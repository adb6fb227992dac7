/**
 * The error responses of the API description: every status of the error catalog
 * (core/errors.ts) a client can cause, with the body the error handler sends: `{message}`, and
 * `{message, errors}` for a 422 (field path → messages). 500 is left out: it is not the client's
 * doing and its body says nothing more.
 */
import { ERROR_STATUS } from '../../core/errors.ts';

/** The documented error statuses, in order. */
export const ERROR_STATUSES = [400, 401, 402, 403, 404, 409, 413, 415, 422, 429, 501, 503] as const;

/** Component schemas of the error bodies. */
export const ERROR_SCHEMAS = {
  Error: {
    type: 'object',
    required: ['message'],
    properties: { message: { type: 'string', description: 'What is wrong, in one sentence.' } },
    // Some errors add context, e.g. templates_using_font on the 409 of a font deletion.
    additionalProperties: true,
  },
  ValidationError: {
    type: 'object',
    required: ['message', 'errors'],
    properties: {
      message: { type: 'string', description: 'The first problem (and how many more there are).' },
      errors: {
        type: 'object',
        description: 'Field path (e.g. `layers.title.font_size`) → what is wrong with it.',
        additionalProperties: { type: 'array', items: { type: 'string' } },
      },
    },
    additionalProperties: true,
  },
} as const;

const RETRY_AFTER = {
  description: 'Seconds to wait before trying again.',
  schema: { type: 'integer', minimum: 0 },
};

/** What each status means for a caller, and an example body. */
const MEANING: Record<(typeof ERROR_STATUSES)[number], { description: string; message: string }> = {
  400: {
    description: 'Malformed request (JSON that does not parse, an undecodable URL).',
    message: 'Malformed request body: Unexpected end of JSON input',
  },
  401: {
    description:
      'The bearer token is missing, unknown, revoked or expired (or, for the editor sign-in, the link code is unknown, used or expired).',
    message: 'Unauthenticated.',
  },
  402: {
    description: 'The project has no credits left for this render.',
    message: 'Not enough credits: this render needs 1, 0 remain.',
  },
  403: {
    description: 'Not allowed: e.g. a URL API request without a valid signature.',
    message: 'The signature is missing or does not match.',
  },
  404: {
    description: 'No such resource in the caller’s project, or no such route.',
    message: 'Template not found',
  },
  409: {
    description: 'The resource is in a state that forbids the change (e.g. a font in use).',
    message: 'The font is used by templates.',
  },
  413: {
    description: 'The request body or an uploaded file is over its size limit.',
    message: 'The request body is too large (at most 5242880 bytes).',
  },
  415: {
    description:
      'The content type is not one the route reads, or a JSON body was sent under another type (e.g. `curl -d` without `-H "Content-Type: application/json"` sends application/x-www-form-urlencoded).',
    message: 'Unsupported content type "text/plain"; send application/json.',
  },
  422: {
    description: 'One or more fields are invalid; `errors` names each by its path.',
    message: 'The template_uuid field is required.',
  },
  429: {
    description: 'Too many requests for this project in the current minute.',
    message: 'Too many requests.',
  },
  501: {
    description: 'Not supported by this server.',
    message: 'Not supported.',
  },
  503: {
    description:
      'The database or the job queue is unreachable; try again. POST /videos: ffmpeg is not available on the server.',
    message: 'Service unavailable: the database is not reachable.',
  },
};

/** The OpenAPI response object of one error status. */
export function errorResponse(status: (typeof ERROR_STATUSES)[number]): Record<string, unknown> {
  const { description, message } = MEANING[status];
  const validation = status === ERROR_STATUS.validation;
  const headers: Record<string, unknown> = {};
  if (status === 401) {
    headers['WWW-Authenticate'] = {
      description: 'Always `Bearer`: the scheme the API expects.',
      schema: { type: 'string', const: 'Bearer' },
    };
  }
  if (status === 429 || status === 503) headers['Retry-After'] = RETRY_AFTER;
  return {
    description,
    ...(Object.keys(headers).length ? { headers } : {}),
    content: {
      'application/json': {
        schema: { $ref: `#/components/schemas/${validation ? 'ValidationError' : 'Error'}` },
        example: validation
          ? { message, errors: { template_uuid: ['The template_uuid field is required.'] } }
          : { message },
      },
    },
  };
}
