/**
 * What the composition root (main.ts) hands to generation: the real adapters (SQL stores, the
 * render thread pool, the asset fetcher, blob storage, the S3 transfer, the webhook service and
 * the job queue) and the settings. Each part of generation (intake, claims, execution,
 * settlement) takes only the members it uses (see their `…Deps` types).
 */
import type { FontSource, Design } from '../../render/index.ts';
import type { BlobStorage } from '../ports/blob-storage.ts';
import type { Transfer } from '../../storage/transfer/transfer.ts';
import type { JobQueue } from '../ports/job-queue.ts';
import type { Template } from '../templates.ts';
import type { FontInspector } from '../ports/font-inspector.ts';
import type { WebhookRequest } from '../webhooks.ts';
import type { GenerationStores } from '../ports/generation-stores.ts';
import type { Renderer } from '../ports/renderer.ts';
import type { AssetSource } from '../ports/asset-source.ts';
import type { Metrics } from '../ports/metrics.ts';
import type { ColorProfileStore } from '../ports/color-profile-store.ts';
import type { DestinationCheck } from './validate-request.ts';
import type { VideoSetup } from './video-setup.ts';

/** Minimal log interface (pino-compatible) for failures a client never sees in full. */
export interface GenerationLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/** The ports and settings of the generation service. */
export interface GenerationDeps {
  /** Rows, claims, credit ledger, file retention and Idempotency-Keys. */
  stores: GenerationStores;
  /**
   * The design a render draws: with `version`, that version (undefined when the template does
   * not have it), else the published version, else the latest; `version` of the answer says
   * which one it is.
   */
  templates: {
    getDesign(
      projectId: string,
      uuid: string,
      version?: number,
    ): Promise<{ template: Template; design: Design; version?: number } | undefined>;
  };
  fonts: { loadFontSources(projectId: string, uuids: string[]): Promise<FontSource[]> };
  /** ICC profiles imported for the color_profile names Imprint does not ship; none when absent. */
  colorProfiles?: Pick<ColorProfileStore, 'load'>;
  /** Re-reads stored fonts in isolation before a render thread registers them (once per font). */
  fontInspector: FontInspector;
  assets: AssetSource;
  renderer: Renderer;
  storage: BlobStorage;
  /** Copies a file to the caller's bucket; throws an Error whose message is safe to show. */
  transfer(t: Transfer, bytes: Buffer, contentType: string): Promise<void>;
  webhooks: { enqueue(d: WebhookRequest): Promise<void> };
  /**
   * Why the outbound policy will refuse to contact a URL (webhook receivers, transfer endpoints),
   * or null; asked at creation so such a request is a 422. Absent: nothing is checked early.
   */
  refusedDestination?: DestinationCheck;
  queue: Pick<JobQueue, 'enqueue'>;
  /** IMPRINT_PUBLIC_URL: base of polling and file URLs. */
  publicUrl: string;
  /** IMPRINT_FILES_BASE_URL: file URLs point there instead of the API's /files route. */
  filesBaseUrl?: string | null;
  /**
   * IMPRINT_SECRET_KEY: transfer credentials are sealed with it and travel with their job to any
   * process; null keeps them in the accepting process's memory.
   */
  secretKey?: string | null;
  /**
   * Without a secret key, whether a transfer may be held in memory and rendered by the process
   * that accepted it (one process that runs its own jobs); false answers 503 instead.
   */
  inMemoryTransfers: boolean;
  /** Most create_now renders at once in this process (IMPRINT_CREATE_NOW_LIMIT). */
  createNowLimit: number;
  /** Jobs in their render stage at once in this process (render threads × 2); default 4. */
  renderSlots?: number;
  /** Pixels the renders of this process may hold at once (IMPRINT_RENDER_MAX_PIXELS_IN_FLIGHT). */
  maxPixelsInFlight: number;
  /** Most pages of a merged PDF (IMPRINT_MERGE_MAX_PAGES). */
  mergeMaxPages: number;
  /** Most distinct picture and SVG URLs one image or PDF downloads (IMPRINT_MAX_ASSETS_PER_JOB). */
  maxAssetsPerJob: number;
  log?: GenerationLog;
  /** Counts the credits charged when a render finishes (the metrics port). */
  metrics?: Pick<Metrics, 'creditsCharged'>;
  /** Videos (POST /videos): composer, downloader and limits; absent: POST /videos answers 503. */
  video?: VideoSetup;
  /** How long a render claim lasts without renewal (default 20 s); tests shorten it. */
  claimLeaseMs?: number;
}
