/**
 * Port: persistence of generated images and PDFs, their render claims, and credits.
 * Rows are the public state (queued → finished | error); the request is stored so any process
 * can render it later. Transfer credentials are never part of a row.
 */
import type { LayerData } from '../../render/types.ts';

/** Which table: images or PDFs (their ids are separate sequences, as in Placid). */
export type ResourceType = 'image' | 'pdf';

/** Public status of an image or PDF. */
export type RenderStatus = 'queued' | 'finished' | 'error';

/** Image output options as accepted by POST /images. */
export interface ImageModifications {
  width?: number;
  height?: number;
  filename?: string;
  image_format?: 'auto' | 'jpg' | 'png' | 'webp';
  dpi?: 72 | 150 | 300;
  color_mode?: 'rgb' | 'cmyk';
}

/** PDF output options as accepted by POST /pdfs. */
export interface PdfModifications {
  filename?: string;
  image_quality?: 'high' | 'medium' | 'low';
  dpi?: 96 | 150 | 300;
  color_mode?: 'rgb' | 'cmyk';
  color_profile?: string;
}

/** What a job renders, as stored in the row's `request` column. */
export type RenderRequest =
  | { kind: 'image'; template_uuid: string; layers: LayerData; modifications: ImageModifications }
  | {
      kind: 'pdf';
      pages: Array<{ template_uuid: string; layers: LayerData }>;
      modifications: PdfModifications;
    }
  | { kind: 'merge'; urls: string[]; modifications: { filename?: string } };

/** One image or PDF row, parsed. */
export interface RenderRow {
  type: ResourceType;
  id: number;
  project_id: string;
  status: RenderStatus;
  request: RenderRequest;
  /** `undefined` when the request had no passthrough; otherwise the value exactly as given. */
  passthrough: unknown;
  webhook_success: string | null;
  webhook_error: string | null;
  errors: string[];
  file_key: string | null;
  test_mode: boolean;
  /** What the row costs (charged once, when it finishes; 0 in test mode). */
  credits: number;
  has_transfer: boolean;
  /** The process rendering the row (see ClaimOptions), or null. */
  claimed_by: string | null;
  created_at: string;
  updated_at: string;
}

/** The fields a creation call supplies. */
export interface NewRenderRow {
  project_id: string;
  request: RenderRequest;
  passthrough: unknown;
  webhook_success: string | null;
  webhook_error: string | null;
  test_mode: boolean;
  credits: number;
  has_transfer: boolean;
}

/** A claim on a row: which process renders it and for how long before others may take over. */
export interface ClaimOptions {
  owner: string;
  leaseMs: number;
}

/** Result of trying to claim a row for rendering. */
export type ClaimResult = 'claimed' | 'held' | 'gone';

/** Credits of a project: charged so far and held by queued rows. */
export interface CreditUsage {
  used: number;
  reserved: number;
}

/** Port: images/PDFs rows, claims and the credit ledger. */
export interface GenerationRepository {
  /** Inserts a queued row; with `claim` the row starts claimed by that owner (create_now, transfers). */
  insert(type: ResourceType, row: NewRenderRow, claim?: ClaimOptions): Promise<RenderRow>;
  /** A row that is not deleted, of any project (for the job runner). */
  find(type: ResourceType, id: number): Promise<RenderRow | undefined>;
  /** A row of one project that is not deleted. */
  findForProject(type: ResourceType, projectId: string, id: number): Promise<RenderRow | undefined>;
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
  /**
   * queued → finished with the stored file, only if still queued and not deleted, and in the same
   * transaction charges the row's credits (unless test mode or free) as `charge` would, so its
   * credits are always either reserved or used. Returns the row as it is now, or undefined when
   * it was not changed.
   */
  markFinished(type: ResourceType, id: number, fileKey: string): Promise<RenderRow | undefined>;
  /** queued → error with messages, only if still queued and not deleted; as markFinished. */
  markError(type: ResourceType, id: number, errors: string[]): Promise<RenderRow | undefined>;
  /** Soft-deletes a project's row; returns it as it was, or undefined when absent. */
  markDeleted(type: ResourceType, projectId: string, id: number): Promise<RenderRow | undefined>;
  /** Removes a row for good (a creation refused after insert, e.g. over the credit limit). */
  remove(type: ResourceType, id: number): Promise<void>;
  /** Queued rows whose claim expired (their process died), oldest first. */
  expiredClaims(
    limit: number,
  ): Promise<Array<{ type: ResourceType; id: number; claim_until: string }>>;
  /** Queued rows with a claim (valid or not), for finding those of dead processes. */
  claimedQueued(
    limit: number,
  ): Promise<Array<{ type: ResourceType; id: number; claimed_by: string; claim_until: string }>>;
  /** Queued rows never claimed, oldest first (re-enqueued at start in case an enqueue was lost). */
  unclaimedQueued(limit: number): Promise<Array<{ type: ResourceType; id: number }>>;
  /** Records the charge of a resource once; later calls for the same resource do nothing. */
  charge(entry: {
    projectId: string;
    type: ResourceType;
    id: number;
    credits: number;
  }): Promise<void>;
  /** Credits charged to a project and held by its queued rows. */
  usage(projectId: string): Promise<CreditUsage>;
  /** The project's credit limit, or null when unlimited. */
  getCreditLimit(projectId: string): Promise<number | null>;
  /** Sets (a number) or removes (null) the project's credit limit. */
  setCreditLimit(projectId: string, limit: number | null): Promise<void>;
}
