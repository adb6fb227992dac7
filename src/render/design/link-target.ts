/**
 * The URLs a link may open, for a layer's `link_target` and a markup `<a href>` alike: http(s)
 * or mailto, at most 2048 characters.
 */

/** The URL normalised (WHATWG), or undefined when it is not such a link. */
export function linkTarget(value: string | undefined): string | undefined {
  if (value === undefined || value.length > 2048) return undefined;
  try {
    const url = new URL(value.trim());
    return ['http:', 'https:', 'mailto:'].includes(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}
