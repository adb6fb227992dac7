/**
 * GET /images and GET /pdfs: the project's generated files, newest first, in the pagination
 * envelope of the other lists. One route builder for every kind of generated file, so /videos
 * lists the same way once videos exist (issue #29): one more `listRoute` call.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../../config.ts';
import type { ResourceType } from '../../../core/generation/render-row.ts';
import {
  LIST_LIMITS,
  RENDER_STATUSES,
  parseRenderListQuery,
  type RenderListQuery,
} from '../../../core/generation/list-filter.ts';
import type { Services } from '../../../core/services.ts';
import { callerOf } from '../../auth.ts';
import { envelope, envelopeSchema } from '../../pagination.ts';

const time = (bound: string) => ({
  type: 'string',
  description: `Only those created ${bound}: an ISO 8601 date or date-time (UTC when it has no offset, e.g. 2026-11-27 or 2026-11-27T14:30:00+01:00) or Unix seconds.`,
});

/** The query and response schema of a list of generated files. */
export function listSchema(opts: { tag: string; plural: string; item: object }): object {
  const { tag, plural, item } = opts;
  return {
    tags: [tag],
    summary: `List ${plural}`,
    description: `The project's ${plural}, newest first (by created_at, then id), cursor-paginated (${LIST_LIMITS.perPageDefault} per page by default). All filters combine. Deleted ones are never listed.`,
    querystring: {
      type: 'object',
      properties: {
        status: { type: 'string', enum: [...RENDER_STATUSES], description: 'Only this status.' },
        template_uuid: {
          type: 'string',
          description:
            plural === 'PDFs'
              ? 'Only PDFs with a page rendered from this template (merges have none).'
              : 'Only those rendered from this template.',
        },
        created_after: time('at or after this time'),
        created_before: time('before this time (exclusive)'),
        passthrough: {
          type: 'string',
          description:
            'Exact match: a string passthrough as itself; an array or object passthrough as its JSON text (e.g. {"batch":7}).',
        },
        per_page: {
          type: 'integer',
          minimum: 1,
          maximum: LIST_LIMITS.perPageMax,
          description: `Items per page (default ${LIST_LIMITS.perPageDefault}, at most ${LIST_LIMITS.perPageMax}).`,
        },
        cursor: { type: 'string', description: 'From links.next or links.prev.' },
      },
    },
    response: { 200: envelopeSchema(item) },
  };
}

/** Registers GET `path` listing the caller's rows of `type`. */
export function listRoute(
  rest: FastifyInstance,
  ctx: { services: Services; config: Pick<Config, 'publicUrl'> },
  route: { path: string; type: ResourceType; schema: object },
): void {
  rest.get<{ Querystring: RenderListQuery }>(
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
