/**
 * Routes of /api/rest/templates/{uuid}/versions (docs/template-versions.md): list, retrieve,
 * name and restore versions. Publishing is PATCH /templates/{uuid} with published_version.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RequestTypeProvider } from '../../request-type-provider.ts';
import { decodeCursor } from '../../../core/pagination.ts';
import { notFound, validationError } from '../../../core/errors.ts';
import type { Services } from '../../../core/services.ts';
import type { Config } from '../../../config.ts';
import { saveDesign } from '../../../core/template-use-cases.ts';
import {
  renameVersion,
  restoreVersion,
  versionNotFound,
} from '../../../core/template-version-use-cases.ts';
import type { TemplateVersion, VersionAuthor } from '../../../core/template-versions.ts';
import { VERSION_LIMITS } from '../../../core/template-versions.ts';
import type { Caller } from '../../../core/projects.ts';
import { callerOf } from '../../auth.ts';
import { checkedBody } from '../../checked-body.ts';
import { envelope } from '../../pagination.ts';
import { smallBody } from '../../body-limits.ts';
import {
  getVersionSchema,
  listVersionsSchema,
  renameVersionSchema,
  restoreVersionSchema,
} from './version-schemas.ts';

/** The version object of the API. */
export function versionObject(
  v: TemplateVersion,
  publishedVersion: number | null,
  thumbnailUrl: (key: string | null) => string | null,
): Record<string, unknown> {
  return {
    version: v.version,
    name: v.name,
    created_at: v.created_at,
    created_by: v.created_by,
    thumbnail: thumbnailUrl(v.thumbnail_key),
    published: publishedVersion === v.version,
    width: v.width,
    height: v.height,
  };
}

/** What made a request's saves: the editor (its session token) or an API token. */
export function authorOf(caller: Caller): VersionAuthor {
  return {
    kind: caller.editorSession === true ? 'editor_session' : 'token',
    token_id: caller.tokenId,
  };
}

/** The {version} of a path: a whole number ≥ 1, else a 422 naming `version`. */
function versionParam(request: FastifyRequest): number {
  const raw = (request.params as { version?: string }).version ?? '';
  const n = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(n) || n < 1) {
    throw validationError({
      version: [`The version field must be a whole number of 1 or more (got "${raw}").`],
    });
  }
  return n;
}

/** Registers the version routes inside the /api/rest scope. */
export async function templateVersionRoutes(
  scope: FastifyInstance,
  ctx: { services: Services; config: Config },
): Promise<void> {
  const rest = scope.withTypeProvider<RequestTypeProvider>();
  const { templates, templateVersions: versions, previews } = ctx.services;
  const thumbnailUrl = (k: string | null) => previews.thumbnailUrl(k);
  const published = async (projectId: string, uuid: string) => {
    const t = await templates.find(projectId, uuid);
    if (!t) throw notFound('Template');
    return t.published_version;
  };

  rest.get(
    '/templates/:template_uuid/versions',
    { schema: listVersionsSchema },
    async (request) => {
      const { project } = callerOf(request);
      const q = request.query;
      const perPage = q.per_page ?? VERSION_LIMITS.perPageDefault;
      const uuid = request.params.template_uuid;
      const page = await versions.list(project.id, uuid, {
        perPage,
        cursor: q.cursor === undefined ? undefined : decodeCursor(q.cursor),
      });
      if (!page) throw notFound('Template');
      const pub = await published(project.id, uuid);
      return envelope(
        request,
        ctx.config.publicUrl,
        { ...page, items: page.items.map((v) => versionObject(v, pub, thumbnailUrl)) },
        perPage,
      );
    },
  );

  rest.get(
    '/templates/:template_uuid/versions/:version',
    { schema: getVersionSchema },
    async (request) => {
      const { project } = callerOf(request);
      const uuid = request.params.template_uuid;
      const n = versionParam(request);
      const found = await versions.getDesign(project.id, uuid, n);
      if (!found) {
        await published(project.id, uuid); // 404 Template first
        throw versionNotFound();
      }
      return {
        ...versionObject(found.version, found.template.published_version, thumbnailUrl),
        design: found.design,
      };
    },
  );

  rest.patch(
    '/templates/:template_uuid/versions/:version',
    { schema: renameVersionSchema, attachValidation: true, ...smallBody(ctx.config) },
    async (request) => {
      const { project } = callerOf(request);
      const uuid = request.params.template_uuid;
      const n = versionParam(request);
      const { body, schemaErrors } = checkedBody<unknown>(request);
      const renamed = await renameVersion(
        versions,
        templates,
        project.id,
        uuid,
        n,
        body ?? {},
        schemaErrors,
      );
      return versionObject(renamed, await published(project.id, uuid), thumbnailUrl);
    },
  );

  rest.post(
    '/templates/:template_uuid/versions/:version/restore',
    { schema: restoreVersionSchema, ...smallBody(ctx.config) },
    async (request, reply) => {
      const caller = callerOf(request);
      const projectId = caller.project.id;
      const uuid = request.params.template_uuid;
      const n = versionParam(request);
      const made = await restoreVersion(
        {
          versions,
          templates,
          save: async (design, options) => {
            const result = await saveDesign(
              {
                templates,
                previews,
                templateVersions: versions,
                templateVersionsKeep: ctx.services.templateVersionsKeep,
              },
              projectId,
              uuid,
              design,
              undefined,
              options,
            );
            return 'saved' in result ? result : 'not_found';
          },
        },
        projectId,
        uuid,
        n,
        authorOf(caller),
      );
      const pub = await published(projectId, uuid);
      return reply.status(201).send(versionObject(made, pub, thumbnailUrl));
    },
  );
}
