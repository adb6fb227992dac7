/** Routes of /api/rest/videos (Placid's video API): list, create, retrieve and delete. */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Services } from '../../../core/services.ts';
import type { CreateVideoBody } from '../../../core/request-shapes/images-pdfs.ts';
import type { Checked } from '../../../core/request-shapes/schema-helpers.ts';
import { callerOf } from '../../auth.ts';
import { checkedBody, emptyBodyAsObject } from '../../checked-body.ts';
import { coerceBodyBySchema } from '../../coerce-body.ts';
import { unknownFieldsOf } from '../../unknown-fields.ts';
import { idempotencyOf } from '../images/idempotency-header.ts';
import { listRoute } from '../images/list-route.ts';
import { parseResourceId } from '../images/resource-id.ts';
import {
  createVideoSchema,
  deleteVideoSchema,
  getVideoSchema,
  listVideosSchema,
} from './video-schemas.ts';

type IdParams = { id: string };

/** Registers the video routes inside the /api/rest scope. */
export async function videoRoutes(
  rest: FastifyInstance,
  ctx: { services: Services; config: Pick<Config, 'publicUrl'> },
): Promise<void> {
  const { generation } = ctx.services;

  listRoute(rest, ctx, { path: '/videos', type: 'video', schema: listVideosSchema });

  // attachValidation: the service's checks run even when the schema fails, for one full 422.
  rest.post<{ Body: Checked<CreateVideoBody> }>(
    '/videos',
    {
      schema: createVideoSchema,
      attachValidation: true,
      preValidation: [emptyBodyAsObject, coerceBodyBySchema],
    },
    async (request, reply) => {
      const checked = checkedBody<Checked<CreateVideoBody>>(request);
      const { options, schemaErrors } = idempotencyOf(request, reply, checked.schemaErrors);
      return generation.createVideo(
        callerOf(request),
        checked.body as Record<string, unknown>,
        schemaErrors,
        { ...options, unknownFields: unknownFieldsOf(request, checked.body) },
      );
    },
  );

  rest.get<{ Params: IdParams }>('/videos/:id', { schema: getVideoSchema }, async (request) =>
    generation.get(callerOf(request), 'video', parseResourceId(request.params.id, 'Video')),
  );

  rest.delete<{ Params: IdParams }>(
    '/videos/:id',
    { schema: deleteVideoSchema },
    async (request, reply) => {
      await generation.delete(
        callerOf(request),
        'video',
        parseResourceId(request.params.id, 'Video'),
      );
      return reply.status(204).send();
    },
  );
}
