/**
 * The HTTP side of idempotent creation: the `Idempotency-Key` request header of POST /images,
 * /pdfs, /pdfs/merge and /videos, checked here, and the
 * `Idempotent-Replayed: true` response header of an answer that is an earlier request's object.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FieldErrors } from '../../../core/errors.ts';
import { IDEMPOTENCY_FIELD, type CreateOptions } from '../../../core/generation/idempotency.ts';

/** Longest key accepted. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

// Printable ASCII, space included (RFC 9110 header field values may hold it between characters).
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;

/**
 * The route schema's `headers`: the OpenAPI parameter of the creation calls. Its rules are
 * checked by idempotencyOf, not by the schema, so a bad key is one more field of the one 422.
 */
export const idempotencyHeaders = {
  type: 'object',
  properties: {
    'idempotency-key': {
      type: 'string',
      description: `Optional. 1–${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters naming this creation, e.g. a random UUID. A retry with the same key and the same body within 24 hours answers the object the first request created (header \`Idempotent-Replayed: true\`) and charges once; the same key with another body is a 422 (docs/api.md#idempotent-requests).`,
    },
  },
};

/** The problem of a key, or null when it is usable. */
function keyProblem(key: string): string | null {
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !PRINTABLE_ASCII.test(key)) {
    return `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} printable ASCII characters (got ${key.length} character${key.length === 1 ? '' : 's'}${PRINTABLE_ASCII.test(key) || key.length === 0 ? '' : ', some not printable ASCII'}), e.g. a random UUID.`;
  }
  return null;
}

/**
 * The creation options of a request's Idempotency-Key, and the schema's field errors plus the
 * key's problem, if any (a bad key is then not used: the creation ends in that 422).
 */
export function idempotencyOf(
  request: FastifyRequest,
  reply: FastifyReply,
  schemaErrors: FieldErrors,
): { options: CreateOptions; schemaErrors: FieldErrors } {
  const raw = request.headers['idempotency-key'];
  if (raw === undefined) return { options: {}, schemaErrors };
  const key = Array.isArray(raw) ? raw.join(', ') : raw;
  const problem = keyProblem(key);
  if (problem)
    return { options: {}, schemaErrors: { ...schemaErrors, [IDEMPOTENCY_FIELD]: [problem] } };
  return {
    options: {
      idempotencyKey: key,
      onReplay: () => void reply.header('idempotent-replayed', 'true'),
    },
    schemaErrors,
  };
}
