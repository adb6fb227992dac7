/**
 * Port: the rows of uploaded media (SQL adapter: `src/store/sql-media-store.ts`); the bytes live in
 * BlobStorage.
 */
import type { MediaRecord } from '../media.ts';

/** Port: the media rows. */
export interface MediaStore {
  /** Records a stored file. */
  insert(row: MediaRecord): Promise<void>;
  /** Up to `limit` rows whose expires_at is at or before `now`, soonest first. */
  listExpired(now: string, limit: number): Promise<MediaRecord[]>;
  /** Removes rows by id (missing ids are ignored). */
  delete(ids: string[]): Promise<void>;
}
