/** Routes of /api/rest/pdfs: list, create from templates, merge from URLs, retrieve and delete. */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import type { Services } from '../../../core/services.ts';
import { callerOf } from '../../auth.ts';
import { checkedBody, emptyBodyAsObject } from '../../checked-body.ts';
import type { CreatePdfBody, MergePdfBody } from '../../../core/request-shapes/images-pdfs.ts';
import type { Checked } from '../../../core/request-shapes/schema-helpers.ts';
import { coerceBodyBySchema } from '../../coerce-body.ts';
import { unknownFieldsOf } from '../../unknown-fields.ts';
import {
  createPdfSchema,
  deletePdfSchema,
  getPdfSchema,
  listPdfsSchema,
  mergePdfsSchema,
} from '../images/generation-schemas.ts';
import { listRoute } from '../images/list-route.ts';
import { idempotencyOf } from '../images/idempotency-header.ts';
import { parseResourceId } from '../images/resource-id.ts';

type IdParams = { id: string };

/** Registers the PDF routes inside the /api/rest scope. */
export async function pdfRoutes(
  rest: FastifyInstance,
  ctx: { services: Services; config: Pick<Config, 'publicUrl'> },
): Promise<void> {
  const { generation } = ctx.services;

  listRoute(rest, ctx, { path: '/pdfs', type: 'pdf', schema: listPdfsSchema });

  // attachValidation: the service's checks run even when the schema fails, for one full 422.
  rest.post<{ Body: Checked<CreatePdfBody> }>(
    '/pdfs',
    {
      schema: createPdfSchema,
      attachValidation: true,
      preValidation: [emptyBodyAsObject, coerceBodyBySchema],
    },
    async (request, reply) => {
      const checked = checkedBody<Checked<CreatePdfBody>>(request);
      const { options, schemaErrors } = idempotencyOf(request, reply, checked.schemaErrors);
      return generation.createPdf(callerOf(request), checked.body, schemaErrors, {
        ...options,
        unknownFields: unknownFieldsOf(request, checked.body),
      });
    },
  );

  rest.post<{ Body: Checked<MergePdfBody> }>(
    '/pdfs/merge',
    {
      schema: mergePdfsSchema,
      attachValidation: true,
      preValidation: [emptyBodyAsObject, coerceBodyBySchema],
    },
    async (request, reply) => {
      const checked = checkedBody<Checked<MergePdfBody>>(request);
      const { options, schemaErrors } = idempotencyOf(request, reply, checked.schemaErrors);
      return generation.mergePdfs(callerOf(request), checked.body, schemaErrors, {
        ...options,
        unknownFields: unknownFieldsOf(request, checked.body),
      });
    },
  );

  rest.get<{ Params: IdParams }>('/pdfs/:id', { schema: getPdfSchema }, async (request) =>
    generation.get(callerOf(request), 'pdf', parseResourceId(request.params.id, 'PDF')),
  );

  rest.delete<{ Params: IdParams }>(
    '/pdfs/:id',
    { schema: deletePdfSchema },
    async (request, reply) => {
      await generation.delete(callerOf(request), 'pdf', parseResourceId(request.params.id, 'PDF'));
      return reply.status(204).send();
    },
  );
}
