/**
 * Reads the parts of a font upload (multipart/form-data) into a FontUploadInput, turning the
 * multipart plugin's limit and parse errors into the client errors of the catalog.
 */
import type { FastifyRequest } from 'fastify';
import { AppError, fieldError } from '../../../core/errors.ts';
import { FONT_TITLE_MAX, type FontUploadInput } from '../../../core/fonts.ts';

/** The largest size in readable units, for the 413 message. */
function readableBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/** The catalog error for a multipart failure, or undefined when it is not one. */
function multipartError(err: unknown, maxBytes: number): AppError | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE': {
      const readable = readableBytes(maxBytes);
      const exact = readable === `${maxBytes} bytes` ? '' : ` (${maxBytes} bytes)`;
      const msg = `The file field must not be larger than ${readable}${exact}.`;
      return new AppError('payload_too_large', msg, { fields: { file: [msg] } });
    }
    case 'FST_FILES_LIMIT':
      return fieldError('file', 'Upload exactly one file, in the file field.');
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new AppError(
        'validation',
        'Too many form fields: send file, title and terms_accepted.',
        { fields: { body: ['Too many form fields: send file, title and terms_accepted.'] } },
      );
    case 'FST_PROTO_VIOLATION':
      return new AppError('bad_request', 'A form field name is not allowed.');
    default:
      break;
  }
  // busboy reports a malformed body (bad boundary, cut-off part) as a plain Error.
  if (err instanceof Error && !(err instanceof AppError) && !code) {
    return new AppError('bad_request', `Malformed multipart body: ${err.message}`);
  }
  return undefined;
}

/** Collects the file (as bytes) and the text fields of a multipart font upload. */
export async function readMultipartUpload(
  request: FastifyRequest,
  maxBytes: number,
): Promise<FontUploadInput> {
  const input: FontUploadInput = {};
  const tooLong: string[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          // Drain it: an unread stream would stall the rest of the body.
          await part.toBuffer();
          continue;
        }
        if (input.file) throw fieldError('file', 'Upload exactly one file, in the file field.');
        input.file = { filename: part.filename ?? '', data: await part.toBuffer() };
      } else {
        if (part.valueTruncated) tooLong.push(part.fieldname);
        const value = part.value;
        if (part.fieldname === 'title') input.title = value;
        else if (part.fieldname === 'terms_accepted') input.terms_accepted = value;
        else if (part.fieldname === 'file')
          throw fieldError('file', 'The file field must be a file upload, not a text value.');
      }
    }
  } catch (err) {
    throw multipartError(err, maxBytes) ?? err;
  }
  if (tooLong.includes('title')) {
    throw fieldError(
      'title',
      `The title field must not be greater than ${FONT_TITLE_MAX} characters.`,
    );
  }
  return input;
}

/** Reads the fields of a JSON (non-multipart) upload attempt, so its errors name every field. */
export function readJsonUpload(body: unknown): FontUploadInput {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return {};
  const b = body as Record<string, unknown>;
  return { title: b.title, terms_accepted: b.terms_accepted };
}
