/**
 * Routes of /api/rest/images: list, create (queued or create_now), retrieve and delete; and Placid's
 * alias POST /api/rest/{template_uuid}.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Services } from '../../../core/services.ts';
import { callerOf } from '../../auth.ts';
import { checkedBody, emptyBodyAsObject } from '../../checked-body.ts';
import type {
  CreateImageBody,
  CreateImageByPathBody,
} from '../../../core/request-shapes/images-pdfs.ts';
import type { Checked } from '../../../core/request-shapes/schema-helpers.ts';
import { coerceBodyBySchema } from '../../coerce-body.ts';
import { unknownFieldsOf } from '../../unknown-fields.ts';
import {
  createImageByPathSchema,
  createImageSchema,
  deleteImageSchema,
  getImageSchema,
  listImagesSchema,
} from './generation-schemas.ts';
import { listRoute } from './list-route.ts';
import { idempotencyOf } from './idempotency-header.ts';
import { parseResourceId } from './resource-id.ts';

type IdParams = { id: string };

const FIXED_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

/**
 * Resource names of Placid's API (and Imprint's) that are never a template uuid, whether or not a
 * route of that name exists here: POST /api/rest/media or /videos must not answer "Template not
 * found" from the alias below.
 */
const RESERVED_NAMES = new Set([
  'images',
  'pdfs',
  'videos',
  'media',
  'templates',
  'collections',
  'fonts',
  'usage',
  'webhook-deliveries',
  'n8n',
  'u',
]);

/** Registers the image routes inside the /api/rest scope. */
export async function imageRoutes(
  rest: FastifyInstance,
  ctx: { services: Services; config: Pick<Config, 'publicUrl'> },
): Promise<void> {
  const { generation } = ctx.services;

  listRoute(rest, ctx, { path: '/images', type: 'image', schema: listImagesSchema });

  // attachValidation: the service's checks run even when the schema fails, for one full 422.
  rest.post<{ Body: Checked<CreateImageBody> }>(
    '/images',
    {
      schema: createImageSchema,
      attachValidation: true,
      preValidation: [emptyBodyAsObject, coerceBodyBySchema],
    },
    async (request, reply) => {
      const checked = checkedBody<Checked<CreateImageBody>>(request);
      const { options, schemaErrors } = idempotencyOf(request, reply, checked.schemaErrors);
      return generation.createImage(callerOf(request), checked.body, schemaErrors, {
        ...options,
        unknownFields: unknownFieldsOf(request, checked.body),
      });
    },
  );

  // Placid's alias, POST /api/rest/{template_uuid} with the same body: clients written against it
  // work unchanged. Fixed routes (/images, /pdfs, /templates, …) take precedence over it.
  rest.post<{ Body: Checked<CreateImageByPathBody>; Params: { template_uuid: string } }>(
    '/:template_uuid',
    {
      schema: createImageByPathSchema,
      attachValidation: true,
      // The path names the template, so a bodiless POST is a complete request: no changes.
      preValidation: [emptyBodyAsObject, coerceBodyBySchema],
    },
    async (request, reply) => {
      const uuid = request.params.template_uuid;
      // POST /api/rest/usage is a wrong method on a fixed route, not a template named "usage".
      // Route names are plain words; hasRoute reads its argument as a route pattern, so nothing
      // else (":", "(", …) may reach it.
      if (
        RESERVED_NAMES.has(uuid.toLowerCase()) ||
        (/^[a-z-]+$/.test(uuid) &&
          FIXED_METHODS.some((method) => rest.hasRoute({ method, url: `/api/rest/${uuid}` })))
      ) {
        return reply.callNotFound();
      }
      const checked = checkedBody<Checked<CreateImageByPathBody>>(request);
      const { options, schemaErrors } = idempotencyOf(request, reply, checked.schemaErrors);
      const body = checked.body;
      const sent = body.template_uuid;
      const errors = { ...schemaErrors };
      if (sent !== undefined && sent !== null && sent !== uuid) {
        errors.template_uuid = [
          `The template_uuid field must be the template of the URL (${uuid}) or be left out.`,
        ];
      }
      return generation.createImage(callerOf(request), { ...body, template_uuid: uuid }, errors, {
        ...options,
        unknownFields: unknownFieldsOf(request, body),
      });
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
