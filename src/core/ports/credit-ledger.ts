/** Port: how rows end, and the credits they cost (charged once, when a row finishes). */
import type { CreditUsage, RenderRow, ResourceType } from '../generation/render-row.ts';

/** One resource's charge. */
export interface ChargeEntry {
  projectId: string;
  type: ResourceType;
  id: number;
  credits: number;
}

/** Ends rows and keeps the project's credits: charged, reserved by queued rows, and the limit. */
export interface CreditLedger {
  /**
   * queued → finished with the stored file, only if still queued and not deleted, and in the same
   * statement charges the row's credits (unless test mode or free), so its credits are always
   * either reserved or used. Returns the row as it is now, or undefined when it was not changed.
   */
  markFinished(
    type: ResourceType,
    id: number,
    fileKey: string,
    warnings?: string[],
  ): Promise<RenderRow | undefined>;
  /**
   * queued → error with messages, only if still queued and not deleted (its reserved credits are
   * released); clears the sealed transfer in the same statement. Stores the messages as
   * storedErrors() caps them (the first 20 and a count of the rest).
   */
  markError(type: ResourceType, id: number, errors: string[]): Promise<RenderRow | undefined>;
  /** Records the charge of a resource once; later calls for the same resource do nothing. */
  charge(entry: ChargeEntry): Promise<void>;
  /**
   * Sets what a queued row costs (a merge, once its pages are counted); false when the row is no
   * longer queued or was deleted.
   */
  setCredits(type: ResourceType, id: number, credits: number): Promise<boolean>;
  /** Credits charged to a project and held by its queued rows (one snapshot). */
  usage(projectId: string): Promise<CreditUsage>;
  /** The project's credit limit, or null when unlimited. */
  getCreditLimit(projectId: string): Promise<number | null>;
  /** Sets (a number) or removes (null) the project's credit limit. */
  setCreditLimit(projectId: string, limit: number | null): Promise<void>;
}
