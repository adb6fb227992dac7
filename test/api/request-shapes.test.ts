/**
 * The request shapes of core/request-shapes/ are what the routes validate and what the OpenAPI
 * document describes: each body in the document is the core schema as JSON (with `layers`
 * replaced by the registry's LayerValues, as finish-document.ts does), and each query parameter
 * is a property of the core query schema.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { TObject } from '@sinclair/typebox';
import {
  CreateCollectionBody,
  ListCollectionsQuery,
  UpdateCollectionBody,
} from '../../src/core/request-shapes/collections.ts';
import {
  DeleteFontQuery,
  ListFontsQuery,
  UpdateFontBody,
} from '../../src/core/request-shapes/fonts.ts';
import {
  CreateImageBody,
  CreateImageByPathBody,
  CreatePdfBody,
  MergePdfBody,
} from '../../src/core/request-shapes/images-pdfs.ts';
import {
  CopyStarterBody,
  CreateTemplateBody,
  ListTemplatesQuery,
  UpdateTemplateBody,
} from '../../src/core/request-shapes/templates.ts';
import { createTestApp, type TestApp } from '../helpers/test-app.ts';

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const LAYER_VALUES = { $ref: '#/components/schemas/LayerValues' };

/** A schema as JSON (TypeBox's symbol keys dropped), `layers` as the document has them. */
function asDocumented(schema: object): Json {
  const json = JSON.parse(JSON.stringify(schema)) as Json;
  for (const node of [json, json.properties?.pages?.items]) {
    if (node?.properties?.layers) node.properties.layers = LAYER_VALUES;
  }
  return json;
}

/** The JSON body schema of an operation in the document. */
function bodyOf(doc: Json, method: string, path: string): Json {
  const schema = doc.paths[path]?.[method]?.requestBody?.content?.['application/json']?.schema;
  assert.ok(schema, `${method.toUpperCase()} ${path} has a JSON body`);
  return schema as Json;
}

const BODIES: Array<[string, string, object]> = [
  ['post', '/api/rest/images', CreateImageBody],
  ['post', '/api/rest/{template_uuid}', CreateImageByPathBody],
  ['post', '/api/rest/pdfs', CreatePdfBody],
  ['post', '/api/rest/pdfs/merge', MergePdfBody],
  ['post', '/api/rest/templates', CreateTemplateBody],
  ['patch', '/api/rest/templates/{template_uuid}', UpdateTemplateBody],
  ['post', '/api/rest/collections', CreateCollectionBody],
  ['patch', '/api/rest/collections/{collection_id}', UpdateCollectionBody],
  ['patch', '/api/rest/fonts/{uuid}', UpdateFontBody],
  ['post', '/api/rest/starter-templates/{id}/copy', CopyStarterBody],
];

const QUERIES: Array<[string, string, TObject]> = [
  ['get', '/api/rest/templates', ListTemplatesQuery],
  ['get', '/api/rest/collections', ListCollectionsQuery],
  ['get', '/api/rest/fonts', ListFontsQuery],
  ['delete', '/api/rest/fonts/{uuid}', DeleteFontQuery],
];

describe('request shapes and the OpenAPI document', () => {
  let t: TestApp;
  let doc: Json;
  before(async () => {
    t = await createTestApp('sqlite');
    const res = await t.request({ method: 'GET', url: '/api/openapi.json', token: null });
    assert.equal(res.statusCode, 200);
    doc = res.json();
  });
  after(async () => t?.close());

  for (const [method, path, schema] of BODIES) {
    it(`documents the body of ${method.toUpperCase()} ${path} as the core schema`, () => {
      assert.deepStrictEqual(bodyOf(doc, method, path), asDocumented(schema));
    });
  }

  for (const [method, path, schema] of QUERIES) {
    it(`documents the query of ${method.toUpperCase()} ${path} as the core schema`, () => {
      const params = (doc.paths[path][method].parameters as Json[]).filter((p) => p.in === 'query');
      const json = asDocumented(schema);
      assert.deepStrictEqual(params.map((p) => p.name).sort(), Object.keys(json.properties).sort());
      for (const p of params) {
        const { description, ...rest } = json.properties[p.name] as Json;
        assert.deepStrictEqual(p.schema, rest, p.name);
        assert.equal(p.description, description, p.name);
        assert.equal(p.required, (json.required ?? []).includes(p.name), p.name);
      }
    });
  }
});
