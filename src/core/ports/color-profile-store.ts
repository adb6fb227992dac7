/** Port: imported ICC profiles (SQL adapter: `src/store/sql-color-profile-store.ts`). */
import type { ImportedProfileInfo } from '../color-profiles.ts';

/** The stored profiles (database adapter: store/color-profile-repository.ts). */
export interface ColorProfileStore {
  /** Stores `data` under `info.name`, replacing a profile of that name. */
  put(info: ImportedProfileInfo, data: Buffer): Promise<void>;
  list(): Promise<ImportedProfileInfo[]>;
  /** False when no profile had that name. */
  remove(name: string): Promise<boolean>;
  /** The bytes of the profile imported under `name`, if any (cached per process). */
  load(name: string): Promise<Buffer | undefined>;
}
