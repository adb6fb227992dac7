/**
 * Properties with controls of their own in the properties panel, instead of the one their kind
 * gives: a table's columns and rows as grids, and `repeat` as the pages a layer appears on.
 */
import type { Layer } from '../api.ts';
import type { EditorDoc } from './doc.ts';
import { RepeatField } from './repeat.tsx';
import { TABLE_GRID_PROPS, TableGridField } from './table-grid.tsx';

/** The control of `prop` when it has its own, or null for the panel's usual one. */
export function ownField(doc: EditorDoc, layer: Layer, prop: string, unit: string) {
  if (layer.type === 'table' && TABLE_GRID_PROPS.has(prop))
    return <TableGridField doc={doc} layer={layer} prop={prop} unit={unit} />;
  if (prop === 'repeat') return <RepeatField doc={doc} layer={layer} />;
  return null;
}
