/**
 * The document's own settings when no layer is selected: its size (in the design's unit) and
 * background colour, each change one step of undo, saved like any other.
 */
import type { EditorDoc } from './doc.ts';
import { DraftField, NumberField } from './draft-field.tsx';
import { ColorSwatch } from './color-swatch.tsx';

/** #RRGGBB for the colour input (it takes nothing else); black when the colour is not one. */
const hex6 = (v: string) =>
  /^#[0-9a-f]{6}/i.test(v)
    ? v.slice(0, 7).toLowerCase()
    : /^#[0-9a-f]{3}$/i.test(v)
      ? `#${[...v.slice(1)].map((c) => c + c).join('')}`.toLowerCase()
      : '#000000';

export function DocumentFields({ doc }: { doc: EditorDoc }) {
  const d = doc.design;
  const unit = d.unit ?? 'px';
  const set = (patch: Record<string, unknown>, key: string) =>
    doc.commit({ ...d, ...patch }, `document.${key}`);
  const background = d.background ?? '';
  return (
    <form class="fields document-fields" onSubmit={(e) => e.preventDefault()}>
      <p class="meta">Document</p>
      {(['width', 'height'] as const).map((side) => (
        <div class="field" key={side}>
          <label for={`doc-${side}`}>{side === 'width' ? 'Width' : 'Height'}</label>
          <span class="control">
            <NumberField
              id={`doc-${side}`}
              min={unit === 'px' ? 1 : 0.01}
              step={unit === 'in' ? 0.01 : 1}
              value={d[side]}
              optional={false}
              onValue={(v) => v !== undefined && set({ [side]: v }, side)}
            />
            <span class="unit">{unit}</span>
          </span>
        </div>
      ))}
      <div class="field">
        <label for="doc-background">Background</label>
        <span class="control">
          <ColorSwatch
            color={background}
            id="doc-background"
            type="color"
            value={hex6(background)}
            onInput={(e) => set({ background: e.currentTarget.value }, 'background')}
          />
          <DraftField
            id="doc-background-text"
            class="hex"
            aria-label="Background as hex or rgba"
            value={background}
            placeholder="none (transparent)"
            onCommit={(field) => set({ background: field.value.trim() || null }, 'background')}
          />
        </span>
      </div>
    </form>
  );
}
