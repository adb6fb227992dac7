/** SVG for shape and picture layers: resvg's simplified tree, drawn as vectors or rasterised. */
export { drawSvg, svgVectorProblem, SVG_PDF_RASTER_PPI } from './draw-svg.ts';
export { drawSvgFor, isSvgBytes, loadSvgFor } from './load-svg.ts';
export { MAX_SVG_ELEMENTS } from './prepare-svg.ts';
export { MAX_SVG_RASTER_PIXELS } from './raster-svg.ts';
export type { SimpleSvg } from './simplify-svg.ts';
