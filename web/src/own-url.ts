/**
 * URLs of this Imprint's own files (template thumbnails under /files/, starter thumbnails), made
 * to load from the origin the editor was opened at. The API writes them absolute under
 * IMPRINT_PUBLIC_URL, which the browser may not reach by that name (the default
 * http://localhost:3000 seen from another machine, an address on the local network, a second
 * domain) and which the page's img-src does not allow when it is another origin. The server that
 * served this page serves those paths too, so a root-relative path always works; URLs elsewhere
 * (IMPRINT_FILES_BASE_URL) are left as they are.
 */

/**
 * `url` as a root-relative path when it lies under `publicUrl` (from the page's
 * `<meta name="imprint-public-url">`), else unchanged.
 */
export function ownUrl(url: string, publicUrl: string | null | undefined): string {
  if (!publicUrl || !/^https?:\/\//.test(publicUrl)) return url;
  const base = publicUrl.replace(/\/+$/, '');
  return url.startsWith(`${base}/`) ? url.slice(base.length) : url;
}
