/** Query string of GET /images and GET /pdfs (parsed by generation/list-filter.ts). */
import { Type, type Static } from '@sinclair/typebox';
import { LIST_LIMITS, RENDER_STATUSES } from '../generation/list-filter.ts';

const time = (bound: string) =>
  Type.String({
    description: `Only those created ${bound}: an ISO 8601 date or date-time (UTC when it has no offset, e.g. 2026-11-27 or 2026-11-27T14:30:00+01:00) or Unix seconds.`,
  });

/** The query string of a list of generated files; `templateNote` describes template_uuid. */
export function listRendersQuery(templateNote: string) {
  return Type.Object({
    status: Type.Optional(
      Type.String({ enum: [...RENDER_STATUSES], description: 'Only this status.' }),
    ),
    template_uuid: Type.Optional(Type.String({ description: templateNote })),
    created_after: Type.Optional(time('at or after this time')),
    created_before: Type.Optional(time('before this time (exclusive)')),
    passthrough: Type.Optional(
      Type.String({
        description:
          'Exact match: a string passthrough as itself; an array or object passthrough as its JSON text (e.g. {"batch":7}).',
      }),
    ),
    per_page: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: LIST_LIMITS.perPageMax,
        description: `Items per page (default ${LIST_LIMITS.perPageDefault}, at most ${LIST_LIMITS.perPageMax}).`,
      }),
    ),
    cursor: Type.Optional(Type.String({ description: 'From links.next or links.prev.' })),
  });
}
/** The query string of GET /images and GET /pdfs as a type. */
export type ListRendersQuery = Static<ReturnType<typeof listRendersQuery>>;
