/** Kysely implementation of the MediaStore port (table `media`). */
import type { MediaRecord } from '../core/media.ts';
import type { MediaStore } from '../core/ports/media-store.ts';
import type { Database } from './database.ts';

/** Media rows in SQLite or PostgreSQL. */
export class SqlMediaStore implements MediaStore {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async insert(row: MediaRecord): Promise<void> {
    await this.db.insertInto('media').values(row).execute();
  }

  async listExpired(now: string, limit: number): Promise<MediaRecord[]> {
    const rows = await this.db
      .selectFrom('media')
      .selectAll()
      .where('expires_at', '<=', now)
      .orderBy('expires_at')
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, size_bytes: Number(r.size_bytes) }));
  }

  async delete(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.deleteFrom('media').where('id', 'in', ids).execute();
  }
}
