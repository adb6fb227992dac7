/**
 * The URL API (GET /u/{template_uuid}): each project's URL-signing settings, and the renders it
 * made, keyed by (project, cache key) so one URL is rendered once across every process: the
 * first request inserts the row and renders, the others find it and wait or serve its file.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('url_signing')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id'))
    // The HMAC key of signed URLs; null until `imprint url secret` first asks for it.
    .addColumn('secret', 'text')
    // 1 when URLs without `s` are served; unsigned URLs are refused by default.
    .addColumn('allow_unsigned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('url_renders')
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
    // SHA-256 of (template uuid, design revision, normalised query).
    .addColumn('cache_key', 'text', (c) => c.notNull())
    .addColumn('template_uuid', 'text', (c) => c.notNull())
    // 'rendering' while its owner renders (until lease_until, renewed), then 'finished'.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('owner', 'text')
    .addColumn('lease_until', 'text')
    // The image row the render made (GET /api/rest/images/{id}) and its stored file.
    .addColumn('image_id', 'integer')
    .addColumn('file_key', 'text')
    .addColumn('content_type', 'text')
    // SHA-256 of the file's bytes: the strong ETag of every answer.
    .addColumn('etag', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('url_renders_pk', ['project_id', 'cache_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('url_renders').execute();
  await db.schema.dropTable('url_signing').execute();
}
