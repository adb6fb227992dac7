/**
 * The rows of `imprint batch`: read from CSV (a header row names the columns) or a JSON array of
 * objects, and turned into layer data. A column names a layer (`title` sets its text), a layer
 * and a property (`title.text`, `photo.image`, `box.background_color`), or the output file name
 * (`filename`). In JSON a value may also be an object of properties (`"photo": {"image": …}`).
 */
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'csv-parse/sync';

/** One data row as read: column → value. */
export type Row = Record<string, unknown>;

/** Layer name → property → value, as `layers` of POST /images. */
export type Layers = Record<string, Record<string, unknown>>;

/** The column that names the output file instead of a layer. */
export const FILENAME_COLUMN = 'filename';

/** Reads the rows of a .csv or .json file; throws a message naming the file on bad content. */
export function readRows(file: string): Row[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    throw new Error(`Cannot read --data ${file}: ${(err as NodeJS.ErrnoException).code ?? err}`, {
      cause: err,
    });
  }
  const ext = path.extname(file).toLowerCase();
  if (ext === '.json') return jsonRows(file, text);
  if (ext === '.csv') return csvRows(file, text);
  throw new Error(`--data must be a .csv or .json file; got ${file}`);
}

function jsonRows(file: string, text: string): Row[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (err) {
    throw new Error(`--data ${file} is not valid JSON: ${(err as Error).message}`, { cause: err });
  }
  if (!Array.isArray(parsed)) throw new Error(`--data ${file} must hold a JSON array of objects`);
  parsed.forEach((row, i) => {
    if (!row || typeof row !== 'object' || Array.isArray(row))
      throw new Error(`--data ${file}: item ${i + 1} is not an object`);
  });
  return parsed as Row[];
}

function csvRows(file: string, text: string): Row[] {
  try {
    return parse(text, {
      columns: (header: string[]) => header.map((h) => h.trim()),
      bom: true,
      skip_empty_lines: true,
      trim: false,
    }) as Row[];
  } catch (err) {
    throw new Error(`--data ${file} is not valid CSV: ${(err as Error).message}`, { cause: err });
  }
}

/**
 * The layer data of one row. Empty CSV cells and null JSON values are left out, so the
 * template's own value stays. Throws a message naming the column for a value it cannot use.
 */
export function layersOf(row: Row): Layers {
  const layers: Layers = {};
  const set = (layer: string, property: string, value: unknown) => {
    if (value === null || value === undefined || value === '') return;
    if (typeof value === 'object')
      throw new Error(`column ${layer}.${property}: not a plain value`);
    (layers[layer] ??= {})[property] = value;
  };
  for (const [column, value] of Object.entries(row)) {
    if (column === FILENAME_COLUMN) continue;
    const dot = column.indexOf('.');
    if (dot === 0 || dot === column.length - 1 || column === '')
      throw new Error(`column "${column}": write <layer> or <layer>.<property>`);
    if (dot > 0) {
      set(column.slice(0, dot), column.slice(dot + 1), value);
    } else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [property, v] of Object.entries(value)) set(column, property, v);
    } else {
      set(column, 'text', value);
    }
  }
  return layers;
}

/** The output file name of a row: its `filename` column (made safe) or its zero-padded number. */
export function outputName(row: Row, index: number, total: number, ext: string): string {
  const given = row[FILENAME_COLUMN];
  if (typeof given === 'string' && given.trim() !== '') {
    // Only a name, never a path: "../x" or "a/b" stay inside the output folder.
    const base = given
      .trim()
      .replace(/[/\\]/g, '_')
      .replace(/^\.+/, '_')
      // eslint-disable-next-line no-control-regex -- control characters make no file name
      .replace(/[\u0000-\u001f]/g, '');
    return base.toLowerCase().endsWith(`.${ext}`) ? base : `${base}.${ext}`;
  }
  const width = Math.max(4, String(total).length);
  return `${String(index + 1).padStart(width, '0')}.${ext}`;
}
