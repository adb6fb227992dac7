/**
 * GET /api/n8n/auth: the credential check Placid's official n8n node runs when a user saves an
 * API token. Outside /api/rest (that is where the node calls it), behind the same token check.
 */
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../../core/services.ts';
import { callerOf, installAuth } from '../../auth.ts';

const n8nAuthSchema = {
  tags: ['Integrations'],
  summary: "Check an API token (Placid's n8n credential test)",
  response: {
    200: {
      type: 'object',
      properties: {
        project: {
          type: 'object',
          properties: { id: { type: 'string' }, title: { type: 'string' } },
        },
        test_mode: { type: 'boolean' },
      },
    },
  },
};

/** Registers GET /api/n8n/auth on the app (its own scope, with the token check). */
export async function n8nRoutes(app: FastifyInstance, ctx: { services: Services }): Promise<void> {
  await app.register(
    async (scope) => {
      installAuth(scope, ctx.services);
      scope.get('/auth', { schema: n8nAuthSchema }, async (request) => {
        const caller = callerOf(request);
        return {
          project: { id: caller.project.id, title: caller.project.title },
          test_mode: caller.testMode,
        };
      });
    },
    { prefix: '/api/n8n' },
  );
}
