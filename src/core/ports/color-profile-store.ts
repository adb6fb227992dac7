/** Port: imported ICC profiles (SQL adapter: `src/store/sql-color-profile-store.ts`). */
import type { ImportedProfileInfo } from '../color-profiles.ts';

/** Port: the imported profiles, in the database. */
export interface ColorProfileStore {
  /** Stores `data` under `info.name`, replacing a profile of that name. */
  put(info: ImportedProfileInfo, data: Buffer): Promise<void>;
  /** Every imported profile, without its bytes. */
  list(): Promise<ImportedProfileInfo[]>;
  /** False when no profile had that name. */
  remove(name: string): Promise<boolean>;
  /** The bytes of the profile imported under `name`, if any (cached per process). */
  load(name: string): Promise<Buffer | undefined>;
}
