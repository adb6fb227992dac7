/**
 * Kysely implementation of the ColorProfileStore port: imported ICC profiles in
 * `color_profiles`. A render loads its profile by name; the bytes are kept per process and read
 * again only when the stored hash changes (a re-import), so a PDF costs one small query.
 */
import { LRUCache } from 'lru-cache';
import { lruStats, type CacheStats } from '../core/cache-stats.ts';
import type { ColorProfileStore } from '../core/ports/color-profile-store.ts';
import type { ImportedProfileInfo } from '../core/color-profiles.ts';
import type { Database } from './database.ts';

/** Budget of the cache of imported profiles' bytes. */
export const COLOR_PROFILE_CACHE_BYTES = 32 * 1024 * 1024;

const INFO = ['name', 'description', 'color_space', 'size_bytes', 'sha256', 'created_at'] as const;

/** Imported colour profiles in the SQL database. */
export class SqlColorProfileStore implements ColorProfileStore {
  /** Profiles are 0.5–2 MB; a handful are imported. Bounded all the same. */
  private readonly bytes = new LRUCache<string, { sha256: string; data: Buffer }>({
    maxSize: COLOR_PROFILE_CACHE_BYTES,
    sizeCalculation: (p) => Math.max(1, p.data.length),
  });

  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  /** Size of the profile bytes cache (GET /metrics). */
  cacheStats(): CacheStats {
    return lruStats(this.bytes);
  }

  async put(info: ImportedProfileInfo, data: Buffer): Promise<void> {
    const row = { ...info, data };
    await this.db
      .insertInto('color_profiles')
      .values(row)
      .onConflict((oc) => oc.column('name').doUpdateSet(row))
      .execute();
  }

  async list(): Promise<ImportedProfileInfo[]> {
    return this.db.selectFrom('color_profiles').select(INFO).orderBy('name').execute();
  }

  async remove(name: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('color_profiles')
      .where('name', '=', name)
      .executeTakeFirst();
    this.bytes.delete(name);
    return Number(result.numDeletedRows) > 0;
  }

  async load(name: string): Promise<Buffer | undefined> {
    const head = await this.db
      .selectFrom('color_profiles')
      .select('sha256')
      .where('name', '=', name)
      .executeTakeFirst();
    if (!head) {
      this.bytes.delete(name);
      return undefined;
    }
    const known = this.bytes.get(name);
    if (known?.sha256 === head.sha256) return known.data;
    const row = await this.db
      .selectFrom('color_profiles')
      .select(['sha256', 'data'])
      .where('name', '=', name)
      .executeTakeFirst();
    if (!row) return undefined;
    const data = Buffer.from(row.data);
    this.bytes.set(name, { sha256: row.sha256, data });
    return data;
  }
}
