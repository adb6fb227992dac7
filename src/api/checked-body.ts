/**
 * Routes registered with `attachValidation: true` reach their handler even when the body fails
 * the JSON schema, so the use case can still run its own checks (lengths, URLs, layer values,
 * unknown ids) and one 422 names every bad field at once. This module turns the schema's verdict
 * into field errors plus a copy of the body without the values the use case must not look at.
 */
import type { FastifyRequest } from 'fastify';
import { validationError, type FieldErrors } from '../core/errors.ts';
import { readsScalarStrings } from './coerce-body.ts';
import { schemaFieldErrors, schemaValidationError, type AjvIssue } from './errors.ts';

/**
 * preValidation hook: a POST without a body is checked as `{}`, so its 422 names the fields that
 * are required (`template_uuid`, `pages`, `urls`) rather than a field called "body".
 */
export async function emptyBodyAsObject(request: FastifyRequest): Promise<void> {
  request.body ??= {};
}

/** The body after the schema check. */
export interface CheckedBody<T> {
  /** The body, without the values of the wrong kind (see UNUSABLE); the request's own if valid. */
  body: T;
  /** The schema's field errors; {} when the body passed. */
  schemaErrors: FieldErrors;
}

/**
 * Keywords saying a value is not of the kind expected at all (wrong type, not an allowed value,
 * a property that must not be there): such a value is removed so no later check trips on it.
 * Range keywords (maxLength, maximum, maxItems…) keep the value: its type is right, and the use
 * case may find more to say about it (its messages on the same field are then dropped).
 */
const UNUSABLE = new Set(['type', 'enum', 'const', 'format', 'pattern', 'additionalProperties']);

/** The JSON pointer of an issue as path segments, with the extra property of its keyword. */
function segmentsOf(issue: AjvIssue): string[] {
  const parts = (issue.instancePath ?? '')
    .split('/')
    .slice(1)
    .map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  const extra = issue.params?.additionalProperty;
  if (issue.keyword === 'additionalProperties' && typeof extra === 'string') parts.push(extra);
  return parts;
}

/** Removes the value at `path` (an array item becomes undefined so later indexes keep their place). */
function removeAt(root: unknown, path: string[]): void {
  let node: unknown = root;
  for (const key of path.slice(0, -1)) {
    if (node === null || typeof node !== 'object') return;
    node = (node as Record<string, unknown>)[key];
  }
  if (node === null || typeof node !== 'object') return;
  const last = path[path.length - 1] as string;
  if (Array.isArray(node)) node[Number(last)] = undefined;
  else delete (node as Record<string, unknown>)[last];
}

/**
 * The body of a request whose route has `attachValidation: true`, and the schema's field errors
 * for the use case to start its FieldErrorCollector with. A failure of the path parameters or the
 * query string, or a body that is not even an object, is thrown at once as before.
 */
export function checkedBody<T>(request: FastifyRequest): CheckedBody<T> {
  const failure = request.validationError as
    (Error & { validation?: AjvIssue[]; validationContext?: string }) | undefined;
  if (!failure) return { body: request.body as T, schemaErrors: {} };
  const issues = failure.validation;
  if (!issues) throw failure;
  const context = failure.validationContext;
  if (context !== 'body') throw schemaValidationError(issues, context);
  const schemaErrors = schemaFieldErrors(issues, context, {
    scalarStrings: readsScalarStrings(request),
  });
  const unusable = issues.filter((i) => UNUSABLE.has(i.keyword ?? '')).map(segmentsOf);
  if (unusable.some((path) => path.length === 0)) throw validationError(schemaErrors);
  const body = structuredClone(request.body);
  for (const path of unusable) removeAt(body, path);
  return { body: body as T, schemaErrors };
}
