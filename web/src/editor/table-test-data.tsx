/**
 * A table layer's rows in the test data: a grid of the rows the previews use instead of the
 * design's (they start as a copy of the design's rows), filled by typing, by pasting from a
 * spreadsheet or with "Paste CSV", or as JSON (barcode and picture cells); "Use the design's rows"
 * drops them.
 */
import type { Layer, LayerData } from '../api.ts';
import { RowsField } from './rows-field.tsx';
import { columnsOf, rowsOf, RowsGrid } from './table-grid.tsx';

interface Props {
  layer: Layer;
  data: LayerData;
  setData: (d: LayerData) => void;
}

export function TableTestData({ layer, data, setData }: Props) {
  const columns = columnsOf(layer.columns);
  const own = data[layer.name]?.rows;
  const rows = rowsOf(own ?? layer.rows, columns);
  const setRows = (next: unknown[] | undefined) => {
    const d = { ...data };
    if (next === undefined) delete d[layer.name];
    else d[layer.name] = { rows: next };
    setData(d);
  };
  return (
    <div class="field wide table-test-data">
      <p class="test-data-label">
        {layer.name} <span class="hint">rows{own === undefined ? ', as in the design' : ''}</span>
      </p>
      <RowsGrid
        label={`Test rows of ${layer.name}`}
        columns={columns}
        rows={rows}
        onRows={(next) => setRows(next)}
      />
      <details class="json">
        <summary>JSON of the test rows</summary>
        <RowsField
          id={`data-${layer.name}`}
          value={own}
          onValue={(v) => setRows(v as unknown[] | undefined)}
        />
      </details>
      {own !== undefined && (
        <button type="button" onClick={() => setRows(undefined)}>
          Use the design's rows
        </button>
      )}
    </div>
  );
}
