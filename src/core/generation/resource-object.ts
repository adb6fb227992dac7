/**
 * The image, PDF and video objects of the API (spec 2.4/2.5 plus passthrough, errors, error and
 * created_at; images also name their template_uuid). GET, the creation calls and the webhooks all
 * send exactly this object.
 */
import { fileUrl } from '../../storage/file-url.ts';
import type { RenderRow, RenderStatus } from './render-row.ts';

/** The image object. */
export interface ImageObject {
  id: number;
  status: RenderStatus;
  image_url: string | null;
  polling_url: string;
  /** The template rendered, so a webhook receiver can tell which template an event is about. */
  template_uuid: string;
  /** The template version rendered (docs/template-versions.md); null for images made before versions. */
  template_version: number | null;
  passthrough: unknown;
  errors: string[];
  /**
   * What the request asked for that was ignored or could not be done (unknown layers or
   * properties, static layers, font fallbacks, text that does not fit); never a failure.
   */
  warnings: string[];
  /** The errors joined into one message (null unless status is error): Placid's clients read it. */
  error: string | null;
  created_at: string;
  /** Present (true) once the retention sweep deleted the file; the URL is then null. */
  file_expired?: true;
}

/** The PDF object. */
export interface PdfObject {
  id: number;
  status: RenderStatus;
  pdf_url: string | null;
  polling_url: string;
  /** The template version of each page, in page order; null for pages made before versions. */
  template_versions: Array<number | null>;
  passthrough: unknown;
  errors: string[];
  /** As the image object's warnings. */
  warnings: string[];
  /** The errors joined into one message (null unless status is error). */
  error: string | null;
  created_at: string;
  /** Present (true) once the retention sweep deleted the file; the URL is then null. */
  file_expired?: true;
}

/** The video object (Placid's, plus template_versions and the fields images and PDFs have). */
export interface VideoObject {
  id: number;
  status: RenderStatus;
  video_url: string | null;
  polling_url: string;
  /** The template version of each clip, in clip order. */
  template_versions: Array<number | null>;
  passthrough: unknown;
  errors: string[];
  /** As the image object's warnings. */
  warnings: string[];
  /** The errors joined into one message (null unless status is error). */
  error: string | null;
  created_at: string;
  /** Present (true) once the retention sweep deleted the file; the URL is then null. */
  file_expired?: true;
}

/** Any object of generation. */
export type ResourceObject = ImageObject | PdfObject | VideoObject;

/**
 * The public object of a row; URLs are absolute, based on IMPRINT_PUBLIC_URL (file URLs on
 * IMPRINT_FILES_BASE_URL when set).
 */
export function toResourceObject(
  row: RenderRow,
  publicUrl: string,
  filesBaseUrl: string | null = null,
): ResourceObject {
  const base = publicUrl.replace(/\/+$/, '');
  const url =
    row.status === 'finished' && row.file_key ? fileUrl(base, row.file_key, filesBaseUrl) : null;
  const polling_url = `${base}/api/rest/${row.type}s/${row.id}`;
  const errors = row.status === 'error' ? row.errors : [];
  const rest = {
    passthrough: row.passthrough === undefined ? null : row.passthrough,
    errors,
    warnings: row.warnings ?? [],
    error: row.status === 'error' ? joinErrors(errors) : null,
    created_at: row.created_at,
    ...(row.file_expired && !row.file_key ? { file_expired: true as const } : {}),
  };
  if (row.type !== 'image') {
    // PDFs and videos: one template version per page or clip, in order.
    const req = row.request;
    const parts = req.kind === 'pdf' ? req.pages : req.kind === 'video' ? req.clips : [];
    const template_versions = parts.map((p) => p.template_version ?? null);
    const id = row.id;
    const status = row.status;
    return row.type === 'video'
      ? { id, status, video_url: url, polling_url, template_versions, ...rest }
      : { id, status, pdf_url: url, polling_url, template_versions, ...rest };
  }
  const template_uuid = row.request.kind === 'image' ? row.request.template_uuid : '';
  const template_version =
    row.request.kind === 'image' ? (row.request.template_version ?? null) : null;
  return {
    id: row.id,
    status: row.status,
    image_url: url,
    polling_url,
    template_uuid,
    template_version,
    ...rest,
  };
}

/** One message for `error`: the messages joined, or a generic one when the list is empty. */
function joinErrors(errors: string[]): string {
  return errors.length > 0 ? errors.join('; ') : 'The render failed.';
}
