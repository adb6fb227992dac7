/** Port: the image and PDF rows themselves (intake inserts them, everyone reads them). */
import type { Page, PageRequest } from '../pagination.ts';
import type { RenderListFilter } from '../generation/list-filter.ts';
import type {
  ClaimOptions,
  InsertResult,
  NewIdempotencyKey,
  NewRenderRow,
  RenderRow,
  ResourceType,
} from '../generation/render-row.ts';

/** The rows of images and PDFs, scoped by project where a client asks. */
export interface RenderRowStore {
  /**
   * Inserts a queued row in one step; with `claim` the row starts claimed by that owner
   * (create_now, in-memory transfers). `creditLimit` is the project's limit as the caller read it
   * with its token (undefined: not read yet): when there is one, checking what is left and
   * inserting are one atomic step (the limit row is locked meanwhile), so concurrent creations in
   * any number of processes never admit more than the limit. With `key`, recording the key and
   * inserting are one atomic step too: of concurrent inserts with one project's key, one inserts
   * and the others get `replay` with its resource.
   */
  insert(
    type: ResourceType,
    row: NewRenderRow,
    how?: { claim?: ClaimOptions; key?: NewIdempotencyKey; creditLimit?: number | null },
  ): Promise<InsertResult>;
  /** A row that is not deleted, of any project (for the job runner). */
  find(type: ResourceType, id: number): Promise<RenderRow | undefined>;
  /** A row of one project that is not deleted. */
  findForProject(type: ResourceType, projectId: string, id: number): Promise<RenderRow | undefined>;
  /** One page of a project's rows that are not deleted, newest first (created_at, then id). */
  list(
    type: ResourceType,
    projectId: string,
    filter: RenderListFilter,
    page: PageRequest,
  ): Promise<Page<RenderRow>>;
  /** Soft-deletes a project's row and clears its sealed transfer; returns it as it was. */
  markDeleted(type: ResourceType, projectId: string, id: number): Promise<RenderRow | undefined>;
  /**
   * Removes a row for good (a creation refused after insert, e.g. the queue was down), and the
   * Idempotency-Key that named it, so the retry creates it again.
   */
  remove(type: ResourceType, id: number): Promise<void>;
  /** The encrypted transfer credentials of a queued row, or null (none, or the row ended). */
  sealedTransfer(type: ResourceType, id: number): Promise<string | null>;
}
