/**
 * A design's ruler guides (`guides`): where the editor draws its vertical and horizontal guide
 * lines, in the design's unit. They belong to the template and travel with it through the API;
 * the renderer never draws them.
 */
import type { Design, JsonSchema, RenderProblem } from '../types.ts';
import { describeValue } from './props.ts';
import { MAX_COORD } from './common-props.ts';

/** Most guides on each axis. */
export const MAX_GUIDES = 100;

/** The `guides` field's JSON Schema (the API description and the design route). */
export const GUIDES_SCHEMA: JsonSchema = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: {
    vertical: {
      type: 'array',
      maxItems: MAX_GUIDES,
      items: { type: 'number', minimum: -MAX_COORD, maximum: MAX_COORD },
      description: 'x positions of vertical guides, in the design unit.',
    },
    horizontal: {
      type: 'array',
      maxItems: MAX_GUIDES,
      items: { type: 'number', minimum: -MAX_COORD, maximum: MAX_COORD },
      description: 'y positions of horizontal guides, in the design unit.',
    },
  },
  description:
    'Ruler guides of the editor, in the design unit: `{"vertical": [x…], "horizontal": [y…]}`. Not drawn in outputs; null or absent for none.',
};

/**
 * Checks `input.guides` and writes the normalised value into `out.guides` (sorted, without
 * repeats; absent when there are none). Problems name `guides`, `guides.vertical` or
 * `guides.vertical.3`.
 */
export function checkGuides(
  input: Record<string, unknown>,
  out: Design,
  problems: RenderProblem[],
): void {
  const raw = input.guides;
  if (raw === undefined || raw === null) return;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push({
      path: 'guides',
      message: `must be an object with "vertical" and "horizontal" arrays of positions, or null; received ${describeValue(raw)}`,
    });
    return;
  }
  const guides: { vertical?: number[]; horizontal?: number[] } = {};
  for (const key of Object.keys(raw)) {
    if (key !== 'vertical' && key !== 'horizontal') {
      problems.push({
        path: `guides.${key.slice(0, 100)}`,
        message: 'is not a guide axis: use "vertical" or "horizontal"',
      });
      return;
    }
  }
  for (const axis of ['vertical', 'horizontal'] as const) {
    const list = (raw as Record<string, unknown>)[axis];
    if (list === undefined || list === null) continue;
    if (!Array.isArray(list) || list.length > MAX_GUIDES) {
      problems.push({
        path: `guides.${axis}`,
        message: `must be an array of at most ${MAX_GUIDES} positions; received ${describeValue(list)}`,
      });
      continue;
    }
    const bad = list.findIndex(
      (v) => typeof v !== 'number' || !Number.isFinite(v) || Math.abs(v) > MAX_COORD,
    );
    if (bad >= 0) {
      problems.push({
        path: `guides.${axis}.${bad}`,
        message: `must be a number from ${-MAX_COORD} to ${MAX_COORD} (in the design unit); received ${describeValue(list[bad])}`,
      });
      continue;
    }
    const sorted = [...new Set(list as number[])].sort((a, b) => a - b);
    if (sorted.length) guides[axis] = sorted;
  }
  if (guides.vertical || guides.horizontal) out.guides = guides;
}
