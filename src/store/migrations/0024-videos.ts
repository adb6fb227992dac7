/**
 * Videos (POST /api/rest/videos): a third table of generated files, with the columns images and
 * PDFs have after migrations 0006–0021 (their own id sequence, as in Placid), the same list
 * indexes, and the same charge-on-finish trigger, so a video's credits are charged by the
 * statement that finishes it, exactly once.
 */
import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../database.ts';

export async function up(db: Kysely<unknown>): Promise<void> {
  const pg = isPostgres(db);
  await db.schema
    .createTable('videos')
    .addColumn('id', pg ? 'serial' : 'integer', (c) =>
      pg ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('project_id', 'text', (c) => c.notNull().references('projects.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('passthrough', 'text')
    .addColumn('webhook_success', 'text')
    .addColumn('webhook_error', 'text')
    .addColumn('errors', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('file_key', 'text')
    .addColumn('file_expired', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('warnings', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('test_mode', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('has_transfer', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('transfer_sealed', 'text')
    .addColumn('claimed_by', 'text')
    .addColumn('claim_until', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema
    .createIndex('videos_status_idx')
    .on('videos')
    .columns(['status', 'claim_until'])
    .execute();
  await db.schema.createIndex('videos_file_key_idx').on('videos').column('file_key').execute();
  await db.schema
    .createIndex('videos_project_created_idx')
    .on('videos')
    .columns(['project_id', 'created_at', 'id'])
    .execute();
  await db.schema
    .createIndex('videos_project_status_created_idx')
    .on('videos')
    .columns(['project_id', 'status', 'created_at', 'id'])
    .execute();
  // The expression of render-listing.ts's passthrough filter (see migration 0020).
  await sql`create index videos_project_passthrough_idx on videos (project_id, substr(passthrough, 1, 200), created_at)`.execute(
    db,
  );
  if (pg) {
    // The function of migration 0021 takes the resource type as its argument.
    await sql`create trigger videos_charge_on_finish after update of status
      on videos for each row
      when (old.status = 'queued' and new.status = 'finished' and new.test_mode = 0
        and new.credits > 0)
      execute function render_row_charge_on_finish('video')`.execute(db);
  } else {
    await sql`create trigger videos_charge_on_finish after update of status
      on videos for each row
      when old.status = 'queued' and new.status = 'finished' and new.test_mode = 0
        and new.credits > 0
      begin
        insert into credit_ledger (id, project_id, resource_type, resource_id, credits, created_at)
          values ('video:' || new.id, new.project_id, 'video', new.id, new.credits,
            new.updated_at)
          on conflict (resource_type, resource_id) do nothing;
      end`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists videos_charge_on_finish${isPostgres(db) ? sql` on videos` : sql``}`.execute(
    db,
  );
  await db.schema.dropTable('videos').execute();
}
