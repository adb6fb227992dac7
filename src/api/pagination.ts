/** The pagination envelope of the spec (2.7), with absolute links that keep the other query parameters. */
import type { FastifyRequest } from 'fastify';
import type { Page } from '../core/pagination.ts';

/** The list response: `data`, `links` and `meta` exactly as the spec and the Placid docs show. */
export interface Envelope<T> {
  data: T[];
  links: { first: null; last: null; prev: string | null; next: string | null };
  meta: { path: string; per_page: number; next_cursor: string | null; prev_cursor: string | null };
}

/** Builds the envelope for a page; `publicUrl` is IMPRINT_PUBLIC_URL. */
export function envelope<T>(
  request: FastifyRequest,
  publicUrl: string,
  page: Page<T>,
  perPage: number,
): Envelope<T> {
  const [pathname, query = ''] = request.url.split('?');
  const path = `${publicUrl}${pathname}`;
  const link = (cursor: string | null) => {
    if (cursor === null) return null;
    const params = new URLSearchParams(query);
    params.set('cursor', cursor);
    return `${path}?${params.toString()}`;
  };
  return {
    data: page.items,
    links: { first: null, last: null, prev: link(page.prevCursor), next: link(page.nextCursor) },
    meta: { path, per_page: perPage, next_cursor: page.nextCursor, prev_cursor: page.prevCursor },
  };
}

/** JSON schema of the envelope around an item schema, for route responses and OpenAPI. */
export function envelopeSchema(item: object): object {
  const nullableString = { type: ['string', 'null'] };
  return {
    type: 'object',
    properties: {
      data: { type: 'array', items: item },
      links: {
        type: 'object',
        properties: {
          first: { type: 'null' },
          last: { type: 'null' },
          prev: nullableString,
          next: nullableString,
        },
      },
      meta: {
        type: 'object',
        properties: {
          path: { type: 'string' },
          per_page: { type: 'integer' },
          next_cursor: nullableString,
          prev_cursor: nullableString,
        },
      },
    },
  };
}
