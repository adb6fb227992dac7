/**
 * Bounds the bitmaps embedded in an SVG (`data:` URLs, the only images prepare-svg.ts keeps):
 * resvg decodes each one whole, so a small compressed file could otherwise ask for gigabytes of
 * pixels. Sizes are read from the headers with sharp, before anything is decoded.
 */
import sharp from 'sharp';
import { SvgRefusedError } from './prepare-svg.ts';

/** Most pixels of all bitmaps embedded in one SVG together. */
export const MAX_EMBEDDED_PIXELS = 64_000_000;

const DATA_HREF = /(?:^|\s)(?:[^\s=/>:]+:)?href\s*=\s*(?:"(data:[^"]*)"|'(data:[^']*)')/g;

/** The bytes of a data: URL (base64 or percent-encoded), or undefined when it has no comma. */
export function dataUrlBytes(url: string): Buffer | undefined {
  const comma = url.indexOf(',');
  if (comma < 0) return undefined;
  const meta = url.slice(5, comma);
  const payload = url.slice(comma + 1);
  if (/;base64$/i.test(meta.trim())) return Buffer.from(payload.replace(/\s+/g, ''), 'base64');
  try {
    return Buffer.from(decodeURIComponent(payload), 'latin1');
  } catch {
    return undefined;
  }
}

/** Throws SvgRefusedError when the embedded bitmaps together exceed MAX_EMBEDDED_PIXELS. */
export async function checkEmbeddedImages(text: string): Promise<void> {
  let total = 0;
  for (const m of text.matchAll(DATA_HREF)) {
    const bytes = dataUrlBytes(m[1] ?? m[2]);
    if (!bytes) continue;
    // Undecodable data is skipped by resvg too; a header over sharp's own limit counts as too big.
    const meta = await sharp(bytes, { limitInputPixels: false })
      .metadata()
      .catch(() => undefined);
    total += (meta?.width ?? 0) * (meta?.height ?? 0) * Math.max(1, meta?.pages ?? 1);
    if (total > MAX_EMBEDDED_PIXELS) {
      throw new SvgRefusedError(
        `embeds bitmaps of more than ${MAX_EMBEDDED_PIXELS / 1_000_000} million pixels in all`,
      );
    }
  }
}
