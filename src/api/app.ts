/**
 * The HTTP API as a Fastify app built from its ports: no adapter is chosen here, so tests and
 * main.ts build the same app. Routes live in routes/<resource>/ and are registered below.
 */
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyServerOptions,
} from 'fastify';
import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import cors from '@fastify/cors';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';
import type { Config } from '../config.ts';
import type { Services } from '../core/services.ts';
import { metricsAuthorized } from '../core/metrics-authorized.ts';
import type { Metrics } from '../core/ports/metrics.ts';
import { READY_RETRY_AFTER_SECONDS, readinessAnswer } from '../core/readiness.ts';
import { installAuth } from './auth.ts';
import { coerceFormBodyBySchema } from './coerce-body.ts';
import { installFormBodies } from './form-body.ts';
import { frameworkErrorHandler, installErrorHandlers } from './errors.ts';
import { installRequestGuards } from './request-guards.ts';
import type { RequestTypeProvider } from './request-type-provider.ts';
import { clientErrorHandler, installBodyDeadline } from './http-edges.ts';
import { requestChildLogger } from './log-redaction.ts';
import { editorAppRoutes } from './routes/editor/editor-app.ts';
import { fileRoutes } from './routes/files/index.ts';
import { urlImageRoutes } from './routes/url/index.ts';
import { webhookDeliveryRoutes } from './routes/webhook-deliveries/index.ts';
import { installRateLimit } from './rate-limit.ts';
import { imageRoutes } from './routes/images/index.ts';
import { pdfRoutes } from './routes/pdfs/index.ts';
import { usageRoutes } from './routes/usage/index.ts';
import { videoRoutes } from './routes/videos/index.ts';
import { n8nRoutes } from './routes/n8n/index.ts';
import { mediaRoutes } from './routes/media/index.ts';
import { fontRoutes } from './routes/fonts/index.ts';
import { brandKitRoutes } from './routes/brand-kit/index.ts';
import { templateRoutes } from './routes/templates/index.ts';
import { collectionRoutes } from './routes/collections/index.ts';
import { editorSessionRoutes } from './routes/editor/session.ts';
import { starterTemplateRoutes } from './routes/starter-templates/index.ts';
import { documentForOrigin, finishDocument } from './openapi/finish-document.ts';
import { requestOrigin } from './openapi/request-origin.ts';

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
  /** The process's own logger (takes the place of `logger`), so job and request logs share it. */
  loggerInstance?: FastifyBaseLogger;
  /** Requests are counted here, and GET /metrics serves it (unless IMPRINT_METRICS=0). */
  metrics?: Metrics;
}

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    // Query strings and path params are text; bodies keep their JSON types (a "5" is not a 5).
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    strict: false,
    // Errors carry the value they are about, so a 422 can quote what was received.
    verbose: true,
  });
  addFormats.default(ajv);
  return ajv;
}

/** Fastify's trustProxy for the setting; a hop count as the function Fastify makes of one. */
function trustProxyOption(trust: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trust !== 'number') return trust;
  return (_address: string, hop: number) => hop < trust;
}

