/** Port: persistence of collections (SQL adapter: `src/store/sql-collection-store.ts`). */
import type { Collection, CollectionPatch, NewCollection } from '../collections.ts';
import type { Page, PageRequest } from '../pagination.ts';

/** Port: persistence of collections (every method is scoped by project). */
export interface CollectionStore {
  /** Every collection of the project, oldest first. */
  listAll(projectId: string): Promise<Collection[]>;
  /** One page of the project's collections, oldest first. */
  listPage(projectId: string, page: PageRequest): Promise<Page<Collection>>;
  /** A collection of the project, or undefined. */
  find(projectId: string, id: string): Promise<Collection | undefined>;
  /** How many templates each of the given collections of the project holds (absent = unknown). */
  templateCounts(projectId: string, ids: string[]): Promise<Map<string, number>>;
  /** Inserts a collection. */
  create(projectId: string, input: NewCollection): Promise<Collection>;
  /** Applies a patch; undefined when the collection is not in the project. */
  update(projectId: string, id: string, patch: CollectionPatch): Promise<Collection | undefined>;
  /** Deletes a collection (its templates stay); false when it is not in the project. */
  delete(projectId: string, id: string): Promise<boolean>;
}
