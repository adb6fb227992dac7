/**
 * The two render-engine functions the template routes use: the layers a listing reports, and
 * design validation for PUT /design. Kept in one place so the routes do not care where they live.
 */
export {
  listedLayers as listLayers,
  validateDesign as checkDesign,
} from '../../../render/index.ts';
