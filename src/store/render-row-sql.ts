/** What the SQL stores of image, PDF and video rows share: their tables and the parsing of a row. */
import type { Compilable, Selectable } from 'kysely';
import type { RenderRequest, RenderRow, ResourceType } from '../core/generation/render-row.ts';
import type { Database } from './database.ts';
import { prepareQuery } from './prepared-query.ts';
import type { RenderTable } from './schema.ts';

/** The table of each resource type (their ids are separate sequences, as in Placid). */
export const TABLE = { image: 'images', pdf: 'pdfs', video: 'videos' } as const;

/** Every resource type, for statements run once per table. */
export const TYPES: readonly ResourceType[] = ['image', 'pdf', 'video'];

/** A stored row, parsed. */
export function toRow(type: ResourceType, r: Selectable<RenderTable>): RenderRow {
  return {
    type,
    id: Number(r.id),
    project_id: r.project_id,
    status: r.status,
    request: JSON.parse(r.request) as RenderRequest,
    passthrough: r.passthrough === null ? undefined : JSON.parse(r.passthrough),
    webhook_success: r.webhook_success,
    webhook_error: r.webhook_error,
    errors: JSON.parse(r.errors) as string[],
    warnings: JSON.parse(r.warnings) as string[],
    file_key: r.file_key,
    file_expired: Number(r.file_expired) === 1,
    test_mode: Number(r.test_mode) === 1,
    credits: Number(r.credits),
    has_transfer: Number(r.has_transfer) === 1,
    claimed_by: r.claimed_by,
    created_at: r.created_at,
    updated_at: r.updated_at,
  };
}

/** One prepared query per table (images, pdfs, videos), compiled once (see prepared-query.ts). */
export function perTable<P extends object, R>(
  names: readonly (keyof P & string)[],
  build: (db: Database, table: 'images' | 'pdfs' | 'videos', p: P) => Compilable<R>,
) {
  return {
    image: prepareQuery<P, R>(names, (db, p) => build(db, 'images', p)),
    pdf: prepareQuery<P, R>(names, (db, p) => build(db, 'pdfs', p)),
    video: prepareQuery<P, R>(names, (db, p) => build(db, 'videos', p)),
  };
}

/** The end of a lease that starts now. */
export function leaseEnd(leaseMs: number): string {
  return new Date(Date.now() + leaseMs).toISOString();
}
