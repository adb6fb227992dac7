/** The table layer's properties (the type is in index.ts; drawing and layout read these types). */
import { propSpecs } from '../../design/prop-specs.ts';
import type { LayerOf } from '../../types.ts';
import { checkFontRef, fontRefSchema, isFontRef } from '../text/text-props.ts';
import {
  checkColumns,
  checkRows,
  columnsSchema,
  isColumns,
  isRows,
  rowsSchema,
} from './table-data.ts';

/** A font reference as text layers take it: a font uuid or bundled family name, or null. */
const fontRef = (description: string) =>
  ({
    kind: 'custom',
    check: checkFontRef,
    is: isFontRef,
    schema: fontRefSchema,
    description,
  }) as const;

/** The table layer's properties, in the order they are checked (columns before rows). */
export const TABLE_PROPS = propSpecs({
  columns: {
    kind: 'custom',
    check: checkColumns,
    is: isColumns,
    schema: columnsSchema,
    description:
      'The columns, left to right, each an object with title, key (its name in object rows; default: the title), width (in the unit of the design; columns without one share the rest of the layer width) and align (left, center or right). JSON text of the list is read as the list.',
  },
  rows: {
    kind: 'custom',
    check: checkRows,
    is: isRows,
    schema: rowsSchema,
    description:
      'The rows: arrays of cells in column order, or objects keyed by column key. A cell is text, a barcode (an object with type barcode, value and format) or a picture (type picture and url). JSON text of the list is read as the list.',
  },
  show_header: {
    kind: 'boolean',
    def: true,
    description: 'Draw the column titles as a header row (repeated on every PDF page).',
  },
  font: fontRef('Body font: a font uuid or bundled family name; null for the default.'),
  font_size: { kind: 'px', def: 14, min: 1, max: 2000, description: 'Body font size.' },
  font_weight: {
    kind: 'number',
    def: 400,
    min: 1,
    max: 1000,
    integer: true,
    description: 'Body font weight (400 = normal, 700 = bold).',
  },
  text_color: { kind: 'color', def: '#111827', description: 'Body text colour (also barcodes).' },
  line_height: {
    kind: 'number',
    def: 1.3,
    min: 0.5,
    max: 5,
    description: 'Line height of cell text as a multiple of the font size.',
  },
  header_font: fontRef('Header font; null for the body font.'),
  header_font_size: { kind: 'px', def: 14, min: 1, max: 2000, description: 'Header font size.' },
  header_font_weight: {
    kind: 'number',
    def: 700,
    min: 1,
    max: 1000,
    integer: true,
    description: 'Header font weight.',
  },
  header_text_color: { kind: 'color', def: '#111827', description: 'Header text colour.' },
  header_background_color: {
    kind: 'color',
    def: '#e5e7eb',
    nullable: true,
    description: 'Header background; null or "" for none.',
  },
  background_color: {
    kind: 'color',
    def: null,
    description: 'Background of body rows; null or "" for none.',
  },
  zebra_color: {
    kind: 'color',
    def: null,
    description: 'Background of every second body row (2nd, 4th…); null or "" for none.',
  },
  border_width: {
    kind: 'px',
    def: 1,
    min: 0,
    max: 100,
    description: 'Width of the grid lines (0 = none).',
  },
  border_color: { kind: 'color', def: '#d1d5db', description: 'Colour of the grid lines.' },
  padding: {
    kind: 'px',
    def: 6,
    min: 0,
    max: 1000,
    description: "Space between a cell's edge and its content.",
  },
  media_height: {
    kind: 'px',
    def: 40,
    min: 1,
    max: 10_000,
    description: "Height of barcode and picture cells' content.",
  },
});

/** A table layer with its properties checked. */
export type TableLayer = LayerOf<typeof TABLE_PROPS>;
