/**
 * The type provider of the routes: what a route reads (params, query string, headers, body) is
 * typed from its TypeBox schema by @fastify/type-provider-typebox; what it answers is not, since
 * the response schemas are plain JSON Schema (for the OpenAPI document and the serializer), which
 * TypeBoxTypeProvider would read as loose TypeBox types and refuse the route's own objects.
 */
import type { FastifyTypeProvider } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';

/** What TypeBoxTypeProvider makes of the schema `S` (as Fastify calls a provider). */
type TypeBoxValidated<S> = (TypeBoxTypeProvider & { schema: S })['validator'];

/** TypeBoxTypeProvider for requests; replies stay `unknown` (checked by the response schemas). */
export interface RequestTypeProvider extends FastifyTypeProvider {
  validator: TypeBoxValidated<this['schema']>;
  serializer: unknown;
}
