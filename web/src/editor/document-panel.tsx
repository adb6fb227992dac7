/**
 * The document's own settings, shown when no layer is selected: page size and unit, background
 * colour or picture, raster dpi and PDF bleed of print designs, and "Resize to another format"
 * (a copy of the template at a new size, resize-dialog.tsx). Every change is a design change like any other:
 * undoable and saved by autosave through the public API.
 */
import { useState } from 'preact/hooks';
import type { Api, Design, Layer } from '../api.ts';
import { SPECS } from '../specs.ts';
import type { EditorDoc } from './doc.ts';
import { LOCKED } from './doc.ts';
import { DraftField, NumberField } from './draft-field.tsx';
import { lengthsOf } from './lengths.ts';
import { convertUnit } from './resize.ts';
import { ResizeDialog } from './resize-dialog.tsx';
import { Swatches } from './swatches.tsx';

type Unit = NonNullable<Design['unit']>;
const UNITS: Unit[] = ['px', 'pt', 'mm', 'in'];
/** The largest page side in px (the renderer's MAX_CANVAS_SIDE). */
const MAX_SIDE_PX = 16_000;
/** Bounds of a print design's raster dpi (validate-design.ts) and its default. */
const DPI = { min: 36, max: 1200, def: 150 };
/** The name of the layer that holds a background picture. */
export const BACKGROUND_LAYER = 'background';

/** A page-filling picture layer under everything else, locked so clicks reach the layers above. */
function backgroundPicture(design: Design, image: string): Layer {
  return {
    name: BACKGROUND_LAYER,
    type: 'picture',
    x: 0,
    y: 0,
    width: design.width,
    height: design.height,
    image,
    object_fit: 'cover',
    [LOCKED]: true,
  };
}

