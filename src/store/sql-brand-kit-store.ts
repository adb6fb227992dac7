/** Kysely implementation of the BrandKitStore port: one `brand_kits` row per project. */
import type { BrandKit, StoredBrandKit } from '../core/brand-kit.ts';
import type { BrandKitStore } from '../core/ports/brand-kit-store.ts';
import type { Database } from './database.ts';
import { monotonicNow } from './monotonic-now.ts';

/** Brand kits in the SQL database (colours and fonts as JSON text). */
export class SqlBrandKitStore implements BrandKitStore {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async get(projectId: string): Promise<StoredBrandKit | undefined> {
    const row = await this.db
      .selectFrom('brand_kits')
      .select(['colors', 'fonts', 'updated_at'])
      .where('project_id', '=', projectId)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      colors: JSON.parse(row.colors) as BrandKit['colors'],
      fonts: JSON.parse(row.fonts) as BrandKit['fonts'],
      updated_at: row.updated_at,
    };
  }

  async put(projectId: string, kit: BrandKit): Promise<StoredBrandKit> {
    const row = {
      project_id: projectId,
      colors: JSON.stringify(kit.colors),
      fonts: JSON.stringify(kit.fonts),
      updated_at: monotonicNow(),
    };
    await this.db
      .insertInto('brand_kits')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('project_id')
          .doUpdateSet({ colors: row.colors, fonts: row.fonts, updated_at: row.updated_at }),
      )
      .execute();
    return { colors: kit.colors, fonts: kit.fonts, updated_at: row.updated_at };
  }
}
