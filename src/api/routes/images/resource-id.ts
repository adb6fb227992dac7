/** Path ids of images and PDFs: positive integers; anything else is simply not found. */
import { notFound } from '../../../core/errors.ts';

// PostgreSQL's integer column tops out here; a larger id cannot exist.
const MAX_ID = 2_147_483_647;

/** The numeric id of a path parameter, or a 404 naming the resource. */
export function parseResourceId(raw: string, label: string): number {
  if (!/^\d{1,10}$/.test(raw)) throw notFound(label);
  const id = Number(raw);
  if (id < 1 || id > MAX_ID) throw notFound(label);
  return id;
}
