/**
 * The image and PDF objects of the API (spec 2.4/2.5 plus passthrough, errors and created_at).
 * GET, the creation calls and the webhooks all send exactly this object.
 */
import { fileUrl } from '../../storage/file-url.ts';
import type { RenderRow, RenderStatus } from './generation-repository.ts';

/** The image object. */
export interface ImageObject {
  id: number;
  status: RenderStatus;
  image_url: string | null;
  polling_url: string;
  passthrough: unknown;
  errors: string[];
  created_at: string;
}

/** The PDF object. */
export interface PdfObject {
  id: number;
  status: RenderStatus;
  pdf_url: string | null;
  polling_url: string;
  passthrough: unknown;
  errors: string[];
  created_at: string;
}

/** The public object of a row; URLs are absolute, based on IMPRINT_PUBLIC_URL. */
export function toResourceObject(row: RenderRow, publicUrl: string): ImageObject | PdfObject {
  const base = publicUrl.replace(/\/+$/, '');
  const url = row.status === 'finished' && row.file_key ? fileUrl(base, row.file_key) : null;
  const polling_url = `${base}/api/rest/${row.type === 'image' ? 'images' : 'pdfs'}/${row.id}`;
  const rest = {
    polling_url,
    passthrough: row.passthrough === undefined ? null : row.passthrough,
    errors: row.status === 'error' ? row.errors : [],
    created_at: row.created_at,
  };
  return row.type === 'image'
    ? { id: row.id, status: row.status, image_url: url, ...rest }
    : { id: row.id, status: row.status, pdf_url: url, ...rest };
}
