/**
 * The normalised values of a table layer's `columns` and `rows` (what checkColumns and checkRows
 * of table-data.ts leave), and the guards that tell them (the props' types in LayerOf).
 */
import { BARCODE_FORMATS } from '../barcode/encode-barcode.ts';
import type { BarcodeFormat } from '../barcode/encode-barcode.ts';

/** The alignments of a column. */
export const COLUMN_ALIGNS = ['left', 'center', 'right'] as const;

/** A normalised column: `width` null shares the width the other columns leave. */
export interface TableColumn {
  title: string;
  key: string;
  width: number | null;
  align: (typeof COLUMN_ALIGNS)[number];
}

/** A normalised cell. */
export type TableCell =
  | string
  | { type: 'barcode'; value: string; format: BarcodeFormat }
  | { type: 'picture'; url: string };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A column as checkColumns leaves it. */
function isColumn(v: unknown): v is TableColumn {
  return (
    isObject(v) &&
    typeof v.title === 'string' &&
    typeof v.key === 'string' &&
    (v.width === null || (typeof v.width === 'number' && Number.isFinite(v.width))) &&
    COLUMN_ALIGNS.some((a) => a === v.align)
  );
}

/** Columns as checkColumns leaves them. */
export const isColumns = (v: unknown): v is TableColumn[] => Array.isArray(v) && v.every(isColumn);

/** A cell as checkRows leaves it. */
function isCell(v: unknown): v is TableCell {
  if (typeof v === 'string') return true;
  if (!isObject(v)) return false;
  if (v.type === 'picture') return typeof v.url === 'string';
  return (
    v.type === 'barcode' &&
    typeof v.value === 'string' &&
    BARCODE_FORMATS.some((f) => f === v.format)
  );
}

/** Rows as checkRows leaves them: arrays of cells. */
export const isRows = (v: unknown): v is TableCell[][] =>
  Array.isArray(v) && v.every((row) => Array.isArray(row) && row.every(isCell));
