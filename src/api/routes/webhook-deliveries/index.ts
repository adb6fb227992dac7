/**
 * GET /api/rest/images/{id}/webhook-deliveries and /api/rest/pdfs/{id}/webhook-deliveries
 * (extension): the webhook deliveries of one image or PDF with their attempts, last status code,
 * last error and next attempt. Another project's (or an unknown) id answers 404.
 */
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';
import type { WebhookResourceType } from '../../../core/webhooks.ts';
import { callerOf } from '../../auth.ts';

// PostgreSQL's integer column tops out here; a larger id cannot exist.
const MAX_ID = 2_147_483_647;

const nullable = (type: string) => ({ type: [type, 'null'] });

/** One delivery as listed. */
const deliverySchema = {
  type: 'object',
  properties: {
    id: { type: 'string' },
    event: {
      type: 'string',
      enum: [
        'image.finished',
        'image.error',
        'pdf.finished',
        'pdf.error',
        'video.finished',
        'video.error',
      ],
    },
    url: { type: 'string' },
    status: { type: 'string', enum: ['pending', 'succeeded', 'failed'] },
    attempts: { type: 'integer' },
    max_attempts: { type: 'integer' },
    last_status_code: nullable('integer'),
    last_error: nullable('string'),
    last_attempt_at: nullable('string'),
    next_attempt_at: nullable('string'),
    delivered_at: nullable('string'),
    created_at: { type: 'string' },
  },
};

function schemaFor(label: string) {
  return {
    summary: `List the webhook deliveries of a${label === 'image' ? 'n' : ''} ${label} (extension)`,
    tags: [label === 'image' ? 'Images' : label === 'video' ? 'Videos' : 'PDFs'],
    params: Type.Object({ id: Type.String() }),
    response: {
      200: { type: 'object', properties: { data: { type: 'array', items: deliverySchema } } },
    },
  };
}

/** Registers both routes inside the /api/rest scope. */
export async function webhookDeliveryRoutes(
  rest: FastifyInstance,
  ctx: { services: Services },
): Promise<void> {
  const { webhooks } = ctx.services;
  const route = (path: string, type: WebhookResourceType, label: string) =>
    rest.get<{ Params: { id: string } }>(path, { schema: schemaFor(type) }, async (request) => {
      const caller = callerOf(request);
      const raw = request.params.id;
      const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
      if (id < 1 || id > MAX_ID) throw notFound(label);
      // Existence is checked on the resource itself, scoped by project: other projects' ids,
      // unknown and deleted ones all answer 404 (never revealing which).
      if (!(await webhooks.resourceExists(caller.project.id, type, id))) throw notFound(label);
      return { data: await webhooks.listDeliveries(caller.project.id, type, id) };
    });
  route('/images/:id/webhook-deliveries', 'image', 'Image');
  route('/pdfs/:id/webhook-deliveries', 'pdf', 'PDF');
  route('/videos/:id/webhook-deliveries', 'video', 'Video');
}
