/**
 * A table layer's columns and rows edited as grids rather than JSON: columns added, removed,
 * moved, titled, sized and aligned (their cells in every row move with them); rows as a grid of
 * text cells, with rows added, removed and moved, spreadsheet text pasted into a cell spreading
 * over the cells right and below, and "Paste CSV" replacing or extending the rows. Barcode and
 * picture cells have their own fields (table-media-cell.tsx); "Edit as JSON" changes everything.
 * The same rows grid edits a table's rows in the test data.
 */
import { useState } from 'preact/hooks';
import type { Layer } from '../api.ts';
import { parseCsv, rowsForColumns } from './csv.ts';
import type { EditorDoc } from './doc.ts';
import { DraftField } from './draft-field.tsx';
import { JsonField } from './json-field.tsx';
import { MediaCell } from './table-media-cell.tsx';
import './table-grid.css';

export interface Column {
  title?: string;
  key?: string;
  width?: number | string | null;
  align?: string;
}
export type Cell = string | Record<string, unknown>;

const ALIGNS = ['left', 'center', 'right'] as const;
/** Rows drawn in the grid at most; the rest are kept and can be edited as JSON. */
export const GRID_ROWS_SHOWN = 200;

export const columnsOf = (v: unknown): Column[] =>
  Array.isArray(v)
    ? v.filter((c): c is Column => typeof c === 'object' && c !== null && !Array.isArray(c))
    : [];

/** A row as cells in column order (a row may arrive as an object keyed by column key). */
function cellsOf(row: unknown, columns: Column[]): Cell[] {
  if (Array.isArray(row))
    return row.map((c) => (c == null ? '' : typeof c === 'object' ? c : String(c)));
  if (typeof row === 'object' && row !== null) {
    const r = row as Record<string, unknown>;
    return columns.map((c) => {
      const v = r[c.key ?? c.title ?? ''];
      return v == null ? '' : typeof v === 'object' ? (v as Record<string, unknown>) : String(v);
    });
  }
  return [];
}

export const rowsOf = (v: unknown, columns: Column[]): Cell[][] =>
  Array.isArray(v) ? v.map((r) => cellsOf(r, columns)) : [];

/** `row` with empty cells added up to `n`. */
const padTo = (row: Cell[], n: number): Cell[] =>
  row.length >= n ? row : [...row, ...Array<string>(n - row.length).fill('')];

const move = <T,>(list: T[], from: number, to: number): T[] => {
  if (to < 0 || to >= list.length) return list;
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item);
  return next;
};

/** Editing both lists of one table layer in the design, as one undoable step. */
function useTableLayer(doc: EditorDoc, layer: Layer) {
  const columns = columnsOf(layer.columns);
  const rows = rowsOf(layer.rows, columns);
  const set = (next: { columns?: Column[]; rows?: Cell[][] }, mergeKey?: string) =>
    doc.update([layer.name], (l) => ({ ...l, ...next }), mergeKey);
  return { columns, rows, set };
}

