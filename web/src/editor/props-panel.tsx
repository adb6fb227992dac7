/**
 * The properties of the selected layer, one control per property of the renderer's registry
 * (specs.ts): the control follows the property's kind, so a new property needs no editor code.
 * A font file dropped onto the panel is uploaded to the project and used by the layer.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Api, Font, Layer, LayerData } from '../api.ts';
import { propsOf, SPECS, type PropSpec } from '../specs.ts';
import type { EditorDoc } from './doc.ts';
import { DraftField, NumberField } from './draft-field.tsx';
import { fileDropHandlers } from './file-drop.ts';
import { FontPicker } from './font-picker.tsx';
import { JsonField } from './json-field.tsx';
import { ownField } from './own-fields.tsx';
import { mainProp } from './test-data.tsx';
import { OverrideNote } from './test-override.tsx';
import { ColorSwatch } from './color-swatch.tsx';
import { geometryFirst, scrollToTop } from './props-order.ts';
import { WeightSelect } from './weight-select.tsx';
import { rememberColor, Swatches } from './swatches.tsx';

const label = (prop: string) => prop.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());
const FONT_FILE = /\.(ttf|otf|woff2?)$/i;
/** The layer box: every layer has it, so an empty field puts the stored value back. */
const GEOMETRY = ['x', 'y', 'width', 'height'];
/** The step of a length field: whole units, or hundredths of an inch. */
const lengthStep = (unit: string) => (unit === 'in' ? 0.01 : 1);

interface Props {
  doc: EditorDoc;
  api: Api;
  fonts: Font[];
  onFontUploaded: (font: Font) => void;
  /** The test data: a property it overrides is marked, with a button to clear the value. */
  testData?: LayerData;
  setTestData?: (d: LayerData) => void;
}

