/**
 * Table layout: column edges, and each row's cells measured with the text layer's own layout
 * (textBlockOf + layoutText, so cells wrap exactly as text layers do). A row is as tall as its
 * tallest cell plus the padding; barcode and picture cells are `media_height` tall. Pagination
 * and drawing both read it, so a page holds exactly the rows that drawing puts in the box.
 */
import { escapeEmphasis, layoutText, type TextLayout } from '../../text/index.ts';
import type { BarcodeFormat } from '../barcode/encode-barcode.ts';
import { textBlockOf } from '../text/index.ts';
import type { TableCell, TableColumn } from './table-data.ts';
import type { TableLayer } from './table-props.ts';

/** A cell ready to draw: its text layout, or the box of its barcode or picture. */
export type CellContent =
  | { kind: 'text'; layout: TextLayout }
  | { kind: 'barcode'; value: string; format: BarcodeFormat; width: number; height: number }
  | { kind: 'picture'; url: string; width: number; height: number };

/** One laid-out row: its height and cells in column order. */
export interface TableRow {
  height: number;
  cells: CellContent[];
}

/** Column edges in layer coordinates. */
export interface ColumnPlan {
  columns: TableColumn[];
  x: number[];
  widths: number[];
  /** Sum of the column widths. */
  width: number;
}

/** Text styles of header or body cells. */
interface CellStyle {
  font: string | null;
  font_size: number;
  font_weight: number;
  text_color: string;
  line_height: number;
}

type ResolveFont = (ref: string | null | undefined) => string;

/** Column x positions: fixed widths as given, the others share what is left of the layer width. */
export function planColumns(layer: TableLayer): ColumnPlan {
  const columns = layer.columns;
  const fixed = columns.reduce((sum, c) => sum + (c.width ?? 0), 0);
  const flexible = columns.filter((c) => c.width === null).length;
  const share = flexible > 0 ? Math.max(0, layer.width - fixed) / flexible : 0;
  const widths = columns.map((c) => c.width ?? share);
  const x: number[] = [];
  let at = 0;
  for (const w of widths) {
    x.push(at);
    at += w;
  }
  return { columns, x, widths, width: at };
}

/** The body's or the header's text style. */
export function cellStyle(layer: TableLayer, header: boolean): CellStyle {
  const style = { font: layer.font, line_height: layer.line_height };
  return header
    ? {
        ...style,
        font: layer.header_font ?? layer.font,
        font_size: layer.header_font_size,
        font_weight: layer.header_font_weight,
        text_color: layer.header_text_color,
      }
    : {
        ...style,
        font_size: layer.font_size,
        font_weight: layer.font_weight,
        text_color: layer.text_color,
      };
}

/** A text cell laid out in `width`, as a text layer with the cell's style would be. */
function layoutCellText(
  text: string,
  width: number,
  align: string,
  style: CellStyle,
  resolveFont: ResolveFont,
): TextLayout {
  const block = textBlockOf(
    {
      name: '',
      type: 'text',
      x: 0,
      y: 0,
      width: Math.max(0, width),
      height: 1e9,
      // Cells are data, not markup: an asterisk in a product name stays an asterisk.
      text: escapeEmphasis(text),
      font: style.font,
      font_size: style.font_size,
      font_weight: style.font_weight,
      text_color: style.text_color,
      line_height: style.line_height,
      align,
      overflow: 'visible',
    },
    resolveFont,
  );
  return layoutText(block);
}

/** Lays out one row of cells (the header row is the column titles). */
export function layoutRow(
  layer: TableLayer,
  plan: ColumnPlan,
  cells: readonly TableCell[],
  header: boolean,
  resolveFont: ResolveFont,
): TableRow {
  const padding = layer.padding;
  const media = layer.media_height;
  const style = cellStyle(layer, header);
  // An empty row is still one line tall.
  let content = style.font_size * style.line_height;
  const out: CellContent[] = plan.columns.map((col, j) => {
    const inner = Math.max(0, plan.widths[j] - 2 * padding);
    const cell = cells[j] ?? '';
    if (typeof cell === 'string') {
      const layout = layoutCellText(cell, inner, col.align, style, resolveFont);
      content = Math.max(content, layout.height);
      return { kind: 'text', layout };
    }
    content = Math.max(content, media);
    if (cell.type === 'barcode')
      return {
        kind: 'barcode',
        value: cell.value,
        format: cell.format,
        width: inner,
        height: media,
      };
    return { kind: 'picture', url: cell.url, width: inner, height: media };
  });
  return { height: content + 2 * padding, cells: out };
}

/** The header row, or undefined when the table shows none. */
export function layoutHeader(
  layer: TableLayer,
  plan: ColumnPlan,
  resolveFont: ResolveFont,
): TableRow | undefined {
  if (!layer.show_header) return undefined;
  return layoutRow(
    layer,
    plan,
    plan.columns.map((c) => c.title),
    true,
    resolveFont,
  );
}

/** The heights of every body row (what pagination needs). */
export function rowHeights(
  layer: TableLayer,
  plan: ColumnPlan,
  resolveFont: ResolveFont,
): number[] {
  return layer.rows.map((cells) => layoutRow(layer, plan, cells, false, resolveFont).height);
}

/**
 * How many rows of `heights`, from row `from` on, fit under a header of `headerHeight` in
 * `boxHeight`. A first row taller than the box still counts (it is drawn cut), so every page
 * makes progress.
 */
export function rowsThatFit(
  heights: readonly number[],
  headerHeight: number,
  boxHeight: number,
  from = 0,
): number {
  let used = headerHeight;
  let n = 0;
  // Indexes rather than heights.slice(from): a flowing table asks once per page, and a copy of
  // every row after the page's first each time adds up over a long table.
  for (let i = from; i < heights.length; i++) {
    if (used + heights[i] > boxHeight + 0.01 && n > 0) break;
    used += heights[i];
    n++;
    if (used > boxHeight + 0.01) break;
  }
  return n;
}
