/** Kysely adapter of the FileRetentionStore port: the files image and PDF rows name. */
import type { FileRetentionStore } from '../core/ports/file-retention-store.ts';
import type { Database } from './database.ts';
import { TABLE, TYPES } from './render-row-sql.ts';

/** File keys of image and PDF rows in the SQL database. */
export class SqlFileRetentionStore implements FileRetentionStore {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  async liveFileKeys(keys: string[]): Promise<Set<string>> {
    const live = new Set<string>();
    if (keys.length === 0) return live;
    for (const type of TYPES) {
      const rows = await this.db
        .selectFrom(TABLE[type])
        .select('file_key')
        .where('file_key', 'in', keys)
        .where('deleted_at', 'is', null)
        .execute();
      for (const r of rows) if (r.file_key) live.add(r.file_key);
    }
    return live;
  }

  async expireFiles(before: string, limit: number): Promise<string[]> {
    const keys: string[] = [];
    for (const type of TYPES) {
      const due = await this.db
        .selectFrom(TABLE[type])
        .select(['id', 'file_key'])
        .where('status', '=', 'finished')
        .where('file_key', 'is not', null)
        .where('deleted_at', 'is', null)
        .where('updated_at', '<', before)
        .limit(limit)
        .execute();
      for (const r of due) {
        // Only the process that clears the key reports it, so two sweeps never both count one.
        const res = await this.db
          .updateTable(TABLE[type])
          .set({ file_key: null, file_expired: 1 })
          .where('id', '=', r.id)
          .where('file_key', '=', r.file_key)
          .executeTakeFirst();
        if (Number(res.numUpdatedRows) > 0 && r.file_key) keys.push(r.file_key);
      }
    }
    return keys;
  }
}
