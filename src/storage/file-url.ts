/**
 * Public URLs and keys of stored files. A key is `<kind>/<random>/<filename>`: the random part
 * (128 bits) makes the URL unguessable, the filename is what the browser saves the file as.
 */
import { pooledRandomBytes } from '../core/random-pool.ts';

/**
 * The absolute URL clients download a stored key from: `<filesBaseUrl>/<key>` when files are
 * served straight from a public bucket or CDN (IMPRINT_FILES_BASE_URL), otherwise the API's own
 * GET /files/<key> under IMPRINT_PUBLIC_URL.
 */
export function fileUrl(publicUrl: string, key: string, filesBaseUrl?: string | null): string {
  const path = key.split('/').map(encodeURIComponent).join('/');
  if (filesBaseUrl) return `${filesBaseUrl.replace(/\/+$/, '')}/${path}`;
  return `${publicUrl.replace(/\/+$/, '')}/files/${path}`;
}

// Extensions of the files Imprint writes, and the spellings that name the same type.
const OUTPUT_EXTENSIONS = new Set(['jpg', 'jpeg', 'png', 'webp', 'avif', 'pdf', 'mp4']);
const SAME_TYPE: Record<string, string> = { jpeg: 'jpg', jpg: 'jpg' };

/**
 * A filename safe in a key, a URL and a Content-Disposition header: path parts dropped, only
 * letters, digits, ".", "_" and "-" kept (others become "-"), at most 120 characters, and the
 * given extension enforced: a name already ending in it (or in `.jpeg` for jpg) keeps it, one
 * ending in another output extension (`card.png` for a JPEG) has it replaced rather than getting
 * `card.png.jpg`. Falls back to `fallback` when nothing usable is left.
 */
export function sanitizeFilename(
  name: string | null | undefined,
  ext: string,
  fallback: string,
): string {
  const raw = String(name ?? '')
    .split(/[\\/]/)
    .pop()!
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  let dotExt = `.${ext.replace(/^\./, '').toLowerCase()}`;
  // The extension is taken off before cleaning, so a name with nothing usable before it
  // ("日本語.jpg") falls back to the default instead of becoming "jpg.jpg".
  const given = /\.([A-Za-z0-9]+)$/.exec(raw)?.[1]?.toLowerCase();
  let rawStem = raw;
  if (given && OUTPUT_EXTENSIONS.has(given)) {
    rawStem = raw.slice(0, -(given.length + 1));
    if (SAME_TYPE[given] === dotExt.slice(1)) dotExt = `.${given}`;
  }
  const stem = rawStem
    .replace(/[^A-Za-z0-9._-]+/g, '-')
    .replace(/^[.-]+/, '')
    .replace(/-+/g, '-')
    .replace(/[.-]+$/, '')
    .slice(0, 120 - dotExt.length)
    .replace(/[.-]+$/, '');
  if (!stem) return `${fallback}${dotExt}`;
  return `${stem}${dotExt}`;
}

/** A fresh unguessable key: `<prefix>/<32 hex chars = 128 bits>/<filename>`. */
export function newFileKey(prefix: string, filename: string): string {
  return `${prefix}/${pooledRandomBytes(16).toString('hex')}/${filename}`;
}