/** Builds the app; call `ready()` (or inject) before use. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { services, config } = opts;
  const app = Fastify({
    ...(opts.loggerInstance
      ? { loggerInstance: opts.loggerInstance }
      : { logger: opts.logger ?? false }),
    childLoggerFactory: requestChildLogger,
    bodyLimit: config.bodyLimit,
    // X-Forwarded-For/-Proto/-Host are believed only from the proxies IMPRINT_TRUST_PROXY names.
    trustProxy: trustProxyOption(config.trustProxy),
    ajv: undefined,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    // Hand-written clients join a base URL ending in "/" with a path starting with one, or add a
    // "/" at the end: `/api/rest//templates` and `/api/rest/templates/` are the list, not an
    // empty template id.
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true },
    // Requests are typed from their TypeBox schemas (core/request-shapes/); the route modules
    // take the instance as FastifyInstance and type their own routes the same way.
  }).withTypeProvider<RequestTypeProvider>();
  const bodyAjv = makeAjv(false);
  const paramAjv = makeAjv(true);
  app.setValidatorCompiler(({ schema, httpPart }) =>
    (httpPart === 'body' ? bodyAjv : paramAjv).compile(schema as object),
  );
  installErrorHandlers(app);
  installRequestGuards(app);
  installBodyDeadline(app, config.requestTimeoutMs);
  // Off unless origins are named: a browser page elsewhere then cannot call the API at all.
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: [...config.corsOrigins],
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['Authorization', 'Content-Type'],
      exposedHeaders: ['Retry-After', 'WWW-Authenticate', 'Content-Disposition', 'ETag'],
      maxAge: 600,
    });
  }

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Imprint API',
        version: '0.1.0',
        description:
          'Renders images and PDFs from templates. Placid-compatible REST API under /api/rest.',
      },
      // Relative: the document works at whatever address it was fetched from; the routes that
      // serve it replace this with the request's own origin (documentForOrigin).
      servers: [{ url: '/' }],
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearerAuth: [] }],
    },
    transformObject: (documentObject) =>
      finishDocument(
        (documentObject as { openapiObject: Record<string, unknown> }).openapiObject,
      ) as ReturnType<SwaggerTransformObject>,
  });
  const publicUrl = config.publicUrlSet ? config.publicUrl : null;
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    transformSpecification: (spec, request) =>
      documentForOrigin(spec as Record<string, unknown>, requestOrigin(request), publicUrl),
  });

  app.get('/api/openapi.json', { schema: { hide: true } }, async (request) =>
    documentForOrigin(app.swagger() as Record<string, unknown>, requestOrigin(request), publicUrl),
  );
  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    const answer = await readinessAnswer(services.readinessChecks, services.readinessDetails);
    if (answer.statusCode === 503) reply.header('retry-after', String(READY_RETRY_AFTER_SECONDS));
    return reply.status(answer.statusCode).send(answer.body);
  });
  if (opts.metrics) installMetrics(app, opts.metrics, config);

  const ctx: RouteContext = { services, config };
  // Public, outside the token-checked scope: file URLs are unguessable instead.
  await fileRoutes(app, ctx);
  // The browser editor: static files, a client of the REST API like any other.
  await editorAppRoutes(app, ctx);
  await urlImageRoutes(app, ctx);
  await n8nRoutes(app, ctx);
  await editorSessionRoutes(app, ctx);
  const starters = starterTemplateRoutes(ctx);
  await starters.publicRoutes(app);
  await app.register(
    async (rest) => {
      installAuth(rest, services);
      installRateLimit(rest, config.rateLimitPerMinute, services.rateCounter);
      // Placid is a Laravel app: form bodies mean what the JSON body means, their numbers and
      // booleans read from strings (creation routes read JSON strings so too, see coerce-body).
      installFormBodies(rest, config.bodyLimit);
      rest.addHook('preValidation', coerceFormBodyBySchema);
      // Route modules register here, one line each.
      await fontRoutes(rest, ctx);
      await brandKitRoutes(rest, ctx);
      await templateRoutes(rest, ctx);
      await starters.restRoutes(rest);
      await collectionRoutes(rest, ctx);
      await webhookDeliveryRoutes(rest, ctx);
      await imageRoutes(rest, ctx);
      await pdfRoutes(rest, ctx);
      await usageRoutes(rest, ctx);
      await videoRoutes(rest, ctx);
      await mediaRoutes(rest, ctx);
      void ctx;
    },
    { prefix: '/api/rest' },
  );
  return app;
}

/**
 * Counts every answered request by route pattern (`unmatched` for 404s of unknown paths, so
 * scanners cannot grow the label set) and serves GET /metrics: open, or behind
 * IMPRINT_METRICS_TOKEN, or absent with IMPRINT_METRICS=0.
 */
function installMetrics(app: FastifyInstance, metrics: Metrics, config: Config): void {
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.request(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
  if (!config.metricsEnabled) return;
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!metricsAuthorized(config.metricsToken, request.headers.authorization)) {
      return reply
        .status(401)
        .header('www-authenticate', 'Bearer')
        .send({ message: 'GET /metrics needs Authorization: Bearer <IMPRINT_METRICS_TOKEN>.' });
    }
    const { contentType, text } = await metrics.exposition();
    return reply.type(contentType).send(text);
  });
}
