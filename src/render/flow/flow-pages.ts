/**
 * Documents that flow: a PDF page whose table has more rows than its box holds becomes several
 * pages made from the same design. Each page's table gets the rows that fit under its header;
 * the other layers appear by their `repeat` ("all", "first" or "last" page of the flow); then
 * `{{page}}` and `{{pages}}` in text layers are replaced by the page's number in the whole
 * document and the document's page count. Rows never split across pages.
 */
import { FIRST_ROW, TOTAL_ROWS } from '../layers/table/draw-table.ts';
import {
  layoutHeader,
  planColumns,
  rowHeights,
  rowsThatFit,
} from '../layers/table/layout-table.ts';
import { TABLE_PROPS } from '../layers/table/table-props.ts';
import { readProps } from '../layers/typed-layer.ts';
import type { Design, LayerSpec } from '../types.ts';

type ResolveFont = (ref: string | null | undefined) => string;

const isFlowing = (l: LayerSpec): boolean =>
  l.type === 'table' && !l.hide && (l.opacity ?? 100) > 0;

/**
 * The row ranges [start, end) of one table, one per page: as many whole rows as fit under the
 * header in the box, at least one (a row taller than the box is drawn cut, with a warning).
 */
export function tableChunks(source: LayerSpec, resolveFont: ResolveFont): Array<[number, number]> {
  const layer = readProps(TABLE_PROPS, source);
  const plan = planColumns(layer);
  const heights = plan.columns.length ? rowHeights(layer, plan, resolveFont) : [];
  const header = plan.columns.length ? (layoutHeader(layer, plan, resolveFont)?.height ?? 0) : 0;
  const chunks: Array<[number, number]> = [];
  let start = 0;
  while (start < heights.length) {
    const end = start + rowsThatFit(heights, header, layer.height, start);
    chunks.push([start, end]);
    start = end;
  }
  return chunks.length ? chunks : [[0, 0]];
}

/** Whether a layer with `repeat` appears on page `i` of `n` pages of one flow. */
function appearsOn(layer: LayerSpec, i: number, n: number): boolean {
  if (layer.repeat === 'first') return i === 0;
  if (layer.repeat === 'last') return i === n - 1;
  return true;
}

/** The pages one (pixel, patched) design makes: itself when no table overflows its box. */
export function flowPages(design: Design, resolveFont: ResolveFont): Design[] {
  const chunks = new Map<LayerSpec, Array<[number, number]>>();
  for (const layer of design.layers)
    if (isFlowing(layer)) chunks.set(layer, tableChunks(layer, resolveFont));
  const n = Math.max(1, ...[...chunks.values()].map((c) => c.length));
  if (n === 1) return [design];
  return Array.from({ length: n }, (_, i) => ({
    ...design,
    layers: design.layers.flatMap((layer): LayerSpec[] => {
      const ranges = chunks.get(layer);
      if (!ranges) return appearsOn(layer, i, n) ? [layer] : [];
      // A table that has run out of rows is not drawn on the flow's later pages.
      if (i >= ranges.length) return [];
      const [start, end] = ranges[i];
      const rows = layer.rows as unknown[];
      return [
        { ...layer, rows: rows.slice(start, end), [FIRST_ROW]: start, [TOTAL_ROWS]: rows.length },
      ];
    }),
  }));
}

const PAGE_TOKEN = /\{\{\s*(page|pages)\s*\}\}/g;

/**
 * The designs with `{{page}}` (1-based position) and `{{pages}}` (count) replaced in every text
 * layer's text. An image is one page of one: "1" and "1".
 */
export function numberPages(designs: Design[]): Design[] {
  const pages = String(designs.length);
  return designs.map((design, i) => {
    const page = String(i + 1);
    let changed = false;
    const layers = design.layers.map((layer) => {
      if (layer.type !== 'text' || typeof layer.text !== 'string' || !layer.text.includes('{{'))
        return layer;
      const text = layer.text.replace(PAGE_TOKEN, (_, name: string) =>
        name === 'page' ? page : pages,
      );
      if (text === layer.text) return layer;
      changed = true;
      return { ...layer, text };
    });
    return changed ? { ...design, layers } : design;
  });
}
