/**
 * Migration 0016 backfills the weight and style of fonts stored before it, from their bytes, and
 * regroups them by typographic family (name ID 16): "DejaVu Sans Light" joins "DejaVu Sans".
 */
import { after, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import type { Kysely } from 'kysely';
import { openDatabase } from '../../src/store/database.ts';
import { migrateTo, migrateToLatest } from '../../src/store/migrations/index.ts';
import { SqlProjectStore } from '../../src/store/sql-project-store.ts';
import { freshDatabase, testDbKinds } from '../helpers/databases.ts';
import { dejavuFile } from '../render/text/text-test-kit.ts';

for (const { kind, skip } of testDbKinds()) {
  describe(`font faces migration on ${kind}`, { skip }, () => {
    const cleanups: Array<() => Promise<void>> = [];
    after(async () => {
      for (const c of cleanups.reverse()) await c();
    });

    it('backfills weight, style and the typographic family of stored fonts', async () => {
      const fresh = await freshDatabase(kind);
      const db = openDatabase(fresh.target);
      cleanups.push(fresh.drop, () => db.destroy());
      // 0003: the fonts table as it was before faces (later migrations touch no font).
      await migrateTo(db, '0003-fonts');
      const projects = new SqlProjectStore(db);
      const account = await projects.createAccount('A');
      const project = await projects.createProject(account.id, 'One');
      const rows: Array<[string, string, string]> = [
        ['fbold', 'DejaVuSans-Bold.ttf', 'DejaVu Sans'],
        ['flight', 'DejaVuSans-ExtraLight.ttf', 'DejaVu Sans Light'],
        ['fital', 'DejaVuSerif-Italic.ttf', 'DejaVu Serif'],
        ['fjunk', '', 'Kept Family'],
      ];
      const raw = db as unknown as Kysely<Record<string, Record<string, unknown>>>;
      for (const [uuid, file, family] of rows) {
        const data = file ? fs.readFileSync(dejavuFile(file)) : Buffer.from('not a font at all');
        await raw
          .insertInto('fonts')
          .values({
            uuid,
            project_id: project.id,
            account_id: account.id,
            title: uuid,
            filename: file || 'junk.ttf',
            format: 'ttf',
            family,
            size_bytes: data.length,
            created_at: new Date().toISOString(),
          })
          .execute();
        await raw.insertInto('font_files').values({ font_uuid: uuid, data }).execute();
      }
      await migrateToLatest(db);
      const got = await db
        .selectFrom('fonts')
        .select(['uuid', 'family', 'weight', 'style'])
        .orderBy('uuid')
        .execute();
      assert.deepEqual(got, [
        { uuid: 'fbold', family: 'DejaVu Sans', weight: 700, style: 'normal' },
        { uuid: 'fital', family: 'DejaVu Serif', weight: 400, style: 'italic' },
        // A file the reader cannot read keeps its family and counts as a regular face.
        { uuid: 'fjunk', family: 'Kept Family', weight: 400, style: 'normal' },
        { uuid: 'flight', family: 'DejaVu Sans', weight: 200, style: 'normal' },
      ]);
    });
  });
}
