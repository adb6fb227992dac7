/**
 * Imprint's own file URLs (`<IMPRINT_PUBLIC_URL>/files/<key>`: rendered images and PDFs, uploaded
 * media) back to their storage keys. A picture layer or a merge URL that points at Imprint itself
 * is then read from BlobStorage directly: no HTTP round trip to itself, no private-address guard
 * in the way, and it works when the request lands on another machine than the one that rendered
 * the file.
 */
import { blobKeyProblem } from './blob-key.ts';

/** The storage key an absolute URL names under `publicUrl`'s /files/, or null if it names none. */
export function ownFileKey(url: string, publicUrl: string): string | null {
  let target: URL;
  let base: URL;
  try {
    target = new URL(url);
    base = new URL(publicUrl);
  } catch {
    return null;
  }
  // URL() lower-cases the host and drops default ports, so this compares origins as browsers do.
  if (target.origin !== base.origin || target.username || target.password) return null;
  const prefix = `${base.pathname.replace(/\/+$/, '')}/files/`;
  if (!target.pathname.startsWith(prefix)) return null;
  let key: string;
  try {
    key = target.pathname.slice(prefix.length).split('/').map(decodeURIComponent).join('/');
  } catch {
    return null;
  }
  return blobKeyProblem(key) ? null : key;
}
