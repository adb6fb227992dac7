/** Routes of /api/rest/templates: list, create, retrieve, update, delete, and the design. */
import type { FastifyInstance } from 'fastify';
import type { RequestTypeProvider } from '../../request-type-provider.ts';
import { decodeCursor } from '../../../core/pagination.ts';
import { AppError, FieldErrorCollector, notFound, validationError } from '../../../core/errors.ts';
import type { PreviewInput } from '../../../core/generation/preview-service.ts';
import {
  TEMPLATE_LIMITS,
  parseTemplateOrder,
  type TemplateWithDesign,
} from '../../../core/templates.ts';
import { createTemplate, saveDesign, updateTemplate } from '../../../core/template-use-cases.ts';
import type {
  CreateTemplateBody,
  UpdateTemplateBody,
} from '../../../core/request-shapes/templates.ts';
import type { Checked } from '../../../core/request-shapes/schema-helpers.ts';
import type { Config } from '../../../config.ts';
import type { Services } from '../../../core/services.ts';
import { callerOf } from '../../auth.ts';
import { checkedBody } from '../../checked-body.ts';
import { envelope } from '../../pagination.ts';
import { RateLimiter } from '../../rate-limit.ts';
import { ifMatchRevisions, revisionConflict, revisionEtag } from './revision-headers.ts';
import { previewWarningDetailsHeader, previewWarningsHeader } from './preview-warnings-header.ts';
import { checkDesign, listLayers } from './design-engine.ts';
import {
  createTemplateSchema,
  deleteTemplateSchema,
  getDesignSchema,
  getTemplateSchema,
  listTemplatesSchema,
  previewSchema,
  putDesignSchema,
  updateTemplateSchema,
} from './template-schemas.ts';
import { smallBody } from '../../body-limits.ts';
import { authorOf, templateVersionRoutes } from './version-routes.ts';

/**
 * The template object of the API: the spec's fields plus width, height, custom_data and times.
 * `thumbnailUrl` turns the stored thumbnail key into its public URL.
 */
export function templateObject(
  t: TemplateWithDesign,
  thumbnailUrl: (key: string | null) => string | null,
): Record<string, unknown> {
  return {
    uuid: t.uuid,
    title: t.title,
    thumbnail: thumbnailUrl(t.thumbnail_key),
    tags: t.tags,
    layers: listLayers(t.design),
    width: t.width,
    height: t.height,
    custom_data: t.custom_data,
    version: t.version,
    published_version: t.published_version,
    created_at: t.created_at,
    updated_at: t.updated_at,
  };
}

/** app.ts's RouteContext, restated here because importing app.ts would be an import cycle. */
interface RoutesContext {
  services: Services;
  config: Config;
}

type UuidParams = { template_uuid: string };

