/**
 * Port: persistence of generated images and PDFs, their render claims, and credits.
 * Rows are the public state (queued → finished | error); the request is stored so any process
 * can render it later. Transfer credentials are never part of a RenderRow: while a row is queued
 * they may be stored beside it encrypted (`sealedTransfer`), and are cleared when it ends.
 */
import type { LayerData } from '../../render/index.ts';
import type { Page, PageRequest } from '../pagination.ts';
import type { RenderListFilter } from './list-filter.ts';

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
  /** Extension: PNG compression effort (docs/rendering.md). */
  png_compression?: 'fast' | 'balanced' | 'small';
}

/** PDF output options as accepted by POST /pdfs. */
export interface PdfModifications {
  filename?: string;
  image_quality?: 'high' | 'medium' | 'low';
  dpi?: 96 | 150 | 300;
  color_mode?: 'rgb' | 'cmyk';
  color_profile?: string;
  /** CMYK PDFs: pure black on K only (`k`, default) or converted (`rich`). */
  black?: 'k' | 'rich';
  bleed?: number;
  crop_marks?: boolean;
  title?: string;
  author?: string;
  lang?: string;
}

/** The document information a merge may set. */
export interface MergeModifications {
  filename?: string;
  title?: string;
  author?: string;
  lang?: string;
}

/** What a job renders, as stored in the row's `request` column. */
export type RenderRequest =
  | { kind: 'image'; template_uuid: string; layers: LayerData; modifications: ImageModifications }
  | {
      kind: 'pdf';
      pages: Array<{ template_uuid: string; layers: LayerData }>;
      modifications: PdfModifications;
    }
  | { kind: 'merge'; urls: string[]; modifications: MergeModifications };

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
  /** What the request asked for that was ignored or could not be done (see render warnings). */
  warnings: string[];
  file_key: string | null;
  /** The retention sweep deleted the finished file (IMPRINT_FILE_RETENTION_DAYS). */
  file_expired: boolean;
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
  /** The transfer credentials encrypted with IMPRINT_SECRET_KEY (TransferSealer), if any. */
  transfer_sealed?: string | null;
  /** Warnings known at creation (request data that will be ignored). */
  warnings?: string[];
}

/** The object an Idempotency-Key created, and the hash of the request it came with. */
export interface KeyedResource {
  hash: string;
  type: ResourceType;
  id: number;
}

/** An Idempotency-Key to record with a new row; keys created before `notBefore` have expired. */
export interface NewIdempotencyKey {
  key: string;
  hash: string;
  notBefore: string;
}

/**
 * What insert did: the new row; nothing because its credits exceed what the limit leaves; or
 * nothing because its Idempotency-Key already names an object (`replay`).
 */
export type InsertResult =
  | { row: RenderRow }
  | { overLimit: { limit: number; left: number; used: number } }
  | { replay: KeyedResource };

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
  /**
   * Inserts a queued row; with `claim` the row starts claimed by that owner (create_now,
   * in-memory transfers). When the project has a credit limit, checking what is left and
   * inserting are one atomic step (the project's limit row is locked meanwhile), so concurrent
   * creations in any number of processes never admit more than the limit. With `key`, recording
   * the key and inserting the row are one atomic step too: of any number of concurrent inserts
   * with one project's key, one inserts and the others get `replay` with its resource.
   */
  insert(
    type: ResourceType,
    row: NewRenderRow,
    claim?: ClaimOptions,
    key?: NewIdempotencyKey,
  ): Promise<InsertResult>;
  /** The object a project's key created at or after `notBefore` (ISO), if any. */
  findIdempotencyKey(
    projectId: string,
    key: string,
    notBefore: string,
  ): Promise<KeyedResource | undefined>;
  /** Deletes keys created before `before` (ISO); returns how many. */
  pruneIdempotencyKeys(before: string): Promise<number>;
  /** The encrypted transfer credentials of a queued row, or null (none, or the row ended). */
  sealedTransfer(type: ResourceType, id: number): Promise<string | null>;
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
  markFinished(
    type: ResourceType,
    id: number,
    fileKey: string,
    warnings?: string[],
  ): Promise<RenderRow | undefined>;
  /**
   * queued → error with messages, only if still queued and not deleted; as markFinished. Both,
   * and markDeleted, clear the row's sealed transfer credentials in the same statement. Stores
   * the messages as storedErrors() caps them (the first 20 and a count of the rest).
   */
  markError(type: ResourceType, id: number, errors: string[]): Promise<RenderRow | undefined>;
  /** Soft-deletes a project's row; returns it as it was, or undefined when absent. */
  markDeleted(type: ResourceType, projectId: string, id: number): Promise<RenderRow | undefined>;
  /**
   * Sets what a queued row costs (a merge, once its pages are counted); false when the row is no
   * longer queued or was deleted.
   */
  setCredits(type: ResourceType, id: number, credits: number): Promise<boolean>;
  /**
   * Removes a row for good (a creation refused after insert, e.g. the queue was down), and the
   * Idempotency-Key that named it, so the retry creates it again.
   */
  remove(type: ResourceType, id: number): Promise<void>;
  /** Queued rows whose claim expired (their process died), oldest first. */
  expiredClaims(
    limit: number,
  ): Promise<Array<{ type: ResourceType; id: number; project_id: string; claim_until: string }>>;
  /** Queued rows with a claim (valid or not), for finding those of dead processes. */
  claimedQueued(limit: number): Promise<
    Array<{
      type: ResourceType;
      id: number;
      project_id: string;
      claimed_by: string;
      claim_until: string;
    }>
  >;
  /** Queued rows never claimed, oldest first (re-enqueued at start in case an enqueue was lost). */
  unclaimedQueued(
    limit: number,
  ): Promise<Array<{ type: ResourceType; id: number; project_id: string }>>;
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
  /** Which of these stored keys a live (not deleted) image or PDF row still names. */
  liveFileKeys(keys: string[]): Promise<Set<string>>;
  /**
   * Up to `limit` finished rows whose file is older than `before` (ISO time): marks them
   * file_expired, forgets their file_key and returns the keys, whose objects the caller deletes.
   */
  expireFiles(before: string, limit: number): Promise<string[]>;
}
