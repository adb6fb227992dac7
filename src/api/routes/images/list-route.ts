/**
 * GET /images and GET /pdfs: the project's generated files, newest first, in the pagination
 * envelope of the other lists. One route builder for every kind of generated file, so /videos
 * lists the same way once videos exist (issue #29): one more `listRoute` call.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import type { ResourceType } from '../../../core/generation/render-row.ts';
import { LIST_LIMITS, parseRenderListQuery } from '../../../core/generation/list-filter.ts';
import {
  listRendersQuery,
  type ListRendersQuery,
} from '../../../core/request-shapes/render-lists.ts';
import type { Services } from '../../../core/services.ts';
import { callerOf } from '../../auth.ts';
import { envelope, envelopeSchema } from '../../pagination.ts';

/** The query and response schema of a list of generated files. */
export function listSchema(opts: { tag: string; plural: string; item: object }): object {
  const { tag, plural, item } = opts;
  return {
    tags: [tag],
    summary: `List ${plural}`,
    description: `The project's ${plural}, newest first (by created_at, then id), cursor-paginated (${LIST_LIMITS.perPageDefault} per page by default). All filters combine. Deleted ones are never listed.`,
    querystring: listRendersQuery(
      plural === 'PDFs'
        ? 'Only PDFs with a page rendered from this template (merges have none).'
        : 'Only those rendered from this template.',
    ),
    response: { 200: envelopeSchema(item) },
  };
}

/** Registers GET `path` listing the caller's rows of `type`. */
export function listRoute(
  rest: FastifyInstance,
  ctx: { services: Services; config: Pick<Config, 'publicUrl'> },
  route: { path: string; type: ResourceType; schema: object },
): void {
  rest.get<{ Querystring: ListRendersQuery }>(
    route.path,
    { schema: route.schema },
    async (request) => {
      const { project } = callerOf(request);
      const { filter, page } = parseRenderListQuery(request.query);
      const found = await ctx.services.generation.list(project.id, route.type, filter, page);
      return envelope(request, ctx.config.publicUrl, found, page.perPage);
    },
  );
}
