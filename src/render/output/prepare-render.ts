/**
 * The step before fetching anything: applies request layer data to a stored design and lists what
 * the render will need (picture URLs, project font keys), so callers can validate a request (422)
 * and fetch assets before handing the job to a render thread.
 */
import type { Design, LayerData, RenderProblem } from '../types.ts';
import { applyLayerData, collectAssetUrls } from '../design/index.ts';
import { toPixelDesign } from '../design/units.ts';
import { findBundledFamily } from '../fonts/index.ts';
import { FONT_PROPS } from '../design/font-props.ts';
import { spotConflicts } from './spot-conflicts.ts';

/** Layer props that reference a font (a project font uuid or a bundled family). */

/**
 * The distinct project font references of the visible layers (uuids and family names), in
 * first-use order. Bundled family names are left out: they win over a project family of the same
 * name, so looking them up would only cost a query per render.
 */
export function collectFontKeys(design: Design): string[] {
  const keys = new Set<string>();
  for (const layer of design.layers) {
    if (layer.hide) continue;
    for (const prop of FONT_PROPS) {
      const v = layer[prop];
      if (typeof v === 'string' && v.trim() !== '' && !findBundledFamily(v)) keys.add(v);
    }
  }
  return [...keys];
}

/**
 * What prepareRender found: the patched design, problems (a 422) and what to fetch. Warnings about
 * ignored request data are not among them: requestWarnings lists them once, at creation.
 */
export interface PreparedRender {
  design: Design;
  problems: RenderProblem[];
  assetUrls: string[];
  fontKeys: string[];
}

/** Resolves a design with request layer data; `problems` non-empty means a 422. */
export function prepareRender(design: Design, layers?: LayerData): PreparedRender {
  const applied = applyLayerData(design, layers);
  const problems = applied.problems.length
    ? applied.problems
    : spotConflicts([{ design: applied.design, prefix: '' }]);
  if (problems.length > 0) {
    return {
      design: applied.design,
      problems,
      assetUrls: [],
      fontKeys: [],
    };
  }
  return {
    // Request data is in the design's unit; from here on the painter's pixels.
    design: toPixelDesign(applied.design),
    problems: [],
    assetUrls: collectAssetUrls(applied.design),
    fontKeys: collectFontKeys(applied.design),
  };
}
