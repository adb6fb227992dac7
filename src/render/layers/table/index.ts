/**
 * The table layer: `columns` and `rows` (from the request), header and body text styles, zebra
 * rows, a grid and cell padding. Cells wrap text like text layers and may hold a barcode or a
 * picture. An image cuts the table at its box (with a warning); a PDF continues it on new pages
 * made from the same template (render/flow/flow-pages.ts). See docs/tables.md.
 */
import { defineLayerType } from '../typed-layer.ts';
import { drawTable } from './draw-table.ts';
import { isRows, scaleColumns } from './table-data.ts';
import { TABLE_PROPS } from './table-props.ts';

export type { TableCell, TableColumn } from './table-data.ts';
export { TABLE_PROPS } from './table-props.ts';

/** The table layer type. */
export const tableLayer = defineLayerType({
  type: 'table',
  listedAs: 'table',
  props: TABLE_PROPS,
  editor: {
    label: 'table',
    icon: '▤',
    size: { width: 500, height: 240, widthShare: 0.8, heightShare: 0.5 },
    starter: {
      columns: [{ title: 'Item' }, { title: 'Qty', width: 80, align: 'right' }],
      rows: [
        ['First item', '1'],
        ['Second item', '2'],
      ],
    },
  },
  assetField: 'rows',
  assetUrls: (layer) => {
    const urls: string[] = [];
    for (const row of isRows(layer.rows) ? layer.rows : [])
      for (const cell of row)
        if (typeof cell === 'object' && cell.type === 'picture') urls.push(cell.url);
    return urls;
  },
  scaleLengths(layer, k) {
    layer.columns = scaleColumns(layer.columns, k);
  },
  draw: drawTable,
});
