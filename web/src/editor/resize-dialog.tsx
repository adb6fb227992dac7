/**
 * "Resize to another format": a copy of the template at a preset or custom size, its layers
 * scaled and anchored by resize.ts, created through the public API (POST /templates, then
 * PUT /templates/{uuid}/design) and opened in the editor.
 */
import { useState } from 'preact/hooks';
import type { Api, Design, Template } from '../api.ts';
import { PRESETS } from '../presets.ts';
import { SPECS } from '../specs.ts';
import { lengthsOf } from './lengths.ts';
import { resizeDesign, type ResizeTarget } from './resize.ts';

type Unit = NonNullable<ResizeTarget['unit']>;

export function ResizeDialog(props: {
  api: Api;
  design: Design;
  title: string;
  onClose: () => void;
}) {
  const { api, design } = props;
  const first = PRESETS.find((p) => p.width !== design.width || p.height !== design.height);
  const [preset, setPreset] = useState(first?.id ?? 'custom');
  const [width, setWidth] = useState(design.width);
  const [height, setHeight] = useState(design.height);
  const [unit, setUnit] = useState<Unit>(design.unit ?? 'px');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const chosen = PRESETS.find((p) => p.id === preset);
  const target: ResizeTarget = chosen
    ? { width: chosen.width, height: chosen.height, unit: chosen.unit }
    : { width, height, unit };
  const [title, setTitle] = useState<string | null>(null);
  const shownTitle =
    title ?? `${props.title} (${chosen ? chosen.label : `${width}×${height} ${unit}`})`;

  const create = async (e: Event) => {
    e.preventDefault();
    if (!(target.width > 0 && target.height > 0)) {
      setError('Give the new width and height.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const resized = resizeDesign(design, target, lengthsOf);
      // Templates are created in px, then get the resized design (in its unit) as a script would.
      const toPx = SPECS.units[resized.unit ?? 'px'];
      const { body } = await api.json<Template>('POST', '/templates', {
        title: shownTitle.trim() || 'Untitled',
        width: Math.round(resized.width * toPx),
        height: Math.round(resized.height * toPx),
      });
      const { etag } = await api.design(body.uuid);
      await api.saveDesign(body.uuid, resized, etag);
      props.onClose();
      location.hash = `#/t/${body.uuid}`;
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div class="help resize" role="dialog" aria-label="Resize to another format">
      <h2>Resize to another format</h2>
      <p class="hint">
        A copy of this template at the new size. Everything is scaled by the smaller of the two
        ratios; a layer covering the page keeps covering it, the others keep their distance to the
        nearest edge or to the centre.
      </p>
      <form class="fields" onSubmit={create}>
        <label>
          Format
          <select value={preset} onChange={(e) => setPreset(e.currentTarget.value)}>
            {PRESETS.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label} · {p.size}
              </option>
            ))}
            <option value="custom">Custom size</option>
          </select>
        </label>
        {!chosen && (
          <div class="custom-size">
            <label>
              Width
              <input
                type="number"
                min={0.01}
                step="any"
                value={width}
                onInput={(e) => setWidth(Number(e.currentTarget.value))}
              />
            </label>
            <label>
              Height
              <input
                type="number"
                min={0.01}
                step="any"
                value={height}
                onInput={(e) => setHeight(Number(e.currentTarget.value))}
              />
            </label>
            <label>
              Unit
              <select value={unit} onChange={(e) => setUnit(e.currentTarget.value as Unit)}>
                {(['px', 'pt', 'mm', 'in'] as const).map((u) => (
                  <option key={u} value={u}>
                    {u}
                  </option>
                ))}
              </select>
            </label>
          </div>
        )}
        <label>
          Title of the copy
          <input value={shownTitle} onInput={(e) => setTitle(e.currentTarget.value)} />
        </label>
        {error && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
        <p>
          <button type="submit" disabled={busy}>
            {busy ? 'Creating…' : 'Create resized copy'}
          </button>{' '}
          <button type="button" onClick={props.onClose}>
            Cancel
          </button>
        </p>
      </form>
    </div>
  );
}
