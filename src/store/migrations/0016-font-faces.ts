/**
 * Font families: every font gains the `weight` (OS/2 weight class) and `style` (normal, italic,
 * oblique) of its face, and `family` becomes the typographic family (name ID 16, else ID 1), so
 * "Roboto Light" groups with "Roboto". Existing rows are backfilled here, once, from their stored
 * bytes: the reader (core/font-face-info.ts) reads three small tables with bounded sizes, so it is
 * safe in a migration, and afterwards every row is complete and no read path needs a fallback.
 */
import type { Kysely } from 'kysely';
import { readFontFaceInfo } from '../../core/font-face-info.ts';

interface Db {
  fonts: { uuid: string; family: string; weight: number; style: string };
  font_files: { font_uuid: string; data: Uint8Array };
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('fonts')
    .addColumn('weight', 'integer', (c) => c.notNull().defaultTo(400))
    .execute();
  await db.schema
    .alterTable('fonts')
    .addColumn('style', 'text', (c) => c.notNull().defaultTo('normal'))
    .execute();
  const typed = db as unknown as Kysely<Db>;
  const uuids = await typed.selectFrom('fonts').select('uuid').orderBy('uuid').execute();
  // One font's bytes at a time: a project's fonts can add up to far more than one file.
  for (const { uuid } of uuids) {
    const file = await typed
      .selectFrom('font_files')
      .select('data')
      .where('font_uuid', '=', uuid)
      .executeTakeFirst();
    if (!file) continue;
    const face = readFontFaceInfo(Buffer.from(file.data));
    await typed
      .updateTable('fonts')
      .set({
        weight: face.weight,
        style: face.style,
        // Keep the stored family when the file names none (it came from the same file).
        ...(face.family ? { family: face.family } : {}),
      })
      .where('uuid', '=', uuid)
      .execute();
  }
  await db.schema
    .createIndex('fonts_project_family')
    .on('fonts')
    .columns(['project_id', 'family'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('fonts_project_family').execute();
  await db.schema.alterTable('fonts').dropColumn('style').execute();
  await db.schema.alterTable('fonts').dropColumn('weight').execute();
}
