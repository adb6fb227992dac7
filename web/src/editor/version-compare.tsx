/**
 * Two versions side by side: the renderer's picture of each and the list of what changed from the
 * first to the second (canvas properties; layers added, removed, moved, and their changed
 * properties with both values; design-diff.ts).
 */
import { useEffect, useState } from 'preact/hooks';
import type { Api } from '../api.ts';
import { diffDesigns, showValue, type DesignDiff } from './design-diff.ts';
import type { VersionDetail, Versions } from './versions.ts';

const WIDTH = 520;

function Picture({ api, uuid, version }: { api: Api; uuid: string; version: VersionDetail }) {
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    let url: string | null = null;
    const w = Math.min(version.design.width, Math.round(WIDTH * devicePixelRatio));
    api.preview(uuid, version.design, {}, w).then(
      ({ blob }) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setSrc(url);
      },
      (err: Error) => live && setError(err.message),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [version]);
  const { width, height } = version.design;
  return (
    <div class="compare-picture" style={{ aspectRatio: `${width} / ${height}` }}>
      {error ? (
        <p class="error">{error}</p>
      ) : (
        src && <img src={src} alt={`Version ${version.version}`} />
      )}
    </div>
  );
}

function Changes({ diff }: { diff: DesignDiff }) {
  if (diff.canvas.length === 0 && diff.layers.length === 0)
    return <p class="hint">The two designs are the same.</p>;
  const layers = diff.layers.length;
  return (
    <>
      <p class="hint">
        {[
          diff.canvas.length
            ? `${diff.canvas.length} canvas ${diff.canvas.length === 1 ? 'property' : 'properties'}`
            : '',
          layers ? `${layers} ${layers === 1 ? 'layer' : 'layers'}` : '',
        ]
          .filter(Boolean)
          .join(' and ')}{' '}
        changed:
      </p>
      <ul class="changes" aria-label="Changes">
        {diff.canvas.length > 0 && (
          <li data-layer="">
            <strong>Canvas</strong>
            <ul>
              {diff.canvas.map((c) => (
                <li key={c.property}>
                  <code>{c.property}</code>: {showValue(c.before)} → {showValue(c.after)}
                </li>
              ))}
            </ul>
          </li>
        )}
        {diff.layers.map((l) => (
          <li key={l.layer} data-layer={l.layer} data-kind={l.kind}>
            <strong>{l.layer}</strong> <span class="hint">{l.type}</span>{' '}
            {l.kind === 'added' && <span class="badge added">added</span>}
            {l.kind === 'removed' && <span class="badge removed">removed</span>}
            {l.kind === 'changed' && (
              <ul>
                {l.order && (
                  <li>
                    drawing order: {l.order.before + 1} → {l.order.after + 1} (from the bottom)
                  </li>
                )}
                {l.changes.map((c) => (
                  <li key={c.property}>
                    <code>{c.property}</code>: {showValue(c.before)} → {showValue(c.after)}
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </>
  );
}

export function VersionCompare(p: {
  api: Api;
  uuid: string;
  versions: Versions;
  from: number;
  to: number;
  onClose: () => void;
}) {
  const [from, setFrom] = useState(p.from);
  const [to, setTo] = useState(p.to);
  const [pair, setPair] = useState<[VersionDetail, VersionDetail] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([p.versions.get(from), p.versions.get(to)]).then(
      (both) => live && (setPair(both), setError(null)),
      (err: Error) => live && setError(err.message),
    );
    return () => {
      live = false;
    };
  }, [from, to]);
  useEffect(() => {
    const esc = (e: KeyboardEvent) => e.key === 'Escape' && p.onClose();
    addEventListener('keydown', esc);
    return () => removeEventListener('keydown', esc);
  }, []);
  const choices = p.versions.list.map((v) => v.version);
  const pick = (id: string, label: string, value: number, set: (v: number) => void) => (
    <label for={id}>
      {label}{' '}
      <select id={id} value={value} onChange={(e) => set(Number(e.currentTarget.value))}>
        {(choices.includes(value) ? choices : [value, ...choices]).map((v) => (
          <option key={v} value={v}>
            Version {v}
            {p.versions.list.find((x) => x.version === v)?.name
              ? ` “${p.versions.list.find((x) => x.version === v)!.name}”`
              : ''}
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <div class="compare" role="dialog" aria-label="Compare versions">
      <div class="head">
        <h2>Compare versions</h2>
        {pick('compare-from', 'From', from, setFrom)}
        {pick('compare-to', 'to', to, setTo)}
        <button type="button" onClick={p.onClose}>
          Close
        </button>
      </div>
      {error && <p class="error">{error}</p>}
      {pair && (
        <>
          <div class="compare-pictures">
            {pair.map((v) => (
              <figure key={v.version}>
                <Picture api={p.api} uuid={p.uuid} version={v} />
                <figcaption>
                  Version {v.version}
                  {v.name ? ` “${v.name}”` : ''}
                </figcaption>
              </figure>
            ))}
          </div>
          <Changes diff={diffDesigns(pair[0].design, pair[1].design)} />
        </>
      )}
    </div>
  );
}
