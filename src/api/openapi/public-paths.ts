/**
 * Parts of the API description written out here because their routes answer files or plain
 * status objects without a JSON schema of their own: /health, /ready and /files/{path}, and the
 * webhook deliveries Imprint sends (OpenAPI 3.1 `webhooks`).
 */

type Json = Record<string, unknown>;

const binary = (description: string): Json => ({
  description,
  content: { '*/*': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
});

const readyBody = {
  type: 'object',
  required: ['status', 'checks'],
  properties: {
    status: { type: 'string', enum: ['ready', 'unavailable'] },
    message: { type: 'string' },
    checks: {
      type: 'object',
      description: 'Dependency → "ok" or what is wrong with it.',
      additionalProperties: { type: 'string' },
    },
    details: {
      type: 'object',
      description:
        'Optional features, reported without changing the status: `video` is "ok" when ffmpeg can run, else "unavailable: …" (POST /videos then answers 503).',
      additionalProperties: { type: 'string' },
    },
  },
};

/** Path items of the public routes without schemas of their own. */
export const PUBLIC_PATHS: Record<string, Record<string, Json>> = {
  '/health': {
    get: {
      tags: ['Operations'],
      summary: 'Liveness: the process answers',
      security: [],
      responses: {
        200: {
          description: 'The process is up.',
          content: {
            'application/json': {
              schema: {
                type: 'object',
                required: ['status'],
                properties: { status: { type: 'string', const: 'ok' } },
              },
            },
          },
        },
      },
    },
  },
  '/ready': {
    get: {
      tags: ['Operations'],
      summary: 'Readiness: the database and the job queue are reachable',
      security: [],
      responses: {
        200: {
          description: 'Ready to serve.',
          content: { 'application/json': { schema: readyBody } },
        },
      },
    },
  },
  '/files/{path}': {
    get: {
      tags: ['Files'],
      summary: 'Download a rendered file or an uploaded medium',
      description:
        'The file URLs of image, PDF and media objects. No token: the URLs are unguessable. Supports Range, ETag and If-None-Match; with S3 presigning on, answers 302 to a presigned URL.',
      security: [],
      parameters: [
        {
          name: 'path',
          in: 'path',
          required: true,
          description: 'The file key as it appears in the file URL (may contain "/").',
          schema: { type: 'string' },
        },
      ],
      responses: {
        200: binary('The file.'),
        206: binary('The requested byte range.'),
        302: { description: 'Redirect to a presigned URL of the S3 bucket.' },
        304: { description: 'Not modified (If-None-Match matched the ETag).' },
        416: {
          description: 'The requested range is not satisfiable.',
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/ValidationError' } },
          },
        },
      },
    },
  },
};

const header = (name: string, description: string, schema: Json = { type: 'string' }): Json => ({
  name,
  in: 'header',
  required: true,
  description,
  schema,
});

/** The headers of every webhook delivery: Imprint's own and the Standard Webhooks ones. */
const WEBHOOK_HEADERS = [
  header(
    'webhook-id',
    'Standard Webhooks: the delivery id, the same on every retry (use it to drop duplicates).',
  ),
  header('webhook-timestamp', 'Standard Webhooks: unix seconds when this attempt was signed.', {
    type: 'string',
    pattern: '^\\d+$',
  }),
  header(
    'webhook-signature',
    'Standard Webhooks: `v1,<base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}">`; verify with any Standard Webhooks library and the key "whsec_" + base64(project secret) (docs/standard-webhooks.md).',
  ),
  header(
    'imprint-signature',
    '`t=<unix seconds>,v1=<hex HMAC-SHA256 of "{t}.{body}" keyed with the project secret>`.',
  ),
  header('imprint-event', 'image.finished, image.error, pdf.finished or pdf.error.'),
  header('imprint-delivery', 'The delivery id (equals webhook-id).'),
  header('imprint-attempt', 'The attempt number, from 1.', { type: 'string', pattern: '^\\d+$' }),
];

const delivery = (object: string, description: string): Json => ({
  post: {
    summary: description,
    description:
      'POSTed to the webhook_success (or webhook_error) URL of the request. Answer 2xx; other answers and timeouts are retried with backoff.',
    parameters: WEBHOOK_HEADERS,
    requestBody: {
      required: true,
      content: { 'application/json': { schema: { $ref: `#/components/schemas/${object}` } } },
    },
    responses: { 200: { description: 'Received (any 2xx).' } },
  },
});

/** The webhook deliveries (OpenAPI 3.1 `webhooks`). */
export const WEBHOOKS: Record<string, Json> = {
  'image.finished': delivery('Image', 'An image finished rendering'),
  'image.error': delivery('Image', 'An image ended in error'),
  'pdf.finished': delivery('Pdf', 'A PDF finished rendering'),
  'pdf.error': delivery('Pdf', 'A PDF ended in error'),
};
