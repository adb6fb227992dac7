/**
 * Guards every request passes before routing: the JSON body parser (an empty body is no body;
 * bodies nested absurdly deep, holding NUL characters or prototype keys are refused; text/plain
 * is not parsed) and a NUL check of API URLs. Depth and object members are bounded before
 * parsing (json-prescan.ts), everything else is checked in one linear walk after, and a body is
 * parsed once.
 * Both inputs used to reach a 500: deep nesting overflows the stack of JSON.stringify and of the
 * validators, and PostgreSQL cannot store or compare text containing U+0000.
 */
import type { FastifyInstance } from 'fastify';
import { AppError, fieldError } from '../core/errors.ts';
import { jsonBoundExceeded } from './json-prescan.ts';
import { jsonSentAs, looksLikeJson } from './form-body.ts';

/** Why a body with a `__proto__` key (or `constructor.prototype`) is refused. */
const PROTOTYPE_KEY_MESSAGE =
  'The request body has a key named "__proto__" (or "prototype" inside "constructor"); such keys are refused, rename it (layer names included).';

/** Deepest nesting of arrays and objects a JSON body may have. */
export const MAX_JSON_DEPTH = 100;

/**
 * Most members (key–value pairs) of one object in a JSON body, and in the whole body. A request's
 * `layers` has one per layer (500 at most), a layer a few dozen. Members in large objects cost
 * JSON.parse far more than array items (see json-prescan.ts): these bounds keep the parse of any
 * accepted body short (figures: docs/limits.md, "Parsing request bodies").
 */
export const MAX_JSON_OBJECT_MEMBERS = 10_000;
export const MAX_JSON_MEMBERS = 100_000;

/**
 * Most array items in a JSON body, all arrays together: the largest table a request may send
 * (10,000 rows of 50 cells) and its rows. Millions of small items fit in an accepted body size and
 * cost JSON.parse far more than that table, even when a later check (such as the passthrough's
 * length) refuses them after the parse.
 */
export const MAX_JSON_ARRAY_ITEMS = 510_000;

const TOO_MANY_MEMBERS: Record<'object-members' | 'members' | 'array-items', string> = {
  'object-members': `The object holding this member has too many members (at most ${MAX_JSON_OBJECT_MEMBERS.toLocaleString('en-US')} key–value pairs in one object of a request body).`,
  members: `The request body has too many object members by this one (at most ${MAX_JSON_MEMBERS.toLocaleString('en-US')} key–value pairs in all).`,
  'array-items': `The request body has too many array items by this one (at most ${MAX_JSON_ARRAY_ITEMS.toLocaleString('en-US')} in all arrays together).`,
};
const TOO_DEEP = `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels of arrays and objects).`;

/**
 * True for a key that could reach Object.prototype once the body is copied or merged: `__proto__`,
 * or `constructor` holding a `prototype` (what Fastify's secure-json-parse refuses).
 */
function prototypeKey(key: string, item: unknown): boolean {
  if (key === '__proto__') return true;
  return (
    key === 'constructor' &&
    typeof item === 'object' &&
    item !== null &&
    Object.prototype.hasOwnProperty.call(item, 'prototype')
  );
}

const NUL_MESSAGE = 'The request body contains a NUL character (\\u0000).';

/**
 * Why a parsed body is refused, or null when it is fine. Recursive, but never deeper than
 * MAX_JSON_DEPTH: a deeper value is refused before its children are looked at.
 */
export function jsonBodyProblem(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? NUL_MESSAGE : null;
  if (value === null || typeof value !== 'object') return null;
  if (depth >= MAX_JSON_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) {
    for (const item of value) {
      const problem = jsonBodyProblem(item, depth + 1);
      if (problem) return problem;
    }
    return null;
  }
  for (const key in value) {
    const item = (value as Record<string, unknown>)[key];
    if (key.includes('\u0000')) return NUL_MESSAGE;
    if (prototypeKey(key, item)) return PROTOTYPE_KEY_MESSAGE;
    const problem = jsonBodyProblem(item, depth + 1);
    if (problem) return problem;
  }
  return null;
}

/** Installs the JSON body parser and the URL check on `app`. */
export function installRequestGuards(app: FastifyInstance): void {
  // Many clients send `Content-Type: application/json` on every call, bodiless DELETEs included:
  // an empty body is no body (a route's schema still requires one where it needs it), not a 400.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    // A byte order mark is not JSON, but Fastify's parser skipped it, so clients may send one.
    const text = body.toString().replace(/^\uFEFF/, '');
    const exceeded = jsonBoundExceeded(text, {
      maxDepth: MAX_JSON_DEPTH,
      maxObjectMembers: MAX_JSON_OBJECT_MEMBERS,
      maxMembers: MAX_JSON_MEMBERS,
      maxArrayItems: MAX_JSON_ARRAY_ITEMS,
    });
    if (exceeded?.bound === 'depth') return done(new AppError('bad_request', TOO_DEEP));
    // Valid JSON over a bound is bad data, not bad syntax: 422 naming the member past it.
    if (exceeded)
      return done(fieldError(exceeded.path || 'body', TOO_MANY_MEMBERS[exceeded.bound]));
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch (err) {
      // JSON.parse names the position of a syntax error.
      return done(
        new AppError('bad_request', `Malformed request body: ${(err as Error).message}`),
        undefined,
      );
    }
    const problem = jsonBodyProblem(parsed);
    if (problem) return done(new AppError('bad_request', problem), undefined);
    done(null, parsed);
  });
  // Fastify would parse text/plain into a string, which then fails the body schema with "must be
  // of type object"; a JSON body sent as text/plain (fetch with a string body and no header) is
  // told what to send instead, as other unsupported types are (415). An empty one is no body, as
  // for JSON (fetch sends text/plain with an empty string body too).
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    if (body.length === 0) return done(null, undefined);
    if (looksLikeJson(body.toString())) return done(jsonSentAs('text/plain'), undefined);
    done(Object.assign(new Error('Unsupported Media Type'), { statusCode: 415 }), undefined);
  });
  // The API only: the public file route answers 404 for any key it does not hold.
  app.addHook('onRequest', async (request) => {
    if (request.url.startsWith('/api/') && /%00/.test(request.url))
      throw new AppError('bad_request', 'The URL contains a NUL character (%00).');
  });
}
