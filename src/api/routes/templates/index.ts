/** Routes of /api/rest/templates: list, create, retrieve, update, delete, and the design. */
import type { FastifyInstance } from 'fastify';
import { decodeCursor } from '../../../core/pagination.ts';
import { FieldErrorCollector, notFound, validationError } from '../../../core/errors.ts';
import {
  TEMPLATE_LIMITS,
  parseTemplateOrder,
  type TemplateWithDesign,
} from '../../../core/templates.ts';
import {
  createTemplate,
  updateTemplate,
  type CreateTemplateInput,
  type UpdateTemplateInput,
} from '../../../core/template-use-cases.ts';
import type { Config } from '../../../config.ts';
import type { Services } from '../../../core/services.ts';
import { callerOf } from '../../auth.ts';
import { checkedBody } from '../../checked-body.ts';
import { envelope } from '../../pagination.ts';
import { checkDesign, listLayers } from './design-engine.ts';
import {
  createTemplateSchema,
  deleteTemplateSchema,
  getDesignSchema,
  getTemplateSchema,
  listTemplatesSchema,
  putDesignSchema,
  updateTemplateSchema,
} from './template-schemas.ts';

/** The template object of the API: the spec's fields plus width, height, custom_data and times. */
export function templateObject(t: TemplateWithDesign): Record<string, unknown> {
  return {
    uuid: t.uuid,
    title: t.title,
    thumbnail: t.thumbnail,
    tags: t.tags,
    layers: listLayers(t.design),
    width: t.width,
    height: t.height,
    custom_data: t.custom_data,
    created_at: t.created_at,
    updated_at: t.updated_at,
  };
}

interface ListQuery {
  collection_id?: string;
  title_filter?: string;
  tag?: string;
  order_by?: string;
  per_page?: number;
  cursor?: string;
}

/** app.ts's RouteContext, restated here because importing app.ts would be an import cycle. */
interface RoutesContext {
  services: Services;
  config: Config;
}

type UuidParams = { template_uuid: string };

/** Registers the template routes inside the /api/rest scope. */
export async function templateRoutes(rest: FastifyInstance, ctx: RoutesContext): Promise<void> {
  const { templates, collections } = ctx.services;

  rest.get<{ Querystring: ListQuery }>(
    '/templates',
    { schema: listTemplatesSchema },
    async (request) => {
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
        { ...page, items: page.items.map(templateObject) },
        perPage,
      );
    },
  );

  // attachValidation on the writes: the use case's checks run even when the schema fails, so one
  // 422 names every bad field.
  rest.post<{ Body: CreateTemplateInput }>(
    '/templates',
    { schema: createTemplateSchema, attachValidation: true },
    async (request, reply) => {
      const { project } = callerOf(request);
      const { body, schemaErrors } = checkedBody<CreateTemplateInput | undefined>(request);
      const created = await createTemplate(
        { templates, collections },
        project.id,
        body ?? {},
        schemaErrors,
      );
      return reply.status(201).send(templateObject(created));
    },
  );

  rest.get<{ Params: UuidParams }>(
    '/templates/:template_uuid',
    { schema: getTemplateSchema },
    async (request) => {
      const { project } = callerOf(request);
      const found = await templates.find(project.id, request.params.template_uuid);
      if (!found) throw notFound('Template');
      return templateObject(found);
    },
  );

  rest.patch<{ Params: UuidParams; Body: UpdateTemplateInput }>(
    '/templates/:template_uuid',
    { schema: updateTemplateSchema, attachValidation: true },
    async (request) => {
      const { project } = callerOf(request);
      const { body, schemaErrors } = checkedBody<UpdateTemplateInput | undefined>(request);
      const updated = await updateTemplate(
        { templates },
        project.id,
        request.params.template_uuid,
        body ?? {},
        schemaErrors,
      );
      return templateObject(updated);
    },
  );

  rest.delete<{ Params: UuidParams }>(
    '/templates/:template_uuid',
    { schema: deleteTemplateSchema },
    async (request) => {
      const { project } = callerOf(request);
      if (!(await templates.delete(project.id, request.params.template_uuid))) {
        throw notFound('Template');
      }
      return { message: 'Template deleted.' };
    },
  );

  rest.get<{ Params: UuidParams }>(
    '/templates/:template_uuid/design',
    { schema: getDesignSchema },
    async (request) => {
      const { project } = callerOf(request);
      const found = await templates.getDesign(project.id, request.params.template_uuid);
      if (!found) throw notFound('Template');
      return found.design;
    },
  );

  rest.put<{ Params: UuidParams; Body: unknown }>(
    '/templates/:template_uuid/design',
    { schema: putDesignSchema, attachValidation: true },
    async (request) => {
      const { project } = callerOf(request);
      const { schemaErrors } = checkedBody<unknown>(request);
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
      const saved = await templates.replaceDesign(project.id, request.params.template_uuid, design);
      if (!saved) throw notFound('Template');
      return saved.design;
    },
  );
}
