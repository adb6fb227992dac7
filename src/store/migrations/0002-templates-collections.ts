/** Templates (with their design document and tags) and collections of templates. */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  // Sorting by title must give the same order on both databases: code-point order ("C").
  const keyType = isPostgres(db) ? sql`text collate "C"` : sql`text`;
  await db.schema
    .createTable('templates')
    .addColumn('uuid', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('title_key', keyType, (c) => c.notNull().defaultTo(''))
    .addColumn('width', 'integer', (c) => c.notNull())
    .addColumn('height', 'integer', (c) => c.notNull())
    .addColumn('tags', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('custom_data', 'text')
    .addColumn('design', 'text', (c) => c.notNull())
    .addColumn('thumbnail', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  for (const col of ['created_at', 'updated_at', 'title_key']) {
    await db.schema
      .createIndex(`templates_project_${col}`)
      .on('templates')
      .columns(['project_id', col, 'uuid'])
      .execute();
  }
  await db.schema
    .createTable('template_tags')
    .addColumn('template_uuid', 'text', (c) =>
      c.notNull().references('templates.uuid').onDelete('cascade'),
    )
    .addColumn('tag', 'text', (c) => c.notNull())
    .addColumn('tag_key', keyType, (c) => c.notNull())
    .addPrimaryKeyConstraint('template_tags_pk', ['template_uuid', 'tag_key'])
    .execute();
  await db.schema
    .createIndex('template_tags_tag_key')
    .on('template_tags')
    .columns(['tag_key'])
    .execute();

  await db.schema
    .createTable('collections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('custom_data', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('collections_project_created_at')
    .on('collections')
    .columns(['project_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createTable('collection_templates')
    .addColumn('collection_id', 'text', (c) =>
      c.notNull().references('collections.id').onDelete('cascade'),
    )
    .addColumn('template_uuid', 'text', (c) =>
      c.notNull().references('templates.uuid').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('collection_templates_pk', ['collection_id', 'template_uuid'])
    .execute();
  await db.schema
    .createIndex('collection_templates_template')
    .on('collection_templates')
    .columns(['template_uuid'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('collection_templates').execute();
  await db.schema.dropTable('collections').execute();
  await db.schema.dropTable('template_tags').execute();
  await db.schema.dropTable('templates').execute();
}
