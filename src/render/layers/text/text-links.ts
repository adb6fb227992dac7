/**
 * The links of rich text (`<a href>` with text_format "markup"): one clickable area per run of
 * linked pieces on a line, over the line's glyphs, kept inside the box when the text is clipped.
 * Like link_target, the areas are in design pixels before the layer's rotation.
 */
import type { TextBlock, TextLayout } from '../../text/index.ts';
import type { DrawEnv, LayerSpec } from '../../types.ts';

/** How far a link's area reaches above and below the baseline, in em. */
const ABOVE = 0.95;
const BELOW = 0.25;

/** Records a link area (env.addLink) for each linked run of each drawn line. */
export function addTextLinks(
  layer: LayerSpec,
  block: TextBlock,
  layout: TextLayout,
  env: DrawEnv,
): void {
  const clip = layout.overflows && block.overflow === 'clip';
  const x0 = Number(layer.x) || 0;
  const y0 = Number(layer.y) || 0;
  for (const line of layout.lines) {
    let top = line.baseline - ABOVE * layout.fontSize;
    let bottom = line.baseline + BELOW * layout.fontSize;
    if (clip) {
      top = Math.max(top, 0);
      bottom = Math.min(bottom, block.height);
      if (bottom <= top) continue;
    }
    // Pieces are in visual order: neighbours with the same target make one area.
    let run: { href: string; left: number; right: number } | undefined;
    const flush = () => {
      if (run && clip) {
        run.left = Math.max(run.left, 0);
        run.right = Math.min(run.right, block.width);
      }
      if (run && run.right > run.left) {
        const rect = {
          x: x0 + run.left,
          y: y0 + top,
          width: run.right - run.left,
          height: bottom - top,
        };
        env.addLink(rect, run.href);
      }
      run = undefined;
    };
    for (const piece of line.pieces) {
      if (run && piece.href === run.href) run.right = piece.x + piece.width;
      else {
        flush();
        if (piece.href) run = { href: piece.href, left: piece.x, right: piece.x + piece.width };
      }
    }
    flush();
  }
}
