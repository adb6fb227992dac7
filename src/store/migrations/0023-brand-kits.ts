/**
 * Brand kits (GET/PUT /api/rest/brand-kit): one row per project with its colours and default
 * fonts as JSON text, replaced whole by each PUT.
 */
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('brand_kits')
    .addColumn('project_id', 'text', (c) => c.primaryKey().references('projects.id'))
    // [{ name, value }] with values in the renderer's normal form (#rrggbb or #rrggbbaa).
    .addColumn('colors', 'text', (c) => c.notNull())
    // { heading, body }: font references (family names or font uuids) or null.
    .addColumn('fonts', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('brand_kits').execute();
}
