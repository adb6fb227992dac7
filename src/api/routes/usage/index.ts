/** GET /api/rest/usage (extension): the project's credits used, reserved, limit and remaining. */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../core/services.ts';
import { callerOf } from '../../auth.ts';

const usageSchema = {
  tags: ['Usage'],
  summary: 'Credits of the project: used, held by queued renders, limit and remaining',
  response: {
    200: {
      type: 'object',
      properties: {
        credits_used: { type: 'integer' },
        credits_reserved: { type: 'integer' },
        credit_limit: { type: ['integer', 'null'] },
        credits_remaining: { type: ['integer', 'null'] },
      },
    },
  },
};

/** Registers GET /usage inside the /api/rest scope. */
export async function usageRoutes(
  rest: FastifyInstance,
  ctx: { services: Services },
): Promise<void> {
  rest.get('/usage', { schema: usageSchema }, async (request) =>
    ctx.services.generation.usage(callerOf(request).project.id),
  );
}
