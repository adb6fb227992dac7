/**
 * Draws a table in its box: the header row, then the body rows that fit (zebra colours counted
 * from the table's first row, so they alternate across PDF pages), cell contents, then the grid.
 * Rows that do not fit are left out with a warning; a PDF never gets there, because pagination
 * hands each page only the rows that fit.
 */
import type { SKRSContext2D } from '@napi-rs/canvas';
import { paintColor } from '../../design/color.ts';
import { drawPicture } from '../../images/draw-picture.ts';
import { drawText, textDrawOptions } from '../../text/index.ts';
import type { DrawEnv } from '../../types.ts';
import { barcodeLayer } from '../barcode/index.ts';
import { encodeBarcode } from '../barcode/encode-barcode.ts';
import { warnRestrictedFonts } from '../text/text-warnings.ts';
import type { TableLayer } from './table-props.ts';
import {
  layoutHeader,
  layoutRow,
  planColumns,
  type CellContent,
  type ColumnPlan,
  type TableRow,
} from './layout-table.ts';

/** Index of the layer's first row in the request's rows (set on PDF continuation pages). */
export const FIRST_ROW = 'first_row_index';
/** Rows the request sent in all (set on PDF pages: a page's `rows` are a slice). */
export const TOTAL_ROWS = 'total_rows';

/** Fills a row's background when it has one. */
function fillRow(
  ctx: SKRSContext2D,
  color: string | null,
  y: number,
  width: number,
  h: number,
): void {
  const paint = paintColor(color);
  if (!paint) return;
  ctx.fillStyle = paint;
  ctx.fillRect(0, y, width, h);
}

/** The box of a barcode or picture in its cell, placed by the column's alignment. */
function mediaBox(
  cell: Extract<CellContent, { kind: 'barcode' | 'picture' }>,
  square: boolean,
  align: string,
): { dx: number; width: number } {
  const width = square ? Math.min(cell.width, cell.height) : cell.width;
  const free = cell.width - width;
  return { dx: align === 'right' ? free : align === 'center' ? free / 2 : 0, width };
}

/** Draws one cell's content with its top-left inner corner at (x, y). */
async function drawCell(
  ctx: SKRSContext2D,
  layer: TableLayer,
  cell: CellContent,
  at: { x: number; y: number; align: string; path: string },
  env: DrawEnv,
): Promise<void> {
  if (cell.kind === 'text') {
    ctx.save();
    ctx.translate(at.x, at.y);
    drawText(ctx, cell.layout, textDrawOptions(env));
    ctx.restore();
    return;
  }
  if (cell.kind === 'picture') {
    const box = mediaBox(cell, false, at.align);
    await drawPicture(ctx, env, {
      url: cell.url,
      path: at.path,
      box: { x: at.x + box.dx, y: at.y, width: box.width, height: cell.height },
      fit: 'contain',
      focal: { x: at.align === 'right' ? 1 : at.align === 'center' ? 0.5 : 0, y: 0.5 },
      radius: 0,
    });
    return;
  }
  const square = encodeBarcode(cell.value, cell.format).kind === 'matrix';
  const box = mediaBox(cell, square, at.align);
  ctx.save();
  ctx.translate(at.x + box.dx, at.y);
  barcodeLayer.draw(
    ctx,
    {
      name: layer.name,
      type: 'barcode',
      x: 0,
      y: 0,
      width: box.width,
      height: cell.height,
      value: cell.value,
      format: cell.format,
      error_correction: 'M',
      human_readable: true,
      bearer_bars: true,
      color: layer.text_color,
      background_color: null,
    },
    env,
  );
  ctx.restore();
}

/** Draws a row's cells at `y`. */
async function drawRow(
  ctx: SKRSContext2D,
  layer: TableLayer,
  plan: ColumnPlan,
  row: TableRow,
  y: number,
  path: string,
  env: DrawEnv,
): Promise<void> {
  const padding = layer.padding;
  for (const [j, cell] of row.cells.entries()) {
    const align = plan.columns[j].align;
    await drawCell(
      ctx,
      layer,
      cell,
      { x: plan.x[j] + padding, y: y + padding, align, path: `${path}.${j}` },
      env,
    );
  }
}

