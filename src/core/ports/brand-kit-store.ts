/** Port: each project's brand kit (SQL adapter: `src/store/sql-brand-kit-store.ts`). */
import type { BrandKit, StoredBrandKit } from '../brand-kit.ts';

/** Port: brand kits in the database, one per project. */
export interface BrandKitStore {
  /** The project's kit, or undefined when it never saved one. */
  get(projectId: string): Promise<StoredBrandKit | undefined>;
  /** Replaces the project's kit (creates it the first time); resolves with what was stored. */
  put(projectId: string, kit: BrandKit): Promise<StoredBrandKit>;
}
