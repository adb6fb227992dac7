/**
 * The fields of a request body that its route's JSON schema does not name, so the service never
 * reads them: a misspelled `webhook_sucess`, `modification` or `layer` would otherwise be dropped
 * without a word. They are reported as warnings, never refused (Placid's clients send fields
 * Imprint has no use for). The known names are the schema's own `properties`, so the list cannot
 * drift from what the routes accept and the OpenAPI document describes.
 */
import type { FastifyRequest } from 'fastify';
import type { UnknownFields } from '../core/generation/warning-list.ts';
import { MAX_WARNINGS } from '../core/generation/warning-list.ts';

/** The part of a JSON schema the walk reads. */
export interface FieldSchema {
  properties?: Record<string, FieldSchema>;
  additionalProperties?: FieldSchema | boolean;
  items?: FieldSchema;
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The members of `body` (and of its objects the schema describes field by field, such as
 * `modifications` and each of `pages`) that the schema does not name. Objects whose members are
 * free names (`layers`: layer name → properties, checked against the template instead) and
 * objects the schema leaves open (`transfer`, `passthrough`) are not looked into. One pass over
 * the body; only the first MAX_WARNINGS are kept.
 */
export function unknownFields(body: unknown, schema: FieldSchema | undefined): UnknownFields {
  const found: UnknownFields = { fields: [], more: 0 };
  const walk = (value: unknown, node: FieldSchema | undefined, path: string): void => {
    if (!node) return;
    if (Array.isArray(value)) {
      if (node.items) value.forEach((v, i) => walk(v, node.items, `${path}${i}.`));
      return;
    }
    if (!isObject(value) || !node.properties || typeof node.additionalProperties === 'object')
      return;
    const props = node.properties;
    const known = Object.keys(props);
    for (const [name, v] of Object.entries(value)) {
      if (Object.prototype.hasOwnProperty.call(props, name))
        walk(v, props[name], `${path}${name}.`);
      else if (found.fields.length < MAX_WARNINGS) found.fields.push({ parent: path, name, known });
      else found.more++;
    }
  };
  walk(body, schema, '');
  return found;
}

/** The unknown fields of `body` by the body schema of the request's route. */
export function unknownFieldsOf(request: FastifyRequest, body: unknown): UnknownFields {
  const schema = (request.routeOptions.schema as { body?: FieldSchema } | undefined)?.body;
  return unknownFields(body, schema);
}