/** The grid: lines under every row and between columns, and the outer frame. */
function drawBorders(ctx: SKRSContext2D, layer: TableLayer, plan: ColumnPlan, ys: number[]): void {
  const width = layer.border_width;
  const color = paintColor(layer.border_color);
  if (width <= 0 || !color || ys.length < 2) return;
  const bottom = ys[ys.length - 1];
  ctx.strokeStyle = color;
  ctx.lineWidth = width;
  ctx.beginPath();
  for (const y of ys) {
    ctx.moveTo(0, y);
    ctx.lineTo(plan.width, y);
  }
  for (const x of [...plan.x, plan.width]) {
    ctx.moveTo(x, 0);
    ctx.lineTo(x, bottom);
  }
  ctx.stroke();
}

/** Draws the table layer (see the module comment). */
export async function drawTable(
  ctx: SKRSContext2D,
  layer: TableLayer,
  env: DrawEnv,
): Promise<void> {
  const plan = planColumns(layer);
  if (plan.columns.length === 0) return;
  const rows = layer.rows;
  const firstIndex = layer[FIRST_ROW];
  const first = typeof firstIndex === 'number' ? firstIndex : 0;
  const path = `layers.${layer.name}`;
  const header = layoutHeader(layer, plan, env.resolveFont);
  const headerHeight = header?.height ?? 0;
  // Rows are laid out only until the box is full (as rowsThatFit counts them): an image of a
  // long table measures one box of rows, not all of them.
  const body: TableRow[] = [];
  let used = headerHeight;
  for (const cells of rows) {
    const row = layoutRow(layer, plan, cells, false, env.resolveFont);
    if (body.length > 0 && used + row.height > layer.height + 0.01) break;
    body.push(row);
    used += row.height;
    if (used > layer.height + 0.01) break;
  }
  const count = body.length;
  const totalRows = layer[TOTAL_ROWS];
  const total = typeof totalRows === 'number' ? totalRows : rows.length;
  if (count < rows.length) {
    const left = rows.length - count;
    env.warn({
      code: 'table_rows_left_out',
      path,
      message: `${left} of ${total} rows did not fit the table's box and were left out (in a PDF the table continues on new pages)`,
    });
  }
  if (count > 0 && headerHeight + body[0].height > layer.height + 0.01) {
    env.warn({
      code: 'table_row_cut',
      path: `${path}.rows.${first}`,
      // No sizes in the message: they would be the painter's px, not the design's unit.
      message: `the row is taller than the table's box and was cut at its edge`,
    });
  }
  const drawn = header ? [header, ...body] : body;
  const layouts = drawn.flatMap((row) =>
    row.cells.flatMap((c) => (c.kind === 'text' ? [c.layout] : [])),
  );
  warnRestrictedFonts(path, layouts, env);
  ctx.save();
  ctx.beginPath();
  // Half a border may reach past the box; anything further is cut.
  const edge = layer.border_width / 2;
  ctx.rect(-edge, -edge, Math.max(plan.width, layer.width) + 2 * edge, layer.height + 2 * edge);
  ctx.clip();
  const ys = [0];
  let y = 0;
  if (header) {
    fillRow(ctx, layer.header_background_color, 0, plan.width, header.height);
    await drawRow(ctx, layer, plan, header, 0, `${path}.columns`, env);
    y = header.height;
    ys.push(y);
  }
  for (let i = 0; i < count; i++) {
    const index = first + i;
    const zebra = index % 2 === 1 && layer.zebra_color ? layer.zebra_color : layer.background_color;
    fillRow(ctx, zebra, y, plan.width, body[i].height);
    await drawRow(ctx, layer, plan, body[i], y, `${path}.rows.${index}`, env);
    y += body[i].height;
    ys.push(y);
  }
  drawBorders(ctx, layer, plan, ys);
  ctx.restore();
}
