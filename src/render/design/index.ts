/** The design module: schema validation, request overrides and queries over a design. */
export { validateDesign, MAX_CANVAS_SIDE, MAX_LAYERS } from './validate-design.ts';
export { applyLayerData, usedLayerData } from './apply-layer-data.ts';
export { coerceLayerValues } from './coerce-layer-values.ts';
export { listedLayers } from './listed-layers.ts';
export { collectAssetUrls } from './collect-asset-urls.ts';
export { parseColor, isTransparent, hasAlpha, COLOR_FORMATS, colorFormatsFor } from './color.ts';
export {
  addProblem,
  checkBoolean,
  checkColor,
  checkEnum,
  checkNumber,
  checkPx,
  checkString,
  checkUrl,
  describeValue,
  parsePx,
} from './props.ts';
export type { PropContext } from './props.ts';
export { parseLength, resolvePosition, resolveSize } from './geometry.ts';
