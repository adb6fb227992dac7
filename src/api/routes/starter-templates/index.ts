/**
 * Starter templates (assets/starters): listed and copied into the caller's project under
 * /api/rest (token required, test tokens too, no credits), and their thumbnails served without a
 * token at /api/starter-templates/{id}/thumbnail.png so an <img> can show them. A thumbnail is
 * rendered on its first request and kept for the life of the process.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import { FieldErrorCollector, notFound } from '../../../core/errors.ts';
import { THUMBNAIL_WIDTH } from '../../../core/generation/preview-service.ts';
import type { Services } from '../../../core/services.ts';
import { StarterCatalog, type StarterTemplate } from '../../../core/starter-templates.ts';
import { TEMPLATE_LIMITS, type TemplateWithDesign } from '../../../core/templates.ts';
import type { CopyStarterBody } from '../../../core/request-shapes/templates.ts';
import type { Checked } from '../../../core/request-shapes/schema-helpers.ts';
import { callerOf } from '../../auth.ts';
import { checkedBody } from '../../checked-body.ts';
import { templateObject } from '../templates/index.ts';
import {
  copyStarterSchema,
  listStartersSchema,
  starterThumbnailSchema,
} from './starter-schemas.ts';
import { authorOf } from '../templates/version-routes.ts';
import { smallBody } from '../../body-limits.ts';

interface Context {
  services: Services;
  config: Config;
}

type IdParams = { id: string };

/** The starters' routes: `publicRoutes` on the app, `restRoutes` inside /api/rest. */
export function starterTemplateRoutes(
  ctx: Context,
  catalog: StarterCatalog = new StarterCatalog(),
) {
  const { previews, templates } = ctx.services;
  const thumbnails = new Map<string, Promise<Buffer>>();

  const thumbnailUrl = (id: string) =>
    `${ctx.config.publicUrl}/api/starter-templates/${encodeURIComponent(id)}/thumbnail.png`;

  const summary = (s: StarterTemplate) => ({
    id: s.id,
    title: s.title,
    width: s.design.width,
    height: s.design.height,
    tags: s.tags,
    thumbnail: thumbnailUrl(s.id),
  });

  /** Renders once per process; a failed render is not kept, so the next request tries again. */
  const thumbnail = (s: StarterTemplate): Promise<Buffer> => {
    let p = thumbnails.get(s.id);
    if (!p) {
      p = previews.renderStandalone(s.design, Math.min(THUMBNAIL_WIDTH, s.design.width));
      p.catch(() => thumbnails.delete(s.id));
      thumbnails.set(s.id, p);
    }
    return p;
  };

  return {
    async publicRoutes(app: FastifyInstance): Promise<void> {
      app.get<{ Params: IdParams }>(
        '/api/starter-templates/:id/thumbnail.png',
        { schema: starterThumbnailSchema },
        async (request, reply) => {
          const starter = catalog.find(request.params.id);
          if (!starter) throw notFound('Starter template');
          const bytes = await thumbnail(starter);
          return reply
            .header('content-type', 'image/png')
            .header('cache-control', 'public, max-age=86400')
            .send(bytes);
        },
      );
    },

    async restRoutes(rest: FastifyInstance): Promise<void> {
      rest.get('/starter-templates', { schema: listStartersSchema }, async (request) => {
        callerOf(request);
        return { data: catalog.list().map(summary) };
      });

      rest.post<{ Params: IdParams; Body: CopyStarterBody | undefined }>(
        '/starter-templates/:id/copy',
        { schema: copyStarterSchema, attachValidation: true, ...smallBody(ctx.config) },
        async (request, reply) => {
          const { project } = callerOf(request);
          const { body, schemaErrors } = checkedBody<Checked<CopyStarterBody> | undefined>(request);
          const errors = new FieldErrorCollector(schemaErrors);
          const title = body?.title;
          if (typeof title === 'string' && title.trim() === '') {
            errors.add('title', 'The title field must not be empty.');
          }
          const starter = catalog.find(request.params.id);
          errors.throwIfAny();
          if (!starter) throw notFound('Starter template');
          const created: TemplateWithDesign = await templates.create(
            project.id,
            {
              title: typeof title === 'string' ? title.trim() : starter.title,
              width: starter.design.width,
              height: starter.design.height,
              tags: starter.tags.slice(0, TEMPLATE_LIMITS.tagsMax),
              custom_data: null,
              design: structuredClone(starter.design),
            },
            [],
            // Version 1 records who copied it, like any other save.
            authorOf(callerOf(request)),
          );
          previews.refreshThumbnail(project.id, created, null);
          return reply.status(201).send({
            ...templateObject(created, (k) => previews.thumbnailUrl(k)),
            design: created.design,
          });
        },
      );
    },
  };
}
