/** The stored fonts of a render, re-read in isolation before a render thread registers them. */
import { type FontSource, type Design, getLayerType } from '../../render/index.ts';
import { AppError } from '../errors.ts';
import type { FontInspector } from '../ports/font-inspector.ts';
import { RenderJobFailure } from './job-failure.ts';

/**
 * Which layers (by path) use a value, for messages naming them; one search of the design per
 * call, so it serves the few fonts that fail a check (picture URLs are mapped by planAssets).
 */
export function layersUsing(design: Design, url: string, prefix: string): string[] {
  return design.layers
    .filter(
      (l) =>
        Object.values(l).some((v) => v === url) ||
        // Table cells hold their pictures inside the layer's rows.
        (getLayerType(l.type)?.assetUrls(l).includes(url) ?? false),
    )
    .map((l) => `${prefix}layers.${l.name}`);
}

/**
 * Re-reads the render's stored fonts with the isolated font checker (once per font and process):
 * a font stored before uploads were checked this way could otherwise end the process. An
 * unreadable font that a layer names fails the job, naming those layers; an unreadable face that
 * only came along with its family is left out. Returns the fonts to render with.
 */
export async function checkFonts(
  inspector: FontInspector,
  fonts: FontSource[],
  usedBy: (key: string) => string[],
): Promise<FontSource[]> {
  const failures: string[] = [];
  const usable: FontSource[] = [];
  for (const font of fonts) {
    try {
      await inspector.inspect(font.data, font.key);
      usable.push(font);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== 'validation') throw err;
      const users = usedBy(font.key);
      if (users.length === 0 && font.family) continue; // a family's other face: render without it
      const where = users.join(', ') || 'font';
      failures.push(
        `${where}: the font ${font.key} could not be read as a font (damaged or hostile file); upload it again or choose another font`,
      );
    }
  }
  if (failures.length) throw new RenderJobFailure('font', failures);
  return usable;
}
