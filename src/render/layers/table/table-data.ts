/**
 * The table layer's data: `columns` (title, key, width, align) and `rows`, checked and normalised
 * in place. Rows arrive as arrays of cells or as objects keyed by column `key`; both are stored as
 * arrays in column order. A cell is text (a string or number), a barcode
 * (`{ "type": "barcode", "value": "…", "format": "qrcode" }`) or a picture
 * (`{ "type": "picture", "url": "…" }`). Problems name the cell: `layers.items.rows.3.1`.
 */
import { addProblem, describeValue, parseLengthIn } from '../../design/props.ts';
import type { PropContext } from '../../design/props.ts';
import type { JsonSchema } from '../../design/prop-specs.ts';
import { BARCODE_FORMATS, encodeBarcode } from '../barcode/encode-barcode.ts';
import type { BarcodeFormat } from '../barcode/encode-barcode.ts';
import { COLUMN_ALIGNS, isColumns, type TableCell, type TableColumn } from './table-values.ts';

export { COLUMN_ALIGNS, isColumns, isRows } from './table-values.ts';
export type { TableCell, TableColumn } from './table-values.ts';
import { MAX_BARCODE_VALUE } from '../barcode/index.ts';

/** Most columns of one table. */
export const MAX_COLUMNS = 50;
/** Most rows of one table (a PDF continues them over pages). */
export const MAX_ROWS = 10_000;
/** Longest text of one cell. */
export const MAX_CELL_TEXT = 10_000;
/** Largest column width, in px (as every layer length). */
const MAX_WIDTH = 100_000;

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A string property of a column: absent → `def`; numbers become strings. */
function columnText(
  c: PropContext,
  path: string,
  col: Record<string, unknown>,
  prop: string,
  def: string,
  max: number,
): string {
  const v = col[prop];
  if (v === undefined || v === null) return def;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string' && v.length <= max) return v;
  addProblem(c.problems, path, prop, `a string of at most ${max} characters`, v);
  return def;
}

/** One column at `path` (layers.items.columns.2). */
function checkColumn(c: PropContext, path: string, raw: unknown): TableColumn {
  if (!isObject(raw)) {
    c.problems.push({
      path,
      message: `must be a column object like {"title": "Qty", "width": 60, "align": "right"}; received ${describeValue(raw)}`,
    });
    return { title: '', key: '', width: null, align: 'left' };
  }
  const title = columnText(c, path, raw, 'title', '', 500);
  const key = columnText(c, path, raw, 'key', title, 200);
  let width: number | null = null;
  if (raw.width !== undefined && raw.width !== null && raw.width !== '') {
    const n = parseLengthIn(raw.width, c.unit);
    const k = c.unit ? { pt: 96 / 72, mm: 96 / 25.4, in: 96 }[c.unit] : 1;
    if (n === undefined || n <= 0 || n * k > MAX_WIDTH) {
      const max = Math.floor((MAX_WIDTH / k) * 1000) / 1000;
      addProblem(
        c.problems,
        path,
        'width',
        `a length in ${c.unit ?? 'px'} above 0 and at most ${max}, or null to share the rest of the table's width`,
        raw.width,
      );
    } else width = n;
  }
  let align: TableColumn['align'] = 'left';
  if (raw.align !== undefined && raw.align !== null) {
    const found = COLUMN_ALIGNS.find(
      (a) => typeof raw.align === 'string' && a === raw.align.trim().toLowerCase(),
    );
    if (found) align = found;
    else addProblem(c.problems, path, 'align', '"left", "center" or "right"', raw.align);
  }
  return { title, key, width, align };
}

/**
 * The value of a list property, read from JSON text when it is a string that starts with "[":
 * low-code tools (n8n, Make, Zapier) often send a list as text.
 */
function listValue(v: unknown): unknown {
  if (typeof v !== 'string' || !v.trimStart().startsWith('[')) return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}

/**
 * The array `prop` holds (JSON text read as JSON), at most `max` long, for the caller to check
 * item by item. Otherwise undefined, with the property left an empty list: absent is no items,
 * anything else is recorded as a problem first.
 */
function listOf(c: PropContext, prop: string, max: number, what: string): unknown[] | undefined {
  const v = listValue(c.layer[prop]);
  c.layer[prop] = [];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.length > max) {
    addProblem(c.problems, c.path, prop, `an array of at most ${max} ${what}`, v);
    return undefined;
  }
  return v;
}

/** `columns`: an array of column objects (absent: no columns). */
export function checkColumns(c: PropContext, prop: string): void {
  const v = listOf(c, prop, MAX_COLUMNS, 'columns');
  if (!v) return;
  c.layer[prop] = v.map((raw, i) => checkColumn(c, `${c.path}.${prop}.${i}`, raw));
}

