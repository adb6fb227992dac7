/** The painter: draws a design on a Canvas 2D context (raster or PDF page). */
export { paintDesign } from './paint-design.ts';
