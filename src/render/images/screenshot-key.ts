/**
 * What a picture or browser-frame layer asks the fetch stage for, as one string: the plain URL
 * when the layer keeps every screenshot option at its default (a picture, or a page shot at
 * 1280x1024), else `imprint-screenshot:` followed by the URL and options as JSON. The same string
 * keys the fetched file, so two layers showing one page with different viewports get two files.
 * Stored designs may hold any string in `image`, so reading a key checks every bound again.
 */

/** The browser window of a screenshot by default (Placid's default). */
export const DEFAULT_VIEWPORT = { width: 1280, height: 1024 } as const;
/** Bounds of `image_viewport`'s width and height, in CSS pixels. */
export const VIEWPORT_MIN = 100;
export const VIEWPORT_MAX = 3840;
/** Longest `screenshot_wait`, in ms. */
export const SCREENSHOT_WAIT_MAX_MS = 10_000;
/** Longest `screenshot_selector`, in characters (a character is one or two UTF-16 units). */
export const SELECTOR_MAX = 500;

/** How to shoot a page; `force` shoots it even when the URL answers with a picture's type. */
export interface ScreenshotRequest {
  url: string;
  viewport: { width: number; height: number };
  fullPage: boolean;
  waitMs: number;
  selector: string | null;
  force: boolean;
}

const PREFIX = 'imprint-screenshot:';

/** `WIDTHxHEIGHT` within the bounds, or null. */
export function parseViewport(v: unknown): { width: number; height: number } | null {
  if (typeof v !== 'string') return null;
  const m = /^\s*(\d{1,5})\s*[xX×]\s*(\d{1,5})\s*$/.exec(v);
  if (!m) return null;
  const width = Number(m[1]);
  const height = Number(m[2]);
  const ok = (n: number) => n >= VIEWPORT_MIN && n <= VIEWPORT_MAX;
  return ok(width) && ok(height) ? { width, height } : null;
}

/** The options a layer holds, read as checked layers hold them. */
export interface ScreenshotProps {
  image_viewport: string;
  screenshot_full_page: boolean;
  screenshot_wait: number;
  screenshot_selector: string;
  image_type: string;
}

/** The fetch key of a layer's `image`: the URL itself when nothing departs from the defaults. */
export function pictureAssetKey(url: string, p: ScreenshotProps): string {
  const viewport = parseViewport(p.image_viewport) ?? DEFAULT_VIEWPORT;
  const plain =
    viewport.width === DEFAULT_VIEWPORT.width &&
    viewport.height === DEFAULT_VIEWPORT.height &&
    !p.screenshot_full_page &&
    p.screenshot_wait === 0 &&
    p.screenshot_selector === '' &&
    p.image_type !== 'screenshot';
  if (plain) return url;
  const req: ScreenshotRequest = {
    url,
    viewport,
    fullPage: p.screenshot_full_page,
    waitMs: p.screenshot_wait,
    selector: p.screenshot_selector || null,
    force: p.image_type === 'screenshot',
  };
  return PREFIX + JSON.stringify(req);
}

/**
 * The request of a fetch key: its options for a screenshot key, the defaults (not forced) for a
 * plain URL, and null for a key that names options out of bounds (it is then fetched as it is,
 * and fails as a URL).
 */
export function readAssetKey(key: string): ScreenshotRequest | null {
  if (!key.startsWith(PREFIX)) {
    return {
      url: key,
      viewport: { ...DEFAULT_VIEWPORT },
      fullPage: false,
      waitMs: 0,
      selector: null,
      force: false,
    };
  }
  let raw: unknown;
  try {
    raw = JSON.parse(key.slice(PREFIX.length));
  } catch {
    return null;
  }
  const r = raw as Partial<ScreenshotRequest> | null;
  if (typeof r !== 'object' || r === null || typeof r.url !== 'string') return null;
  const vp = r.viewport;
  const viewport = vp && typeof vp === 'object' ? parseViewport(`${vp.width}x${vp.height}`) : null;
  const waitOk =
    Number.isInteger(r.waitMs) && (r.waitMs as number) >= 0 && r.waitMs! <= SCREENSHOT_WAIT_MAX_MS;
  const selectorOk =
    r.selector === null ||
    (typeof r.selector === 'string' && r.selector.length <= 2 * SELECTOR_MAX);
  if (!viewport || !waitOk || !selectorOk || typeof r.fullPage !== 'boolean') return null;
  if (typeof r.force !== 'boolean') return null;
  return {
    url: r.url,
    viewport,
    fullPage: r.fullPage,
    waitMs: r.waitMs as number,
    selector: r.selector as string | null,
    force: r.force,
  };
}

/** The page URL of a fetch key, for messages and the browser frame's address bar. */
export function assetKeyUrl(key: string): string {
  return readAssetKey(key)?.url ?? key;
}
