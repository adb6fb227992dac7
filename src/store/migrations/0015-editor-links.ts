/**
 * Sign-in links of the template editor: `editor_links` holds each link's code hashed (SHA-256),
 * its project, its expiry and when it was used (a code is good once). A link is exchanged for a
 * token that expires, so `api_tokens` gains `expires_at` (null: never) and `purpose` (null for
 * tokens made by an operator, `editor_session` for the editor's).
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('api_tokens').addColumn('expires_at', 'text').execute();
  await db.schema.alterTable('api_tokens').addColumn('purpose', 'text').execute();
  await db.schema
    .createTable('editor_links')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('editor_links').execute();
  await db.schema.alterTable('api_tokens').dropColumn('purpose').execute();
  await db.schema.alterTable('api_tokens').dropColumn('expires_at').execute();
}