export function PropsPanel({ doc, api, fonts, onFontUploaded, testData, setTestData }: Props) {
  const [status, setStatus] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const layer = doc.selection.length === 1 ? doc.layer(doc.selection[0]) : undefined;
  // Another layer selected: the panel starts at its top (the geometry), wherever it was scrolled.
  const panel = useRef<HTMLElement>(null);
  useEffect(() => scrollToTop(panel.current), [layer?.name]);

  const upload = async (files: FileList | null | undefined) => {
    const file = [...(files ?? [])].find((f) => FONT_FILE.test(f.name));
    if (!file) {
      setStatus('Drop a TTF, OTF, WOFF or WOFF2 font file.');
      return;
    }
    setStatus(`Uploading ${file.name}…`);
    try {
      const font = await api.uploadFont(file);
      onFontUploaded(font);
      if (layer?.type === 'text') doc.update([layer.name], (l) => ({ ...l, font: font.uuid }));
      setStatus(`Font "${font.title}" uploaded.`);
    } catch (err) {
      setStatus(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <section
      ref={panel}
      class={`panel props${over ? ' drop' : ''}`}
      aria-label="Properties"
      {...fileDropHandlers(setOver, (files) => void upload(files))}
    >
      <h2>Properties</h2>
      {!layer && doc.selection.length === 0 ? (
        <p class="hint">Nothing selected: the document's settings are in the Document panel.</p>
      ) : !layer ? (
        <p class="hint">
          {doc.selection.length > 1
            ? `${doc.selection.length} layers selected.`
            : 'Select a layer to change it.'}
        </p>
      ) : (
        <form class="fields" onSubmit={(e) => e.preventDefault()} data-layer={layer.name}>
          <p class="meta">
            {layer.name} · {layer.type}
          </p>
          {geometryFirst(propsOf(layer.type)).map(([prop, spec]) => [
            <Field
              key={`${layer.name}.${prop}`}
              prop={prop}
              spec={spec}
              doc={doc}
              layer={layer}
              fonts={fonts}
              api={api}
              unit={doc.design.unit ?? 'px'}
              set={(value) =>
                doc.update(
                  [layer.name],
                  (l) => {
                    const next = { ...l, [prop]: value };
                    if (value === undefined) delete next[prop];
                    return next;
                  },
                  `${layer.name}.${prop}`,
                )
              }
            />,
            testData && setTestData && prop === mainProp(layer.type) && (
              <OverrideNote
                key={`${layer.name}.${prop}.override`}
                layer={layer.name}
                prop={prop}
                data={testData}
                setData={setTestData}
              />
            ),
          ])}
        </form>
      )}
      <div class="font-drop">
        <label class="button">
          Upload a font…
          <input
            type="file"
            class="visually-hidden"
            accept=".ttf,.otf,.woff,.woff2"
            data-testid="font-file"
            onChange={(e) => void upload(e.currentTarget.files)}
          />
        </label>
        <span class="hint">or drop a font file here</span>
      </div>
      {status && (
        <p role="status" class="hint">
          {status}
        </p>
      )}
    </section>
  );
}

interface FieldProps {
  prop: string;
  spec: PropSpec;
  doc: EditorDoc;
  layer: Layer;
  fonts: Font[];
  api: Api;
  /** The design's unit, shown beside lengths. */
  unit: string;
  set: (value: unknown) => void;
}

/** The schema's enum values of a custom property, when it has them. */
function schemaEnum(schema: Record<string, unknown>): string[] | null {
  const e = schema.enum as unknown[] | undefined;
  return e ? e.filter((v) => v !== null).map(String) : null;
}

function schemaNumber(schema: Record<string, unknown>): { min?: number; max?: number } | null {
  const parts = (schema.anyOf as Record<string, unknown>[] | undefined) ?? [schema];
  const n = parts.find((p) => p.type === 'number' || p.type === 'integer');
  return n ? { min: n.minimum as number, max: n.maximum as number } : null;
}

function Field({ prop, spec, doc, layer, fonts, api, unit, set }: FieldProps) {
  const own = ownField(doc, layer, prop, unit);
  if (own) return own;
  const id = `prop-${prop}`;
  const value = layer[prop];
  const help = spec.description;
  const row = (control: preact.ComponentChildren, unit?: string) => (
    <div class="field" title={help}>
      <label for={id}>{label(prop)}</label>
      <span class="control">
        {control}
        {unit && <span class="unit">{unit}</span>}
      </span>
    </div>
  );
  const num = (min?: number, max?: number, step = 1, shownUnit?: string, def?: number) =>
    row(
      <NumberField
        id={id}
        min={min}
        max={max}
        step={step}
        value={typeof value === 'number' || typeof value === 'string' ? value : undefined}
        placeholder={def === undefined ? '' : String(def)}
        optional={!GEOMETRY.includes(prop)}
        onValue={set}
      />,
      shownUnit,
    );

  if (prop === 'font' || prop === 'alt_font' || prop === 'header_font') {
    return row(
      <FontPicker
        id={id}
        api={api}
        value={value == null ? '' : String(value)}
        fonts={fonts}
        bundled={SPECS.fonts}
        onChange={(v) => set(v || undefined)}
      />,
    );
  }
  if (prop === 'font_weight')
    return row(<WeightSelect id={id} layer={layer} fonts={fonts} set={set} />);
  switch (spec.kind) {
    case 'px': {
      // The registry's bounds are in px; a pt, mm or in design measures in its own unit.
      const k = SPECS.units[unit] ?? 1;
      const inUnit = (v?: number) => (v === undefined ? v : Math.round((v / k) * 1000) / 1000);
      return num(inUnit(spec.min), inUnit(spec.max), lengthStep(unit), unit, spec.def);
    }
    case 'number':
      return num(spec.min, spec.max, spec.integer ? 1 : 0.1, undefined, spec.def);
    case 'boolean':
      return row(
        <input
          id={id}
          type="checkbox"
          checked={value === undefined || value === null ? spec.def : Boolean(value)}
          onChange={(e) => set(e.currentTarget.checked)}
        />,
      );
    case 'enum':
      return spec.values.length <= 4 ? (
        <Toggles
          id={id}
          prop={prop}
          values={spec.values}
          value={value ?? spec.def}
          set={set}
          help={help}
        />
      ) : (
        row(
          <select
            id={id}
            value={String(value ?? spec.def)}
            onChange={(e) => set(e.currentTarget.value)}
          >
            {spec.values.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>,
        )
      );
    case 'color':
      return row(<ColorInput id={id} api={api} value={value} def={spec.def} set={set} />);
    case 'string':
      return row(
        prop === 'text' ? (
          <textarea
            id={id}
            rows={3}
            maxLength={spec.max}
            value={value == null ? '' : String(value)}
            onInput={(e) => set(e.currentTarget.value)}
          />
        ) : (
          <input
            id={id}
            maxLength={spec.max}
            value={value == null ? '' : String(value)}
            onInput={(e) => set(e.currentTarget.value)}
          />
        ),
      );
    case 'url':
      return row(
        <DraftField
          id={id}
          type="url"
          value={value == null ? '' : String(value)}
          placeholder="https://…"
          onCommit={(field) => set(field.value.trim() || null)}
        />,
      );
    case 'custom': {
      // Structured values (a table's columns and rows) are edited as JSON; text that does not
      // parse is left unapplied until it does.
      if (String(spec.schema.type).includes('array'))
        return row(<JsonField id={id} value={value} set={set} />);
      const values = schemaEnum(spec.schema);
      if (values)
        return row(
          <select
            id={id}
            value={value == null ? '' : String(value)}
            onChange={(e) => {
              const v = e.currentTarget.value;
              set(v === '' ? undefined : /^\d+$/.test(v) ? Number(v) : v);
            }}
          >
            <option value="">Default</option>
            {values.map((v) => (
              <option key={v} value={v}>
                {v}
              </option>
            ))}
          </select>,
        );
      const n = schemaNumber(spec.schema);
      const geometry = GEOMETRY.includes(prop);
      if (n && (geometry || !String(JSON.stringify(spec.schema)).includes('"string"')))
        return num(n.min, n.max, geometry ? lengthStep(unit) : 1, geometry ? unit : undefined);
      return row(
        <DraftField
          id={id}
          value={value == null ? '' : String(value)}
          onCommit={(field) => {
            const v = field.value.trim();
            set(v === '' ? undefined : n && /^-?\d+(\.\d+)?$/.test(v) ? Number(v) : v);
          }}
        />,
      );
    }
  }
}

function Toggles(props: {
  id: string;
  prop: string;
  values: readonly string[];
  value: unknown;
  set: (v: unknown) => void;
  help: string;
}) {
  return (
    <div class="field" title={props.help}>
      <span id={props.id}>{label(props.prop)}</span>
      <span class="control toggles" role="group" aria-labelledby={props.id}>
        {props.values.map((v) => (
          <button
            key={v}
            type="button"
            aria-pressed={String(props.value).toLowerCase() === v}
            onClick={() => props.set(v)}
          >
            {v}
          </button>
        ))}
      </span>
    </div>
  );
}

/** #RRGGBB from a colour value when it is one (the colour input needs that form). */
function hex6(v: unknown): string {
  const s = typeof v === 'string' ? v.trim() : '';
  if (/^#[0-9a-f]{6}([0-9a-f]{2})?$/i.test(s)) return s.slice(0, 7).toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(s))
    return `#${[...s.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  return '#000000';
}

function ColorInput(props: {
  id: string;
  api: Api;
  value: unknown;
  def: string | null;
  set: (v: unknown) => void;
}) {
  const current = props.value == null ? (props.def ?? '') : String(props.value);
  return (
    <>
      <ColorSwatch
        color={current}
        id={props.id}
        type="color"
        value={hex6(current)}
        onInput={(e) => {
          // Keep the alpha of #RRGGBBAA when the picker changes the colour.
          const alpha = /^#[0-9a-f]{8}$/i.test(current) ? current.slice(7) : '';
          props.set(e.currentTarget.value + alpha);
        }}
        onChange={(e) => rememberColor(e.currentTarget.value)}
      />
      <DraftField
        id={`${props.id}-text`}
        class="hex"
        aria-label={`${label(props.id.replace('prop-', ''))} as hex or rgba`}
        value={current}
        placeholder={props.def ?? 'none'}
        onCommit={(field) => {
          props.set(field.value.trim() || (props.def === null ? null : undefined));
          rememberColor(field.value);
        }}
      />
      <Swatches
        api={props.api}
        id={props.id}
        label={label(props.id.replace('prop-', ''))}
        current={current}
        onPick={(v) => props.set(v)}
      />
    </>
  );
}
