/**
 * Completes the OpenAPI document that @fastify/swagger builds from the route schemas: per-type
 * layer schemas from the layer registry (designs and request `layers`), every error response
 * with its body, an example for every operation, the public routes that have no JSON schema of
 * their own (/health, /ready, /files), and the Standard Webhooks deliveries. The route schemas
 * stay as they are, so validation and serialisation do not change.
 */
import { layerSchemas } from '../../render/index.ts';
import { imageObjectSchema, pdfObjectSchema } from '../routes/images/generation-schemas.ts';
import { warningDetailSchema } from '../routes/templates/template-schemas.ts';
import { ERROR_SCHEMAS, ERROR_STATUSES, errorResponse } from './error-responses.ts';
import { OPERATION_EXAMPLES } from './operation-examples.ts';
import { PUBLIC_PATHS, WEBHOOKS } from './public-paths.ts';

type Json = Record<string, unknown>;
type Operation = {
  requestBody?: { content?: Record<string, Json> };
  responses?: Record<string, Json & { content?: Record<string, Json> }>;
  security?: unknown[];
};

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** Request `layers`: layer name → a patch of any registered layer type. */
function layerValuesSchema(patchNames: string[]): Json {
  return {
    type: ['object', 'null'],
    description:
      'Layer name → properties to change for this request. Names that match no layer of the template are ignored. Numbers and booleans may be sent as strings ("48", "true").',
    additionalProperties: { anyOf: patchNames.map(ref) },
  };
}

/** Sets `layers` of an object schema (and of `pages[]` items) to `schema`. */
function replaceLayers(body: Json | undefined, schema: Json): void {
  const props = body?.properties as Record<string, Json> | undefined;
  if (!props) return;
  if (props.layers) props.layers = schema;
  const pageItems = (props.pages as Json | undefined)?.items as Json | undefined;
  if (pageItems) replaceLayers(pageItems, schema);
}

/** The schema of the JSON body (request or response), if any. */
const jsonSchemaOf = (content: Record<string, Json> | undefined): Json | undefined =>
  content?.['application/json']?.schema as Json | undefined;

/** Adds examples and the error responses to one operation. */
function completeOperation(key: string, op: Operation): void {
  // A route without an entry in operation-examples.ts gets none (test/api/openapi.test.ts
  // fails then); the document is still served.
  const examples = OPERATION_EXAMPLES[key] ?? {};
  for (const media of Object.values(op.requestBody?.content ?? {})) {
    if (examples.request !== undefined) media.example = examples.request;
  }
  op.responses ??= {};
  const success = Object.keys(op.responses)
    .filter((s) => /^[2-5]\d\d$/.test(s))
    .sort()[0];
  const media = success ? op.responses[success].content : undefined;
  if (media && examples.response !== undefined) {
    for (const [type, m] of Object.entries(media)) {
      if (type === 'application/json') m.example = examples.response;
    }
  }
  for (const status of ERROR_STATUSES) {
    const existing = op.responses[String(status)];
    // A route's own schema for an error status (e.g. a 404) keeps its
    // description but gets the catalog's body schema and headers.
    op.responses[String(status)] = existing
      ? {
          ...errorResponse(status),
          // "Default Response" is what @fastify/swagger writes when a schema has no description.
          ...(existing.description && existing.description !== 'Default Response'
            ? { description: existing.description }
            : {}),
        }
      : errorResponse(status);
  }
  // An operation whose only answer is an error shows its own message.
  const only = success ? op.responses[success].content?.['application/json'] : undefined;
  if (only && Number(success) >= 400 && examples.response !== undefined) {
    only.example = examples.response;
  }
}

/** The finished document (a copy: the input is what the route schemas produced). */
export function finishDocument(generated: Json): Json {
  const doc = structuredClone(generated) as Json & {
    paths: Record<string, Record<string, Operation>>;
    components?: Json & { schemas?: Record<string, Json> };
  };
  const layers = layerSchemas();
  doc.components = {
    ...doc.components,
    schemas: {
      ...doc.components?.schemas,
      ...ERROR_SCHEMAS,
      Image: imageObjectSchema,
      Pdf: pdfObjectSchema,
      WarningDetail: warningDetailSchema,
      ...layers.design,
      ...layers.patch,
      Layer: {
        description: 'A stored layer; `type` says which.',
        oneOf: Object.keys(layers.design).map(ref),
        discriminator: {
          propertyName: 'type',
          mapping: Object.fromEntries(
            Object.entries(layers.mapping).map(([t, name]) => [t, ref(name).$ref]),
          ),
        },
      },
      LayerValues: layerValuesSchema(Object.keys(layers.patch)),
    },
  };
  doc.paths = { ...PUBLIC_PATHS, ...doc.paths };

  const designLayers = { type: 'array', maxItems: 500, items: ref('Layer') };
  for (const op of Object.values(doc.paths['/api/rest/templates/{template_uuid}/design'] ?? {})) {
    const bodies = [
      jsonSchemaOf(op.requestBody?.content),
      jsonSchemaOf(op.responses?.['200']?.content),
    ];
    for (const body of bodies) {
      const props = body?.properties as Record<string, Json> | undefined;
      if (props?.layers) props.layers = designLayers;
    }
  }
  for (const path of ['/api/rest/images', '/api/rest/{template_uuid}', '/api/rest/pdfs']) {
    const op = doc.paths[path]?.post;
    replaceLayers(jsonSchemaOf(op?.requestBody?.content), ref('LayerValues'));
  }
  const media = doc.paths['/api/rest/media']?.post;
  if (media && !media.requestBody) {
    media.requestBody = {
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            description: 'One or more file parts, under any field names.',
            additionalProperties: { type: 'string', contentMediaType: 'application/octet-stream' },
          },
        },
      },
    };
  }

  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (op) completeOperation(`${method.toUpperCase()} ${path}`, op);
    }
  }
  doc.webhooks = WEBHOOKS;
  return doc;
}

/**
 * The document as served to one request: its `servers` entry is the origin the request reached
 * (so "Try it out" works at any address), then the configured public URL when it differs.
 */
export function documentForOrigin(
  doc: Json,
  origin: string | null,
  publicUrl: string | null,
): Json {
  const servers: Array<{ url: string; description: string }> = [];
  if (origin) servers.push({ url: origin, description: 'This server, as your request reached it' });
  else servers.push({ url: '/', description: 'This server' });
  const configured = publicUrl?.replace(/\/+$/, '');
  if (configured && configured !== origin) {
    servers.push({
      url: configured,
      description: 'The configured public URL (IMPRINT_PUBLIC_URL)',
    });
  }
  return { ...doc, servers };
}
