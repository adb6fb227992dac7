/**
 * Numbers and booleans spelled as strings in a request body, read by the route's JSON schema:
 * where the schema wants an integer, a number or a boolean (and not a string), a string that
 * spells one ("600", " 4.5 ", "true", "0") becomes it before validation. Form bodies carry only
 * strings, and low-code tools send JSON fields as strings too; anything else is left for the
 * schema to reject with the field's name and the value received.
 */
import type { FastifyRequest } from 'fastify';
import { readScalar } from '../render/index.ts';

/** The part of a JSON schema the coercion reads. */
export interface SchemaNode {
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  additionalProperties?: SchemaNode | boolean;
  items?: SchemaNode;
  enum?: unknown[];
}

/** The scalar kind a schema node wants from a string, if it does not accept the string itself. */
function scalarKindOf(node: SchemaNode): 'number' | 'boolean' | undefined {
  const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
  if (types.includes('string')) return undefined;
  if (types.includes('integer') || types.includes('number')) return 'number';
  if (types.includes('boolean')) return 'boolean';
  return undefined;
}

/**
 * Whether a blank string at `node` means null: the node takes null and wants no string there (a
 * number, a boolean, an object, or an enum without ""), as Laravel's ConvertEmptyStringsToNull
 * reads the boxes a tool leaves empty (`"width": ""`, `"image_format": ""`, `"transfer": ""`).
 */
function blankIsNull(node: SchemaNode, text: string): boolean {
  if (text.trim() !== '') return false;
  const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
  const takesNull = types.includes('null') || (node.enum?.includes(null) ?? false);
  return takesNull && !types.includes('string') && !(node.enum?.includes(text) ?? false);
}

/** `value` with every string the schema wants as a number or boolean read as one (copied). */
export function coerceBySchema(value: unknown, schema: SchemaNode | undefined): unknown {
  if (!schema) return value;
  if (typeof value === 'string') {
    if (blankIsNull(schema, value)) return null;
    // An enum of numbers (dpi: 72, 150, 300) reads " 150 " or "150.0" as the number it spells.
    const numbers = schema.enum?.filter((v) => typeof v === 'number');
    if (numbers?.length) {
      const n = readScalar(value, 'number');
      if (typeof n === 'number' && numbers.includes(n)) return n;
    }
    const kind = scalarKindOf(schema);
    return kind ? readScalar(value, kind) : value;
  }
  if (Array.isArray(value))
    return schema.items ? value.map((v) => coerceBySchema(v, schema.items)) : value;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const extra =
    typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  for (const key of Object.keys(out)) {
    const child = Object.prototype.hasOwnProperty.call(schema.properties ?? {}, key)
      ? schema.properties?.[key]
      : extra;
    if (child) out[key] = coerceBySchema(out[key], child);
  }
  return out;
}

/** The requests whose body was read by coerceBodyBySchema (their 422s say strings were tried). */
const coercedRequests = new WeakSet<FastifyRequest>();

/**
 * Whether numbers and booleans spelled as strings were read in this request's body, so a schema
 * error on such a field says which strings count ("abc" is no number, "600" would have been).
 */
export function readsScalarStrings(request: FastifyRequest): boolean {
  return coercedRequests.has(request);
}

/**
 * preValidation hook of the creation routes (images, PDFs, the template alias): reads the body's
 * numbers and booleans by the route's body schema, whatever the content type.
 */
export async function coerceBodyBySchema(request: FastifyRequest): Promise<void> {
  const schema = (request.routeOptions.schema as { body?: SchemaNode } | undefined)?.body;
  if (schema && request.body !== undefined && request.body !== null) {
    request.body = coerceBySchema(request.body, schema);
    coercedRequests.add(request);
  }
}

const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/**
 * preValidation hook of the whole API: a form body carries only strings, so on any route it is
 * read by the route's schema. JSON bodies of other routes keep their types ("5" is not 5 there).
 */
export async function coerceFormBodyBySchema(request: FastifyRequest): Promise<void> {
  const type = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (FORM_TYPES.includes(type)) await coerceBodyBySchema(request);
}
