/**
 * The image and PDF rows of generation: what a request asks for, as stored, and the row's public
 * state (queued → finished | error). Transfer credentials are never part of a RenderRow: while a
 * row is queued they may be stored beside it encrypted (`sealedTransfer`), and are cleared when it
 * ends. The stores that keep these rows are ports in src/core/ports/.
 */
import type { LayerData } from '../../render/index.ts';

/** Which table: images, PDFs or videos (their ids are separate sequences, as in Placid). */
export type ResourceType = 'image' | 'pdf' | 'video';

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
  /** CMYK PDFs: K-only black text and thin strokes overprint (default true). */
  black_overprint?: boolean;
  /** `x4`: a PDF/X-4 file (docs/print.md#pdfx-4). */
  pdf_standard?: 'x4';
  /** CMYK PDFs: the intent of the RGB → CMYK conversion (default `relative`). */
  rendering_intent?: 'perceptual' | 'relative' | 'saturation' | 'absolute';
  title?: string;
  author?: string;
  lang?: string;
}

/** The document information a merge may set. */
export interface MergeModifications {
  filename?: string;
  /** `x4`: a PDF/X-4 merge of PDF/X files (docs/print.md#pdfx-4). */
  pdf_standard?: 'x4';
  title?: string;
  author?: string;
  lang?: string;
}

/** Video output options as accepted by POST /videos, defaults applied (docs/videos.md). */
export interface VideoModifications {
  format: 'mp4';
  width?: number;
  height?: number;
  fps: number;
  filename?: string;
  /** `#rrggbb` or `blur`. */
  canvas_background: string;
  /** Seconds a clip without video or audio lasts (IMPRINT_VIDEO_CLIP_SECONDS when not sent). */
  clip_duration: number;
}

/** One clip of a video as stored: its template (version fixed at creation) and data. */
export interface VideoClip {
  template_uuid: string;
  template_version?: number;
  layers: LayerData;
  audio?: string;
  audio_duration?: string;
  audio_trim_start?: string;
  audio_trim_end?: string;
}

/** What a job renders, as stored in the row's `request` column. */
export type RenderRequest =
  | {
      kind: 'image';
      template_uuid: string;
      /** The version rendered (absent in rows made before versions). */
      template_version?: number;
      layers: LayerData;
      modifications: ImageModifications;
    }
  | {
      kind: 'pdf';
      pages: Array<{ template_uuid: string; template_version?: number; layers: LayerData }>;
      modifications: PdfModifications;
    }
  | { kind: 'merge'; urls: string[]; modifications: MergeModifications }
  | { kind: 'video'; clips: VideoClip[]; modifications: VideoModifications };

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
