/** Routes of /api/rest/collections: list, create, retrieve, update, delete. */
import type { FastifyInstance } from 'fastify';
import type { RequestTypeProvider } from '../../request-type-provider.ts';
import {
  COLLECTION_LIMITS,
  createCollection,
  updateCollection,
  type CreateCollectionInput,
  type UpdateCollectionInput,
} from '../../../core/collections.ts';
import { notFound, validationError } from '../../../core/errors.ts';
import { decodeCursor } from '../../../core/pagination.ts';
import type { Config } from '../../../config.ts';
import type { Services } from '../../../core/services.ts';
import { callerOf } from '../../auth.ts';
import { checkedBody } from '../../checked-body.ts';
import { envelope } from '../../pagination.ts';
import {
  createCollectionSchema,
  deleteCollectionSchema,
  getCollectionSchema,
  listCollectionsSchema,
  updateCollectionSchema,
} from './collection-schemas.ts';
import { smallBody } from '../../body-limits.ts';

/** app.ts's RouteContext, restated here because importing app.ts would be an import cycle. */
interface RoutesContext {
  services: Services;
  config: Config;
}

/** Registers the collection routes inside the /api/rest scope. */
export async function collectionRoutes(scope: FastifyInstance, ctx: RoutesContext): Promise<void> {
  // Query strings, params and bodies are typed from their TypeBox schemas.
  const rest = scope.withTypeProvider<RequestTypeProvider>();
  const { templates, collections } = ctx.services;

  rest.get('/collections', { schema: listCollectionsSchema }, async (request) => {
    const { project } = callerOf(request);
    const { per_page, cursor } = request.query;
    if (per_page === undefined && cursor === undefined) {
      return { data: await collections.listAll(project.id) };
    }
    const perPage = per_page ?? COLLECTION_LIMITS.perPageDefault;
    const page = await collections.listPage(project.id, {
      perPage,
      cursor: cursor === undefined ? undefined : decodeCursor(cursor),
    });
    return envelope(request, ctx.config.publicUrl, page, perPage);
  });

  rest.post(
    '/collections',
    // attachValidation: the use case's checks (custom_data size, unknown templates) run even
    // when the schema fails, so one 422 names every bad field.
    { schema: createCollectionSchema, attachValidation: true, ...smallBody(ctx.config) },
    async (request, reply) => {
      const { project } = callerOf(request);
      const { body, schemaErrors } = checkedBody<CreateCollectionInput>(request);
      const created = await createCollection(
        { templates, collections },
        project.id,
        body,
        schemaErrors,
      );
      return reply.status(201).send(created);
    },
  );

  rest.get('/collections/:collection_id', { schema: getCollectionSchema }, async (request) => {
    const { project } = callerOf(request);
    const found = await collections.find(project.id, request.params.collection_id);
    if (!found) throw notFound('Collection');
    return found;
  });

  rest.patch(
    '/collections/:collection_id',
    { schema: updateCollectionSchema, attachValidation: true, ...smallBody(ctx.config) },
    async (request) => {
      const { project } = callerOf(request);
      const { body, schemaErrors } = checkedBody<UpdateCollectionInput | undefined>(request);
      const current = await collections.find(project.id, request.params.collection_id);
      if (!current) {
        // A body the schema refuses stays a 422 first, as when the schema ran before this.
        if (Object.keys(schemaErrors).length > 0) throw validationError(schemaErrors);
        throw notFound('Collection');
      }
      const updated = await updateCollection(
        { templates, collections },
        project.id,
        current,
        body ?? {},
        schemaErrors,
      );
      if (!updated) throw notFound('Collection');
      return updated;
    },
  );

  rest.delete(
    '/collections/:collection_id',
    { schema: deleteCollectionSchema },
    async (request) => {
      const { project } = callerOf(request);
      if (!(await collections.delete(project.id, request.params.collection_id))) {
        throw notFound('Collection');
      }
      return { message: 'Collection deleted.' };
    },
  );
}
