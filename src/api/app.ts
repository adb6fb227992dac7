/**
 * The HTTP API as a Fastify app built from its ports: no adapter is chosen here, so tests and
 * main.ts build the same app. Routes live in routes/<resource>/ and are registered below.
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { Config } from '../config.ts';
import type { Services } from '../core/services.ts';
import { installAuth } from './auth.ts';
import { frameworkErrorHandler, installErrorHandlers } from './errors.ts';
import { installRequestGuards } from './request-guards.ts';
import { fileRoutes } from './routes/files/index.ts';
import { webhookDeliveryRoutes } from './routes/webhook-deliveries/index.ts';
import { installRateLimit } from './rate-limit.ts';
import { imageRoutes } from './routes/images/index.ts';
import { pdfRoutes } from './routes/pdfs/index.ts';
import { usageRoutes } from './routes/usage/index.ts';
import { fontRoutes } from './routes/fonts/index.ts';
import { templateRoutes } from './routes/templates/index.ts';
import { collectionRoutes } from './routes/collections/index.ts';

/** What every route module receives. */
export interface RouteContext {
  services: Services;
  config: Config;
}

/** Options of buildApp. */
export interface AppOptions {
  services: Services;
  config: Config;
  logger?: FastifyServerOptions['logger'];
}

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    // Query strings and path params are text; bodies keep their JSON types (a "5" is not a 5).
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    strict: false,
  });
  addFormats.default(ajv);
  return ajv;
}

/** Builds the app; call `ready()` (or inject) before use. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { services, config } = opts;
  const app = Fastify({
    logger: opts.logger ?? false,
    bodyLimit: config.bodyLimit,
    trustProxy: true,
    ajv: undefined,
    frameworkErrors: frameworkErrorHandler,
    // Hand-written clients join a base URL ending in "/" with a path starting with one, or add a
    // "/" at the end: `/api/rest//templates` and `/api/rest/templates/` are the list, not an
    // empty template id.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
  });
  const bodyAjv = makeAjv(false);
  const paramAjv = makeAjv(true);
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? bodyAjv : paramAjv).compile(schema as object),
  );
  installErrorHandlers(app);
  installRequestGuards(app);

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Imprint API',
        version: '0.1.0',
        description:
          'Renders images and PDFs from templates. Placid-compatible REST API under /api/rest.',
      },
      servers: [{ url: config.publicUrl }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearerAuth: [] }],
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await services.ping();
      return { status: 'ready' };
    } catch {
      return reply
        .status(503)
        .send({ status: 'unavailable', message: 'The database is not reachable.' });
    }
  });

  const ctx: RouteContext = { services, config };
  // Public, outside the token-checked scope: file URLs are unguessable instead.
  await fileRoutes(app, ctx);
  await app.register(
    async (rest) => {
      installAuth(rest, services);
      installRateLimit(rest, config.rateLimitPerMinute);
      // Route modules register here, one line each.
      await fontRoutes(rest, ctx);
      await templateRoutes(rest, ctx);
      await collectionRoutes(rest, ctx);
      await webhookDeliveryRoutes(rest, ctx);
      await imageRoutes(rest, ctx);
      await pdfRoutes(rest, ctx);
      await usageRoutes(rest, ctx);
      void ctx;
    },
    { prefix: '/api/rest' },
  );
  return app;
}