export function ColumnsGrid({ doc, layer, unit }: { doc: EditorDoc; layer: Layer; unit: string }) {
  const { columns, rows, set } = useTableLayer(doc, layer);
  const key = `${layer.name}.columns`;
  const change = (i: number, patch: Partial<Column>, merge = true) =>
    set(
      {
        columns: columns.map((c, j) => {
          if (j !== i) return c;
          const next: Column = { ...c, ...patch };
          for (const [k, v] of Object.entries(patch))
            if (v === undefined) delete next[k as keyof Column];
          return next;
        }),
      },
      merge ? `${key}.${i}` : undefined,
    );
  const moveColumn = (i: number, to: number) =>
    set({ columns: move(columns, i, to), rows: rows.map((r) => move(r, i, to)) });
  const remove = (i: number) =>
    set({
      columns: columns.filter((_, j) => j !== i),
      rows: rows.map((r) => r.filter((_, j) => j !== i)),
    });
  const add = () =>
    set({
      columns: [...columns, { title: `Column ${columns.length + 1}` }],
      rows: rows.map((r) => [...padTo(r, columns.length), '']),
    });
  return (
    <div class="table-grid columns-grid" role="group" aria-label={`Columns of ${layer.name}`}>
      <div class="grid-head">
        <span>Columns</span>
        <button type="button" onClick={add}>
          Add column
        </button>
      </div>
      <table>
        <thead>
          <tr>
            <th scope="col">Title</th>
            <th scope="col" title={`Width in ${unit}; empty shares the rest of the table's width`}>
              Width
            </th>
            <th scope="col">Align</th>
            <th scope="col">
              <span class="visually-hidden">Order</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {columns.map((c, i) => {
            const name = c.title || `column ${i + 1}`;
            return (
              <tr key={i}>
                <td>
                  <input
                    aria-label={`Title of column ${i + 1}`}
                    value={c.title ?? ''}
                    onInput={(e) => change(i, { title: e.currentTarget.value })}
                  />
                </td>
                <td>
                  <DraftField
                    id={`${layer.name}-col-${i}-width`}
                    class="width"
                    aria-label={`Width of ${name}`}
                    value={c.width == null ? '' : String(c.width)}
                    placeholder="auto"
                    onCommit={(field) => {
                      const v = field.value.trim();
                      const n = Number(v);
                      if (v !== '' && !(n > 0)) {
                        field.setCustomValidity(`A width above 0 in ${unit}, or empty for auto`);
                        field.reportValidity();
                        return;
                      }
                      field.setCustomValidity('');
                      change(i, { width: v === '' ? undefined : n }, false);
                    }}
                  />
                </td>
                <td>
                  <select
                    aria-label={`Alignment of ${name}`}
                    value={c.align ?? 'left'}
                    onChange={(e) => change(i, { align: e.currentTarget.value }, false)}
                  >
                    {ALIGNS.map((a) => (
                      <option key={a} value={a}>
                        {a}
                      </option>
                    ))}
                  </select>
                </td>
                <td class="row-actions">
                  <button
                    type="button"
                    class="icon"
                    aria-label={`Move ${name} left`}
                    disabled={i === 0}
                    onClick={() => moveColumn(i, i - 1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    class="icon"
                    aria-label={`Move ${name} right`}
                    disabled={i === columns.length - 1}
                    onClick={() => moveColumn(i, i + 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    class="icon"
                    aria-label={`Remove ${name}`}
                    onClick={() => remove(i)}
                  >
                    ✕
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {columns.length === 0 && <p class="hint">No columns: add one.</p>}
    </div>
  );
}

/** Rows edited in the design's table layer. */
export function DesignRowsGrid({ doc, layer }: { doc: EditorDoc; layer: Layer }) {
  const { columns, rows, set } = useTableLayer(doc, layer);
  return (
    <RowsGrid
      label={`Rows of ${layer.name}`}
      columns={columns}
      rows={rows}
      onRows={(next, merge) => set({ rows: next }, merge ? `${layer.name}.rows` : undefined)}
    />
  );
}

interface RowsProps {
  label: string;
  columns: Column[];
  rows: Cell[][];
  /** The new rows; `merge` when typing in a cell (one undo step for a word). */
  onRows: (rows: Cell[][], merge?: boolean) => void;
}

/** Rows as a grid of cells, with "Paste CSV". */
export function RowsGrid({ label, columns, rows, onRows }: RowsProps) {
  const [csvOpen, setCsvOpen] = useState(false);
  const [csv, setCsv] = useState('');
  const [status, setStatus] = useState<{ text: string; error?: boolean } | null>(null);
  const n = columns.length;
  const blank = (): Cell[] => Array<string>(n).fill('');
  const padded = (r: Cell[]) => padTo(r, n);
  const setCell = (i: number, j: number, v: Cell, merge = true) =>
    onRows(
      rows.map((r, k) => (k === i ? padded(r).map((c, m) => (m === j ? v : c)) : r)),
      merge,
    );
  /** Spreadsheet text pasted into cell (i, j): fills the cells right and below, adding rows. */
  const pasteAt = (i: number, j: number, text: string) => {
    const table = parseCsv(text, text.includes('\t') ? '\t' : undefined);
    const next = rows.map((r) => padded([...r]));
    table.forEach((line, di) => {
      const k = i + di;
      while (next.length <= k) next.push(blank());
      line.forEach((v, dj) => {
        if (j + dj < n) next[k][j + dj] = v;
      });
    });
    onRows(next);
  };
  const readCsv = (mode: 'replace' | 'append') => {
    try {
      const { rows: read, header } = rowsForColumns(parseCsv(csv), columns);
      onRows(mode === 'replace' ? read : [...rows, ...read]);
      setStatus({
        text: `${read.length} row${read.length === 1 ? '' : 's'} read${header ? ' (the first line named the columns)' : ''}.`,
      });
      setCsv('');
      setCsvOpen(false);
    } catch (err) {
      setStatus({ text: (err as Error).message, error: true });
    }
  };
  const shown = rows.slice(0, GRID_ROWS_SHOWN);
  return (
    <div class="table-grid rows-grid" role="group" aria-label={label}>
      <div class="grid-head">
        <span>
          {rows.length} row{rows.length === 1 ? '' : 's'}
        </span>
        <button type="button" onClick={() => onRows([...rows, blank()])} disabled={n === 0}>
          Add row
        </button>
        <button
          type="button"
          aria-expanded={csvOpen}
          onClick={() => setCsvOpen((o) => !o)}
          disabled={n === 0}
        >
          Paste CSV…
        </button>
      </div>
      {csvOpen && (
        <div class="csv-paste">
          <textarea
            rows={5}
            aria-label={`CSV for ${label}`}
            placeholder={`${columns.map((c) => c.title ?? '').join(',')}\n…`}
            spellcheck={false}
            value={csv}
            onInput={(e) => setCsv(e.currentTarget.value)}
          />
          <p class="hint">
            Comma, semicolon or tab separated; quoted fields may hold line breaks. A first line of
            column titles is matched by name.
          </p>
          <button type="button" onClick={() => readCsv('replace')} disabled={!csv.trim()}>
            Replace rows
          </button>
          <button type="button" onClick={() => readCsv('append')} disabled={!csv.trim()}>
            Add rows
          </button>
        </div>
      )}
      {status && (
        <p role={status.error ? 'alert' : 'status'} class={status.error ? 'error' : 'hint'}>
          {status.text}
        </p>
      )}
      {n > 0 && (
        <div class="grid-scroll">
          <table>
            <thead>
              <tr>
                <th scope="col">
                  <span class="visually-hidden">Row</span>
                </th>
                {columns.map((c, j) => (
                  <th scope="col" key={j} style={{ textAlign: c.align ?? 'left' }}>
                    {c.title}
                  </th>
                ))}
                <th scope="col">
                  <span class="visually-hidden">Order</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {shown.map((r, i) => (
                <tr key={i}>
                  <th scope="row">{i + 1}</th>
                  {columns.map((c, j) => {
                    const cell = r[j] ?? '';
                    return (
                      <td key={j} class={c.width == null ? 'auto' : undefined}>
                        {typeof cell === 'object' ? (
                          <MediaCell
                            cell={cell}
                            label={`Row ${i + 1}, ${c.title || `column ${j + 1}`}`}
                            onChange={(v, merge) => setCell(i, j, v, merge)}
                          />
                        ) : (
                          <input
                            aria-label={`Row ${i + 1}, ${c.title || `column ${j + 1}`}`}
                            value={cell}
                            style={{ textAlign: c.align ?? 'left' }}
                            onInput={(e) => setCell(i, j, e.currentTarget.value)}
                            onPaste={(e) => {
                              const text = e.clipboardData?.getData('text/plain') ?? '';
                              if (!/[\t\n\r]/.test(text)) return;
                              e.preventDefault();
                              pasteAt(i, j, text);
                            }}
                          />
                        )}
                      </td>
                    );
                  })}
                  <td class="row-actions">
                    <button
                      type="button"
                      class="icon"
                      aria-label={`Move row ${i + 1} up`}
                      disabled={i === 0}
                      onClick={() => onRows(move(rows, i, i - 1))}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      class="icon"
                      aria-label={`Move row ${i + 1} down`}
                      disabled={i === rows.length - 1}
                      onClick={() => onRows(move(rows, i, i + 1))}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      class="icon"
                      aria-label={`Remove row ${i + 1}`}
                      onClick={() => onRows(rows.filter((_, k) => k !== i))}
                    >
                      ✕
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {rows.length > GRID_ROWS_SHOWN && (
        <p class="hint">
          The first {GRID_ROWS_SHOWN} of {rows.length} rows are shown; edit all of them as JSON.
        </p>
      )}
    </div>
  );
}

/** The properties a table layer edits in grids (in the properties panel, in their place). */
export const TABLE_GRID_PROPS = new Set(['columns', 'rows']);

/** The grid of `prop` (columns or rows) of a table layer, with its JSON below. */
export function TableGridField({
  doc,
  layer,
  prop,
  unit,
}: {
  doc: EditorDoc;
  layer: Layer;
  prop: string;
  unit: string;
}) {
  const set = (value: unknown) =>
    doc.update([layer.name], (l) => {
      const next = { ...l, [prop]: value };
      if (value === undefined) delete next[prop];
      return next;
    });
  return (
    <div class="field wide">
      {prop === 'columns' ? (
        <ColumnsGrid doc={doc} layer={layer} unit={unit} />
      ) : (
        <DesignRowsGrid doc={doc} layer={layer} />
      )}
      <details class="as-json">
        <summary>{prop === 'columns' ? 'Columns' : 'Rows'} as JSON</summary>
        <JsonField id={`prop-${prop}`} value={layer[prop]} set={set} />
      </details>
    </div>
  );
}
