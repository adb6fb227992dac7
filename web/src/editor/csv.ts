/**
 * CSV (and the tab-separated text a spreadsheet copies) read into rows for a table layer: fields
 * in double quotes may hold the delimiter, line breaks and doubled quotes (""), as RFC 4180 has
 * it; lines end in LF, CRLF or CR. The delimiter is a comma, semicolon or tab, whichever the first
 * line holds most of outside quotes. No DOM: the editor and its unit tests share this module.
 */

export type Delimiter = ',' | ';' | '\t';

/** The delimiter the first line of `text` uses most outside quotes (a comma when none). */
export function detectDelimiter(text: string): Delimiter {
  const counts: Record<Delimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && (ch === ',' || ch === ';' || ch === '\t')) counts[ch]++;
  }
  const best = (['\t', ';', ','] as const).reduce((a, b) => (counts[b] > counts[a] ? b : a), ',');
  return counts[best] > 0 ? best : ',';
}

/**
 * The rows of `text`, each a list of fields. A quote opens a quoted field only at the start of a
 * field; inside one, "" is a quote. Blank lines are left out, and so is a final line break.
 * Throws naming the line when a quoted field is never closed.
 */
export function parseCsv(text: string, delimiter: Delimiter = detectDelimiter(text)): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  // Whether the current field began with a quote (and so what follows its closing quote is
  // appended as written, as most spreadsheets do for `"a"b`).
  let started = false;
  let line = 1;
  let quoteLine = 0;
  const endRow = () => {
    row.push(field);
    // A line with nothing on it is not a row of one empty cell.
    if (!(row.length === 1 && row[0] === '' && !started)) rows.push(row);
    row = [];
    field = '';
    started = false;
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i++;
        } else quoted = false;
      } else {
        if (ch === '\n' || (ch === '\r' && text[i + 1] !== '\n')) line++;
        field += ch;
      }
      continue;
    }
    if (ch === '"' && field === '' && !started) {
      quoted = true;
      started = true;
      quoteLine = line;
    } else if (ch === delimiter) {
      row.push(field);
      field = '';
      started = false;
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      line++;
      endRow();
    } else field += ch;
  }
  if (quoted) throw new Error(`The quoted field that starts on line ${quoteLine} is never closed.`);
  if (field !== '' || row.length > 0 || started) endRow();
  return rows;
}

const norm = (s: string) => s.trim().toLowerCase();

/**
 * Table rows from parsed CSV, in the order of `columns`. When the first row names the columns
 * (each of its fields is a column's title or key, and at least one matches) it is a header: it is
 * left out and the fields are matched by name, so the CSV's columns may come in another order and
 * columns it lacks stay empty. Otherwise fields go to the columns in order. Rows are cut or padded
 * to the number of columns.
 */
export function rowsForColumns(
  csv: string[][],
  columns: ReadonlyArray<{ title?: string; key?: string }>,
): { rows: string[][]; header: boolean } {
  const n = columns.length;
  const names = columns.map((c) => [c.key ?? c.title ?? '', c.title ?? ''].map(norm));
  const first = csv[0] ?? [];
  const index = first.map((f) => names.findIndex((ns) => ns.includes(norm(f)) && norm(f) !== ''));
  const header =
    first.length > 0 &&
    index.some((i) => i >= 0) &&
    index.every((i, j) => i >= 0 || first[j].trim() === '');
  if (!header) {
    return {
      rows: csv.map((r) => Array.from({ length: n }, (_, i) => r[i] ?? '')),
      header: false,
    };
  }
  // Column i takes the CSV field whose header named it.
  const from = Array.from({ length: n }, (_, i) => index.indexOf(i));
  return {
    rows: csv.slice(1).map((r) => from.map((j) => (j >= 0 ? (r[j] ?? '') : ''))),
    header: true,
  };
}
