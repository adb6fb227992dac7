/**
 * What the render engine's caches hold in this thread, by the name GET /metrics reports them
 * under: a render thread sends these few numbers with each result (see worker/render-thread.ts).
 */
import type { RenderCacheFigures, RenderCacheName } from './cache-budgets.ts';
import { pictureCacheFigures, pictureInfoFigures } from './images/picture-cache.ts';
import { barcodeCacheFigures } from './layers/barcode/encode-barcode.ts';
import { svgCacheFigures } from './svg/simplify-svg.ts';
import { measureCacheFigures } from './text/measure.ts';

/** Entries, bytes and budget of each of the engine's caches in this thread. */
export function renderCacheStats(): Record<RenderCacheName, RenderCacheFigures> {
  return {
    thread_pictures: pictureCacheFigures(),
    thread_picture_infos: pictureInfoFigures(),
    thread_svgs: svgCacheFigures(),
    thread_text_measures: measureCacheFigures(),
    thread_barcodes: barcodeCacheFigures(),
  };
}
