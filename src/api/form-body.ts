/**
 * Form bodies as Laravel (Placid) reads them: `application/x-www-form-urlencoded` and
 * `multipart/form-data` with bracket keys (`layers[title][text]=Hello`, `pages[0][template_uuid]=…`)
 * become the same object a JSON body would be. Values stay strings; the schema-driven coercion
 * (coerce-body.ts) and the layer coercion read numbers and booleans from them.
 */
import Busboy from 'busboy';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import qs from 'qs';
import { AppError, validationError } from '../core/errors.ts';

/** Bracket parsing: deep enough for pages[0][layers][x][prop], arrays up to the PDF page limit. */
const QS_OPTIONS: qs.IParseOptions = {
  depth: 8,
  arrayLimit: 100,
  parameterLimit: 2000,
  allowPrototypes: false,
  strictDepth: true,
};

/** The answer to a form with more fields than the parsers read. */
const tooManyFields = () =>
  new AppError(
    'validation',
    `The form has too many fields (at most ${QS_OPTIONS.parameterLimit}); send the request as JSON or with fewer fields.`,
  );

/**
 * Empty form values become null, as Laravel's ConvertEmptyStringsToNull does for Placid: a form
 * cannot leave a field out once a tool has a box for it, and null is "not given" everywhere.
 */
function emptyToNull(value: unknown): unknown {
  if (value === '') return null;
  if (Array.isArray(value)) return value.map(emptyToNull);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = emptyToNull(v);
    return out;
  }
  return value;
}

/** The object a bracket-keyed query string means (empty values as null); a too deep key is a 400. */
export function parseBracketForm(text: string): Record<string, unknown> {
  // qs drops the fields past its parameter limit without a word; the client must hear of it.
  if (text.split('&').filter(Boolean).length > (QS_OPTIONS.parameterLimit ?? Infinity)) {
    throw tooManyFields();
  }
  try {
    return emptyToNull(qs.parse(text, QS_OPTIONS)) as Record<string, unknown>;
  } catch (err) {
    throw new AppError('bad_request', `Malformed form body: ${(err as Error).message}`);
  }
}

/** Whether a body's text reads as JSON: an object or an array, after leading white space. */
export function looksLikeJson(text: string): boolean {
  return /^[\s\uFEFF]*[{[]/.test(text);
}

/**
 * The 415 of a JSON body sent under another content type: `curl -d '{…}'` without
 * `-H 'Content-Type: application/json'` sends `application/x-www-form-urlencoded`, whose parser
 * would read the whole text as one field name and answer that `template_uuid` is missing.
 */
export function jsonSentAs(contentType: string): AppError {
  return new AppError(
    'unsupported_media_type',
    `The request body looks like JSON but was sent as ${contentType}; send it with the header Content-Type: application/json (curl: -H 'Content-Type: application/json', or --json instead of -d).`,
  );
}

/** A bracket key as the JSON path errors use: `layers[photo][image]` → `layers.photo.image`. */
export function dottedPath(key: string): string {
  return key.replace(/\[([^\]]*)\]/g, '.$1');
}

/**
 * Reads a multipart body's text fields into bracket-parsed form; a file part is a 422 naming its
 * field (files go to POST /api/rest/media first, and their URL into the layer).
 */
function readMultipartFields(
  request: FastifyRequest,
  bodyLimit: number,
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    let busboy: Busboy.Busboy;
    try {
      busboy = Busboy({
        headers: request.headers,
        limits: { fieldSize: bodyLimit, fields: QS_OPTIONS.parameterLimit, parts: 2100 },
      });
    } catch (err) {
      reject(new AppError('bad_request', `Malformed multipart body: ${(err as Error).message}`));
      return;
    }
    const pairs = new URLSearchParams();
    const files: string[] = [];
    let tooLarge = false;
    let tooMany = false;
    let size = 0;
    // Busboy stops reading fields past its limits without an error; the client must hear of it.
    busboy.on('fieldsLimit', () => (tooMany = true));
    busboy.on('partsLimit', () => (tooMany = true));
    busboy.on('field', (name, value, info) => {
      size += name.length + value.length;
      if (info.valueTruncated || size > bodyLimit) tooLarge = true;
      else pairs.append(name, value);
    });
    busboy.on('file', (name, stream) => {
      files.push(name);
      stream.resume();
    });
    busboy.on('error', (err) =>
      reject(new AppError('bad_request', `Malformed multipart body: ${(err as Error).message}`)),
    );
    busboy.on('close', () => {
      if (tooLarge)
        reject(
          new AppError(
            'payload_too_large',
            `The request body is too large (at most ${bodyLimit} bytes).`,
          ),
        );
      else if (tooMany) reject(tooManyFields());
      else if (files.length > 0) {
        const message =
          'must be a text field; a file was sent (upload files with POST /api/rest/media and send the returned file_id URL)';
        reject(validationError(Object.fromEntries(files.map((f) => [dottedPath(f), [message]]))));
      } else resolve(parseBracketForm(pairs.toString()));
    });
    request.raw.pipe(busboy);
  });
}

/**
 * Installs both form parsers on a scope. A scope that needs its own multipart handling (font and
 * media uploads) removes the multipart one first.
 */
export function installFormBodies(scope: FastifyInstance, bodyLimit: number): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_request, body, done) => {
      try {
        if (looksLikeJson(body as string)) throw jsonSentAs('application/x-www-form-urlencoded');
        done(null, parseBracketForm(body as string));
      } catch (err) {
        done(err as Error, undefined);
      }
    },
  );
  scope.addContentTypeParser('multipart/form-data', (request, _payload, done) => {
    // A route's own (smaller) limit applies to its multipart fields too.
    const limit = Math.min(bodyLimit, request.routeOptions.bodyLimit ?? bodyLimit);
    readMultipartFields(request, limit).then(
      (body) => done(null, body),
      (err: Error) => done(err, undefined),
    );
  });
}