/** One cell at `path`; a bad cell becomes empty text after its problem is recorded. */
function checkCell(c: PropContext, path: string, v: unknown): TableCell {
  if (v === undefined || v === null) return '';
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  if (typeof v === 'string') {
    if (v.length <= MAX_CELL_TEXT) return v;
  } else if (isObject(v)) {
    const type = typeof v.type === 'string' ? v.type.trim().toLowerCase() : v.type;
    if (type === 'text') return checkCell(c, `${path}.text`, v.text);
    if (type === 'barcode') return checkBarcodeCell(c, path, v);
    if (type === 'picture') {
      const url = v.url;
      if (
        typeof url === 'string' &&
        url.trim() !== '' &&
        url.length <= 8192 &&
        !/\s/.test(url.trim())
      )
        return { type: 'picture', url: url.trim() };
      addProblem(
        c.problems,
        path,
        'url',
        'a picture URL (at most 8192 characters, no spaces)',
        url,
      );
      return '';
    }
    addProblem(c.problems, path, 'type', '"text", "barcode" or "picture"', v.type);
    return '';
  }
  c.problems.push({
    path,
    message: `must be text (a string or number of at most ${MAX_CELL_TEXT} characters), a barcode ({"type": "barcode", "value": "…"}) or a picture ({"type": "picture", "url": "…"}); received ${describeValue(v)}`,
  });
  return '';
}

/** A barcode cell: a value its format (qrcode by default) can encode. */
function checkBarcodeCell(c: PropContext, path: string, v: Record<string, unknown>): TableCell {
  let format: BarcodeFormat = 'qrcode';
  if (v.format !== undefined && v.format !== null) {
    const found = BARCODE_FORMATS.find(
      (f) => typeof v.format === 'string' && f === v.format.trim().toLowerCase(),
    );
    if (!found) {
      addProblem(
        c.problems,
        path,
        'format',
        `one of ${BARCODE_FORMATS.map((f) => `"${f}"`).join(', ')}`,
        v.format,
      );
      return '';
    }
    format = found;
  }
  const value = typeof v.value === 'number' ? String(v.value) : v.value;
  if (typeof value !== 'string' || value === '' || value.length > MAX_BARCODE_VALUE) {
    addProblem(
      c.problems,
      path,
      'value',
      `a non-empty string of at most ${MAX_BARCODE_VALUE} characters`,
      v.value,
    );
    return '';
  }
  try {
    encodeBarcode(value, format);
  } catch (err) {
    const why = (err as Error).message;
    addProblem(
      c.problems,
      path,
      'value',
      `a value the ${format} format can encode (${why})`,
      value,
    );
    return '';
  }
  return { type: 'barcode', value, format };
}

/** `rows`: arrays of cells, or objects keyed by column key (read after `columns`). */
export function checkRows(c: PropContext, prop: string): void {
  const v = listOf(c, prop, MAX_ROWS, 'rows');
  if (!v) return;
  const columns = isColumns(c.layer.columns) ? c.layer.columns : [];
  c.layer[prop] = v.map((row: unknown, i) => {
    const path = `${c.path}.${prop}.${i}`;
    if (Array.isArray(row)) {
      if (row.length > columns.length) {
        c.problems.push({
          path,
          message: `must have at most ${columns.length} cells, one per column; received ${row.length}`,
        });
      }
      return columns.map((_, j) => checkCell(c, `${path}.${j}`, row[j]));
    }
    if (isObject(row)) {
      return columns.map((col, j) => {
        const has = Object.prototype.hasOwnProperty.call(row, col.key);
        return checkCell(c, has ? `${path}.${col.key}` : `${path}.${j}`, has ? row[col.key] : '');
      });
    }
    c.problems.push({
      path,
      message: `must be an array of cells or an object keyed by column key; received ${describeValue(row)}`,
    });
    return columns.map(() => '');
  });
}

/** Multiplies the column widths by `k` (design units to painter pixels); a new array. */
export function scaleColumns(columns: unknown, k: number): unknown {
  if (!Array.isArray(columns)) return columns;
  return (columns as TableColumn[]).map((col) =>
    typeof col.width === 'number' ? { ...col, width: col.width * k } : col,
  );
}

/** The JSON Schema of `columns`. */
export function columnsSchema(): JsonSchema {
  return {
    type: ['array', 'string', 'null'],
    maxItems: MAX_COLUMNS,
    items: {
      type: 'object',
      properties: {
        title: { type: ['string', 'number', 'null'], maxLength: 500 },
        key: { type: ['string', 'number', 'null'], maxLength: 200 },
        width: { type: ['number', 'string', 'null'] },
        align: { type: ['string', 'null'], enum: [...COLUMN_ALIGNS, null] },
      },
    },
  };
}

const CELL_SCHEMA: JsonSchema = {
  anyOf: [
    { type: ['string', 'number', 'null'] },
    {
      type: 'object',
      required: ['type'],
      properties: {
        type: { type: 'string', enum: ['text', 'barcode', 'picture'] },
        text: { type: ['string', 'number', 'null'] },
        value: { type: ['string', 'number'] },
        format: { type: 'string', enum: [...BARCODE_FORMATS] },
        url: { type: 'string' },
      },
    },
  ],
};

/** The JSON Schema of `rows`. */
export function rowsSchema(): JsonSchema {
  return {
    type: ['array', 'string', 'null'],
    maxItems: MAX_ROWS,
    items: {
      anyOf: [
        { type: 'array', items: CELL_SCHEMA },
        { type: 'object', additionalProperties: CELL_SCHEMA },
      ],
    },
  };
}
