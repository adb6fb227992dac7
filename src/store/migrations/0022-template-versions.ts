/**
 * Template versions (docs/template-versions.md): `template_designs` holds each distinct design of
 * a template once, by the SHA-256 of its JSON text; `template_versions` numbers the saves per
 * template and points at a design; `templates.version` is the number of the latest version and
 * `templates.published_version` the one renders use (null: the latest). Every existing template
 * gets version 1 from its current design, which keeps the template's thumbnail.
 */
import { sql, type Kysely } from 'kysely';
import { designHash } from '../../core/template-versions.ts';

/** Templates read per batch while their version 1 is written. */
const BATCH = 500;

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('templates')
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.alterTable('templates').addColumn('published_version', 'integer').execute();
  await db.schema
    .createTable('template_designs')
    .addColumn('template_uuid', 'text', (c) =>
      c.notNull().references('templates.uuid').onDelete('cascade'),
    )
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('design', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('template_designs_pk', ['template_uuid', 'hash'])
    .execute();
  await db.schema
    .createTable('template_versions')
    .addColumn('template_uuid', 'text', (c) =>
      c.notNull().references('templates.uuid').onDelete('cascade'),
    )
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('project_id', 'text', (c) => c.notNull())
    .addColumn('design_hash', 'text', (c) => c.notNull())
    .addColumn('name', 'text')
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('created_by_kind', 'text', (c) => c.notNull())
    .addColumn('created_by_token', 'text')
    .addColumn('thumbnail_key', 'text')
    .addPrimaryKeyConstraint('template_versions_pk', ['template_uuid', 'version'])
    .execute();
  await db.schema
    .createIndex('template_versions_design')
    .on('template_versions')
    .columns(['template_uuid', 'design_hash'])
    .execute();

  // Version 1 of every existing template, in batches by uuid (a large database fits in memory).
  let after = '';
  for (;;) {
    const { rows } = await sql<{
      uuid: string;
      project_id: string;
      design: string;
      width: number;
      height: number;
      thumbnail_key: string | null;
      updated_at: string;
    }>`select uuid, project_id, design, width, height, thumbnail_key, updated_at from templates
        where uuid > ${after} order by uuid limit ${BATCH}`.execute(db);
    if (rows.length === 0) break;
    for (const row of rows) {
      const hash = designHash(row.design);
      await sql`insert into template_designs (template_uuid, hash, design)
        values (${row.uuid}, ${hash}, ${row.design})`.execute(db);
      await sql`insert into template_versions (template_uuid, version, project_id, design_hash,
          name, width, height, created_at, created_by_kind, created_by_token, thumbnail_key)
        values (${row.uuid}, 1, ${row.project_id}, ${hash}, null, ${row.width}, ${row.height},
          ${row.updated_at}, 'migration', null, ${row.thumbnail_key})`.execute(db);
    }
    after = rows[rows.length - 1].uuid;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('template_versions').execute();
  await db.schema.dropTable('template_designs').execute();
  await db.schema.alterTable('templates').dropColumn('published_version').execute();
  await db.schema.alterTable('templates').dropColumn('version').execute();
}
