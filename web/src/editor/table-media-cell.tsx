/**
 * A barcode or picture cell of the table grid, edited in fields rather than JSON: a barcode's
 * value and format (the barcode layer's formats, from the registry), a picture's URL. Other
 * object cells (which the renderer refuses) are shown as they are, for the JSON field to fix.
 */
import { SPECS } from '../specs.ts';

/** The formats a barcode cell takes: those of the barcode layer type. */
function barcodeFormats(): readonly string[] {
  const spec = SPECS.types.barcode?.format;
  return spec?.kind === 'enum' ? spec.values : ['qrcode'];
}

export function MediaCell(p: {
  cell: Record<string, unknown>;
  /** Names the cell's fields, e.g. "Row 2, Code". */
  label: string;
  onChange: (cell: Record<string, unknown>, merge?: boolean) => void;
}) {
  const { cell, label } = p;
  const text = (v: unknown) => (v == null ? '' : String(v));
  if (cell.type === 'barcode') {
    const formats = barcodeFormats();
    const format = text(cell.format).trim().toLowerCase() || 'qrcode';
    return (
      <span class="media-cell" title="Barcode">
        <span class="media-kind" aria-hidden="true">
          ▦
        </span>
        <input
          aria-label={`${label}, barcode value`}
          value={text(cell.value)}
          onInput={(e) => p.onChange({ ...cell, value: e.currentTarget.value }, true)}
        />
        <select
          aria-label={`${label}, barcode format`}
          value={format}
          onChange={(e) => p.onChange({ ...cell, format: e.currentTarget.value })}
        >
          {(formats.includes(format) ? formats : [format, ...formats]).map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
      </span>
    );
  }
  if (cell.type === 'picture') {
    return (
      <span class="media-cell" title="Picture">
        <span class="media-kind" aria-hidden="true">
          ▣
        </span>
        <input
          type="url"
          aria-label={`${label}, picture URL`}
          placeholder="https://…"
          value={text(cell.url)}
          onInput={(e) => p.onChange({ ...cell, url: e.currentTarget.value }, true)}
        />
      </span>
    );
  }
  return (
    <span class="object-cell" title={JSON.stringify(cell)}>
      {String(cell.type ?? 'object')}
    </span>
  );
}
