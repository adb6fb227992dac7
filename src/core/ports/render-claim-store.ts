/** Port: render claims, the leases that keep two processes from rendering one row at once. */
import type { ClaimOptions, ClaimResult, ResourceType } from '../generation/render-row.ts';

/** A queued row as recovery sees it. */
export interface QueuedRowRef {
  type: ResourceType;
  id: number;
  project_id: string;
}

/** A queued row with a claim: who holds it, and until when. */
export interface ClaimedRowRef extends QueuedRowRef {
  claimed_by: string;
  claim_until: string;
}

/** Claims on queued rows: take, renew, and find those whose owner is gone. */
export interface RenderClaimStore {
  /**
   * Claims a queued row unless another owner's claim is still valid; `takeOverFrom` names an
   * owner known to be dead whose claim may be taken at once.
   */
  claim(
    type: ResourceType,
    id: number,
    claim: ClaimOptions,
    takeOverFrom?: string,
  ): Promise<ClaimResult>;
  /** Extends every claim this owner holds on queued rows. */
  renewClaims(claim: ClaimOptions): Promise<void>;
  /** Queued rows whose claim expired (their process died), oldest first. */
  expiredClaims(limit: number): Promise<ClaimedRowRef[]>;
  /** Queued rows with a claim (valid or not), for finding those of dead processes. */
  claimedQueued(limit: number): Promise<ClaimedRowRef[]>;
  /** Queued rows never claimed, oldest first (re-enqueued at start in case an enqueue was lost). */
  unclaimedQueued(limit: number): Promise<QueuedRowRef[]>;
}
