/**
 * Guards every request passes before routing: the JSON body parser (an empty body is no body;
 * bodies nested absurdly deep, holding NUL characters or prototype keys are refused; text/plain
 * is not parsed) and a NUL check of API URLs.
 * Both inputs used to reach a 500: deep nesting overflows the stack of JSON.stringify and of the
 * validators, and PostgreSQL cannot store or compare text containing U+0000.
 */
import type { FastifyInstance } from 'fastify';
import { AppError } from '../core/errors.ts';

/** Why a body with a `__proto__` key (or `constructor.prototype`) is refused. */
const PROTOTYPE_KEY_MESSAGE =
  'The request body has a key named "__proto__" (or "prototype" inside "constructor"); such keys are refused, rename it (layer names included).';

/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 100;

/** Why a parsed body is refused, or null when it is fine. Iterative: no recursion to overflow. */
export function jsonBodyProblem(value: unknown): string | null {
  const stack: Array<{ v: unknown; depth: number }> = [{ v: value, depth: 0 }];
  while (stack.length > 0) {
    const { v, depth } = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return 'The request body contains a NUL character (\\u0000).';
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH)
      return `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects).`;
    if (Array.isArray(v)) {
      for (const item of v) stack.push({ v: item, depth: depth + 1 });
    } else {
      for (const [key, item] of Object.entries(v)) {
        if (key.includes('\u0000')) return 'The request body contains a NUL character (\\u0000).';
        stack.push({ v: item, depth: depth + 1 });
      }
    }
  }
  return null;
}

/** Why a body the JSON parser refused was refused, in words a client can act on. */
function jsonBodyError(text: string): AppError {
  try {
    JSON.parse(text);
  } catch (err) {
    return new AppError('bad_request', `Malformed request body: ${(err as Error).message}`);
  }
  return new AppError('bad_request', PROTOTYPE_KEY_MESSAGE);
}

/** Installs the JSON body parser and the URL check on `app`. */
export function installRequestGuards(app: FastifyInstance): void {
  // Many clients send `Content-Type: application/json` on every call, bodiless DELETEs included:
  // an empty body is no body (a route's schema still requires one where it needs it), not a 400.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    const text = body.toString();
    parseJson(request, text, (err, parsed) => {
      // Fastify's parser says only "not valid JSON", also for valid JSON holding a key that could
      // reach Object.prototype: tell the two apart and say what is wrong (JSON.parse names the
      // position of a syntax error).
      if (err) return done(jsonBodyError(text), undefined);
      const problem = jsonBodyProblem(parsed);
      if (problem) return done(new AppError('bad_request', problem), undefined);
      done(null, parsed);
    });
  });
  // Fastify would parse text/plain into a string, which then fails the body schema with "must be
  // of type object"; a JSON body sent as text/plain (fetch with a string body and no header) is
  // told what to send instead, as other unsupported types are (415). An empty one is no body, as
  // for JSON (fetch sends text/plain with an empty string body too).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    done(Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 }), undefined);
  });
  // The API only: the public file route answers 404 for any key it does not hold.
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/') && /%00/.test(request.url))
      throw new AppError('bad_request', 'The URL contains a NUL character (%00).');
  });
}