/** Registers the template routes inside the /api/rest scope. */
export async function templateRoutes(scope: FastifyInstance, ctx: RoutesContext): Promise<void> {
  // Query strings and bodies are typed from their TypeBox schemas.
  const rest = scope.withTypeProvider<RequestTypeProvider>();
  const { templates, collections, previews, templateVersions } = ctx.services;
  // Every design save makes a version and prunes old ones (docs/template-versions.md).
  const saveDeps = {
    templates,
    previews,
    templateVersions,
    templateVersionsKeep: ctx.services.templateVersionsKeep,
  };
  await templateVersionRoutes(scope, ctx);
  const toObject = (t: TemplateWithDesign) => templateObject(t, (k) => previews.thumbnailUrl(k));
  const previewLimiter =
    ctx.config.previewRateLimitPerMinute > 0
      ? new RateLimiter(ctx.config.previewRateLimitPerMinute, ctx.services.rateCounter)
      : null;

  rest.get('/templates', { schema: listTemplatesSchema }, async (request) => {
    const { project } = callerOf(request);
    const q = request.query;
    const perPage = q.per_page ?? TEMPLATE_LIMITS.perPageDefault;
    const page = await templates.list(
      project.id,
      { collectionId: q.collection_id, titleFilter: q.title_filter, tag: q.tag },
      parseTemplateOrder(q.order_by),
      { perPage, cursor: q.cursor === undefined ? undefined : decodeCursor(q.cursor) },
    );
    return envelope(
      request,
      ctx.config.publicUrl,
      { ...page, items: page.items.map(toObject) },
      perPage,
    );
  });

  // attachValidation on the writes: the use case's checks run even when the schema fails, so one
  // 422 names every bad field.
  rest.post(
    '/templates',
    { schema: createTemplateSchema, attachValidation: true },
    async (request, reply) => {
      const { project } = callerOf(request);
      const { body, schemaErrors } = checkedBody<Checked<CreateTemplateBody> | undefined>(request);
      const created = await createTemplate(
        { templates, collections },
        project.id,
        body ?? {},
        schemaErrors,
        authorOf(callerOf(request)),
      );
      previews.refreshThumbnail(project.id, created, null);
      return reply.status(201).send(toObject(created));
    },
  );

  rest.get('/templates/:template_uuid', { schema: getTemplateSchema }, async (request) => {
    const { project } = callerOf(request);
    const found = await templates.find(project.id, request.params.template_uuid);
    if (!found) throw notFound('Template');
    return toObject(found);
  });

  rest.patch(
    '/templates/:template_uuid',
    { schema: updateTemplateSchema, attachValidation: true, ...smallBody(ctx.config) },
    async (request) => {
      const { project } = callerOf(request);
      const { body, schemaErrors } = checkedBody<Checked<UpdateTemplateBody> | undefined>(request);
      const updated = await updateTemplate(
        { templates, versions: templateVersions },
        project.id,
        request.params.template_uuid,
        body ?? {},
        schemaErrors,
      );
      return toObject(updated);
    },
  );

  rest.delete('/templates/:template_uuid', { schema: deleteTemplateSchema }, async (request) => {
    const { project } = callerOf(request);
    const found = await templates.find(project.id, request.params.template_uuid);
    const versionThumbnails = found
      ? await templateVersions.thumbnailKeys(project.id, found.uuid)
      : [];
    if (!found || !(await templates.delete(project.id, request.params.template_uuid))) {
      throw notFound('Template');
    }
    const keys = new Set([found.thumbnail_key, ...versionThumbnails]);
    await Promise.all([...keys].map((key) => previews.deleteThumbnail(key)));
    return { message: 'Template deleted.' };
  });

  rest.get(
    '/templates/:template_uuid/design',
    { schema: getDesignSchema },
    async (request, reply) => {
      const { project } = callerOf(request);
      const found = await templates.getDesign(project.id, request.params.template_uuid);
      if (!found) throw notFound('Template');
      void reply.header('etag', revisionEtag(found.template.revision));
      return found.design;
    },
  );

  rest.put<{ Params: UuidParams; Body: unknown }>(
    '/templates/:template_uuid/design',
    { schema: putDesignSchema, attachValidation: true },
    async (request, reply) => {
      const { project } = callerOf(request);
      const { schemaErrors } = checkedBody<unknown>(request);
      const accepted = ifMatchRevisions(request.headers['if-match']);
      // 404 before the design's own 422: a client should learn first that the template is not
      // there. A body the schema refuses stays a 422 first, as when the schema ran before this.
      const existing = await templates.getDesign(project.id, request.params.template_uuid);
      if (!existing) {
        if (Object.keys(schemaErrors).length > 0) throw validationError(schemaErrors);
        throw notFound('Template');
      }
      // The design check reads any JSON, so it gets the body as sent and names every problem.
      const { design, problems } = checkDesign(request.body);
      const errors = new FieldErrorCollector(schemaErrors);
      for (const p of problems) errors.add(p.path, `The ${p.path} field ${p.message}.`);
      errors.throwIfAny();
      if (!design) throw validationError({ design: ['The design is invalid.'] });
      // If-Match names the revision the editor loaded; the save is conditional on it.
      const current = existing.template.revision;
      if (accepted && !accepted.includes(current)) throw revisionConflict(current);
      // The thumbnail renders in the background: the answer does not wait for it.
      const result = await saveDesign(
        saveDeps,
        project.id,
        request.params.template_uuid,
        design,
        accepted ? current : undefined,
        { author: authorOf(callerOf(request)) },
      );
      if ('notFound' in result) throw notFound('Template');
      if ('conflict' in result) throw revisionConflict(result.conflict.revision);
      void reply.header('etag', revisionEtag(result.saved.revision));
      return result.saved.design;
    },
  );

  rest.post<{ Params: UuidParams; Body: PreviewInput }>(
    '/templates/:template_uuid/preview',
    { schema: previewSchema },
    async (request, reply) => {
      const caller = callerOf(request);
      if (previewLimiter) {
        const { allowed, resetAt } = await previewLimiter.hit(`preview:${caller.tokenId}`);
        if (!allowed) {
          const retryAfter = Math.max(1, Math.ceil(resetAt - Date.now() / 1000));
          throw new AppError(
            'too_many_requests',
            `Too many previews: this token may request ${previewLimiter.limit} previews per minute (IMPRINT_PREVIEW_RATE_LIMIT). Try again in ${retryAfter} s.`,
            { headers: { 'retry-after': String(retryAfter) } },
          );
        }
      }
      const preview = await previews.preview(
        caller.project.id,
        request.params.template_uuid,
        request.body ?? {},
      );
      return reply
        .header('content-type', preview.mime)
        .header('cache-control', 'no-store')
        .header('imprint-warnings', previewWarningsHeader(preview.warnings))
        .header('imprint-warning-details', previewWarningDetailsHeader(preview.warningDetails))
        .header('access-control-expose-headers', 'Imprint-Warnings, Imprint-Warning-Details')
        .send(preview.bytes);
    },
  );
}
