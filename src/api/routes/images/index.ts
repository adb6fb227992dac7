/** Routes of /api/rest/images: create (queued or create_now), retrieve and delete. */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../core/services.ts';
import { callerOf } from '../../auth.ts';
import { checkedBody } from '../../checked-body.ts';
import { createImageSchema, deleteImageSchema, getImageSchema } from './generation-schemas.ts';
import { parseResourceId } from './resource-id.ts';

type Body = Record<string, unknown>;
type IdParams = { id: string };

/** Registers the image routes inside the /api/rest scope. */
export async function imageRoutes(
  rest: FastifyInstance,
  ctx: { services: Services },
): Promise<void> {
  const { generation } = ctx.services;

  // attachValidation: the service's checks run even when the schema fails, for one full 422.
  rest.post<{ Body: Body }>(
    '/images',
    { schema: createImageSchema, attachValidation: true },
    async (request) => {
      const { body, schemaErrors } = checkedBody<Body>(request);
      return generation.createImage(callerOf(request), body, schemaErrors);
    },
  );

  rest.get<{ Params: IdParams }>('/images/:id', { schema: getImageSchema }, async (request) =>
    generation.get(callerOf(request), 'image', parseResourceId(request.params.id, 'Image')),
  );

  rest.delete<{ Params: IdParams }>(
    '/images/:id',
    { schema: deleteImageSchema },
    async (request, reply) => {
      await generation.delete(
        callerOf(request),
        'image',
        parseResourceId(request.params.id, 'Image'),
      );
      return reply.status(204).send();
    },
  );
}
