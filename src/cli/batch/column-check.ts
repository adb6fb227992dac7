/**
 * The check of a batch's columns against its template, before any row is rendered: a column
 * naming no layer, a static layer (one the design marks `dynamic: false`) or a property its
 * layer's type does not have would be ignored in every row, so a typo would cost a whole batch.
 * The messages, "did you mean" included, are the API's own request warnings (the same function
 * builds both), so the check says what each row's warnings would say, once per column.
 */
import { requestWarnings, WarningBudget, type Design, type LayerData } from '../../render/index.ts';
import { FILENAME_COLUMN, type Row } from './batch-rows.ts';

/** One problem: the columns it concerns and the API's warning about them. */
export interface ColumnProblem {
  columns: string[];
  /** The warning's path, as the API's row warnings give it (`layers.titel`, `layers.photo.imag`). */
  path: string;
  message: string;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The columns of the rows by layer and property, as batch-rows reads them: `layer.property`, a
 * bare `layer` (its text), or in JSON a layer whose value is an object of properties.
 */
export function columnsByLayer(rows: Row[]): Map<string, Map<string, string>> {
  const layers = new Map<string, Map<string, string>>();
  const add = (layer: string, property: string, column: string) => {
    let props = layers.get(layer);
    if (!props) layers.set(layer, (props = new Map()));
    if (!props.has(property)) props.set(property, column);
  };
  for (const row of rows) {
    for (const [column, value] of Object.entries(row)) {
      if (column === FILENAME_COLUMN) continue;
      const dot = column.indexOf('.');
      // Malformed names (".x", "x.") are each row's problem (batch-rows names them).
      if (dot === 0 || dot === column.length - 1 || column === '') continue;
      if (dot > 0) add(column.slice(0, dot), column.slice(dot + 1), column);
      else if (isPlainObject(value))
        for (const property of Object.keys(value)) add(column, property, `${column}.${property}`);
      else add(column, 'text', column);
    }
  }
  return layers;
}

/** The columns whose values the template would ignore, with the API's warning for each. */
export function checkColumns(design: Design, rows: Row[]): ColumnProblem[] {
  const byMessage = new Map<string, ColumnProblem>();
  for (const [layer, props] of columnsByLayer(rows)) {
    for (const [property, column] of props) {
      // One column at a time: each warning then belongs to exactly one column.
      const data: LayerData = { [layer]: { [property]: '' } };
      const budget = new WarningBudget(Infinity, Infinity);
      for (const w of requestWarnings(design, data, budget)) {
        const key = `${w.path}\n${w.message}`;
        const known = byMessage.get(key);
        if (known) known.columns.push(column);
        else byMessage.set(key, { columns: [column], path: w.path, message: w.message });
      }
    }
  }
  return [...byMessage.values()];
}

/** One line per problem: `column "titel": the template has no layer "titel"; did you mean …`. */
export function columnProblemLines(problems: ColumnProblem[]): string[] {
  return problems.map((p) => {
    const names = p.columns.map((c) => `"${c}"`).join(', ');
    return `${p.columns.length > 1 ? 'columns' : 'column'} ${names}: ${p.message}`;
  });
}