function hex6(v: string | null): string {
  const s = (v ?? '').trim();
  if (/^#[0-9a-f]{6}([0-9a-f]{2})?$/i.test(s)) return s.slice(0, 7).toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(s))
    return `#${[...s.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  return '#ffffff';
}

export function DocumentPanel(props: { doc: EditorDoc; api: Api; uuid: string; title: string }) {
  const { doc, api } = props;
  const design = doc.design;
  const unit: Unit = design.unit ?? 'px';
  const physical = unit !== 'px';
  const maxSide = Math.floor((MAX_SIDE_PX / SPECS.units[unit]) * 100) / 100;
  const [status, setStatus] = useState<string | null>(null);
  const [resizing, setResizing] = useState(false);
  const bgLayer = design.layers.find((l) => l.name === BACKGROUND_LAYER && l.type === 'picture');
  const transparent = design.background === null || design.background === 'transparent';

  const set = (patch: Partial<Design>, key: string) => {
    const next: Design = { ...doc.design, ...patch };
    for (const [k, v] of Object.entries(patch)) if (v === undefined) delete next[k];
    doc.commit(next, `document.${key}`);
  };
  const setSide = (side: 'width' | 'height', v: number | undefined) => {
    if (v === undefined) return;
    const value = physical ? Math.round(v * 100) / 100 : Math.round(v);
    if (value <= 0) return;
    const layers = doc.design.layers.map((l) =>
      // The background picture follows the page.
      l.name === BACKGROUND_LAYER && l.type === 'picture' ? { ...l, [side]: value } : l,
    );
    set({ [side]: value, layers }, side);
  };
  const upload = async (files: FileList | null) => {
    const file = files?.[0];
    if (!file) return;
    setStatus(`Uploading ${file.name}…`);
    try {
      const url = await api.uploadMedia(file);
      const d = doc.design;
      const others = d.layers.filter((l) => l !== bgLayer);
      doc.commit({ ...d, layers: [backgroundPicture(d, url), ...others] });
      setStatus(null);
    } catch (err) {
      setStatus(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <section class="panel document" aria-label="Document">
      <h2>Document</h2>
      <form class="fields" onSubmit={(e) => e.preventDefault()}>
        <div class="field">
          <label for="doc-width">Width</label>
          <span class="control">
            <NumberField
              id="doc-width"
              value={design.width}
              min={physical ? 0.01 : 1}
              max={maxSide}
              step={physical ? 0.01 : 1}
              optional={false}
              onValue={(v) => setSide('width', v)}
            />
            <span class="unit">{unit}</span>
          </span>
        </div>
        <div class="field">
          <label for="doc-height">Height</label>
          <span class="control">
            <NumberField
              id="doc-height"
              value={design.height}
              min={physical ? 0.01 : 1}
              max={maxSide}
              step={physical ? 0.01 : 1}
              optional={false}
              onValue={(v) => setSide('height', v)}
            />
            <span class="unit">{unit}</span>
          </span>
        </div>
        <div
          class="field"
          title="Every length of the design is in this unit; changing it converts them."
        >
          <label for="doc-unit">Unit</label>
          <span class="control">
            <select
              id="doc-unit"
              value={unit}
              onChange={(e) =>
                doc.commit(
                  convertUnit(doc.design, e.currentTarget.value as Unit, lengthsOf),
                  undefined,
                )
              }
            >
              {UNITS.map((u) => (
                <option key={u} value={u}>
                  {u}
                </option>
              ))}
            </select>
          </span>
        </div>
        <div class="field">
          <label for="doc-background">Background</label>
          <span class="control">
            <input
              id="doc-background"
              type="color"
              disabled={transparent}
              value={hex6(design.background)}
              onInput={(e) => set({ background: e.currentTarget.value }, 'background')}
            />
            <DraftField
              id="doc-background-text"
              class="hex"
              aria-label="Background as hex or rgba"
              value={transparent ? '' : (design.background ?? '')}
              placeholder="none"
              onCommit={(field) => set({ background: field.value.trim() || null }, 'background')}
            />
            <label class="check">
              <input
                type="checkbox"
                checked={transparent}
                onChange={(e) =>
                  set({ background: e.currentTarget.checked ? null : '#ffffff' }, 'background')
                }
              />
              None
            </label>
            <Swatches
              api={api}
              id="doc-background"
              label="Background"
              current={transparent ? '' : (design.background ?? '')}
              onPick={(v) => set({ background: v }, 'background')}
            />
          </span>
        </div>
        <div class="field">
          <span id="doc-picture">Picture</span>
          <span class="control" role="group" aria-labelledby="doc-picture">
            <label class="button">
              {bgLayer ? 'Replace…' : 'Choose…'}
              <input
                type="file"
                class="visually-hidden"
                accept="image/*"
                data-testid="background-file"
                onChange={(e) => void upload(e.currentTarget.files)}
              />
            </label>
            {bgLayer && (
              <button
                type="button"
                onClick={() =>
                  doc.commit({
                    ...doc.design,
                    layers: doc.design.layers.filter((l) => l !== bgLayer),
                  })
                }
              >
                Remove
              </button>
            )}
          </span>
        </div>
        {physical && (
          <div class="field" title="Pixels per inch of PNG, JPEG and WebP images of this design.">
            <label for="doc-dpi">Image dpi</label>
            <span class="control">
              <NumberField
                id="doc-dpi"
                value={typeof design.dpi === 'number' ? design.dpi : undefined}
                min={DPI.min}
                max={DPI.max}
                step={1}
                placeholder={String(DPI.def)}
                optional={true}
                onValue={(v) => set({ dpi: v === undefined ? undefined : Math.round(v) }, 'dpi')}
              />
            </span>
          </div>
        )}
        {physical && (
          <div
            class="field"
            title="Printed PDFs grow by this much on every side; layers at the page edges reach into it."
          >
            <label for="doc-bleed">PDF bleed</label>
            <span class="control">
              <NumberField
                id="doc-bleed"
                value={typeof design.bleed === 'number' ? design.bleed : undefined}
                min={0}
                max={Math.floor((96 / SPECS.units[unit]) * 1000) / 1000}
                step={unit === 'in' ? 0.01 : 0.1}
                placeholder="0"
                optional={true}
                onValue={(v) => set({ bleed: v === 0 ? undefined : v }, 'bleed')}
              />
              <span class="unit">{unit}</span>
            </span>
          </div>
        )}
      </form>
      <p>
        <button type="button" onClick={() => setResizing(true)}>
          Resize to another format…
        </button>
      </p>
      {status && (
        <p role="status" class="hint">
          {status}
        </p>
      )}
      {resizing && (
        <ResizeDialog
          api={api}
          design={design}
          title={props.title}
          onClose={() => setResizing(false)}
        />
      )}
    </section>
  );
}
