/**
 * The History panel: the template's versions with thumbnails, names and times; preview one on
 * the canvas, name it, restore it, compare two, publish one. Also the canvas's notice saying
 * whether the open design is the one production renders (docs/editor.md#history-and-publishing).
 * `useHistory` gives the editor what it places: the toolbar button, the notice, the preview that
 * stands in for the canvas, the panel, and the autosave guard.
 */
import type { JSX } from 'preact';
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Api, LayerData } from '../api.ts';
import { ownUrl } from '../own-url.ts';
import type { SaveState } from './autosave.ts';
import { VersionCompare } from './version-compare.tsx';
import './history.css';
import { madeBy, Versions, whenMade, type VersionDetail, type VersionInfo } from './versions.ts';

/** IMPRINT_PUBLIC_URL, which the server writes into the page (see own-url.ts). */
const PUBLIC_URL = document.querySelector<HTMLMetaElement>(
  'meta[name="imprint-public-url"]',
)?.content;

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** "Version 3" or "Version 3 “Spring campaign”". */
export const versionLabel = (v: Pick<VersionInfo, 'version' | 'name'>) =>
  v.name ? `Version ${v.version} “${v.name}”` : `Version ${v.version}`;

interface Options {
  api: Api;
  uuid: string;
  save: SaveState;
  /** The design has changes that are not saved yet. */
  dirty: boolean;
  testData: LayerData;
  zoom: number;
  /** Loads the template's current design into the editor again (after a restore). */
  reload: () => Promise<void> | void;
}

export interface History {
  /** The api the autosave should use (see Versions.guard). */
  guard: (api: Api) => Api;
  button: JSX.Element;
  notice: JSX.Element | null;
  /** While a version is previewed: what the canvas area shows instead of the canvas. */
  preview: JSX.Element | null;
  panel: JSX.Element | null;
}

export function useHistory(o: Options): History {
  const versions = useMemo(() => new Versions(o.api, o.uuid), [o.api, o.uuid]);
  const [, setTick] = useState(0);
  const [open, setOpen] = useState(false);
  const [previewing, setPreviewing] = useState<VersionDetail | null>(null);
  const [comparing, setComparing] = useState<number | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const off = versions.subscribe(() => setTick((n) => n + 1));
    void versions.refresh();
    return off;
  }, [versions]);
  // Each finished save may have made a version.
  const saved = o.save.state === 'saved';
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (saved) void versions.refresh();
  }, [saved]);

  const settled = saved && !o.dirty;
  const act = async (what: string, fn: () => Promise<void>) => {
    setBusy(what);
    setError(null);
    try {
      await fn();
    } catch (err) {
      setError(message(err));
    } finally {
      setBusy(null);
    }
  };
  const restore = (v: number) =>
    act(`restore ${v}`, async () => {
      await versions.restore(v);
      setPreviewing(null);
      await o.reload();
    });
  const publish = (v: number) => act(`publish ${v}`, () => versions.publish(v));
  const show = (v: number) =>
    act(`preview ${v}`, async () => {
      setPreviewing(await versions.get(v));
    });

  const t = versions.template;
  const latest = t?.version;
  const published = t?.published_version ?? null;
  const notice =
    t && !previewing ? (
      <PublishNotice
        latest={t.version}
        published={published}
        canPublish={settled && busy === null}
        onPublish={() => void publish(t.version)}
      />
    ) : null;

  return {
    guard: (api) => versions.guard(api),
    button: (
      <button type="button" aria-pressed={open} onClick={() => setOpen((v) => !v)}>
        History
      </button>
    ),
    notice,
    preview: previewing ? (
      <VersionPreview
        api={o.api}
        uuid={o.uuid}
        version={previewing}
        current={previewing.version === latest}
        testData={o.testData}
        zoom={o.zoom}
        canRestore={settled && busy === null}
        onRestore={() => void restore(previewing.version)}
        onClose={() => setPreviewing(null)}
      />
    ) : null,
    panel: (
      <>
        {open && (
          <HistoryPanel
            versions={versions}
            latest={latest}
            published={published}
            previewing={previewing?.version ?? null}
            settled={settled}
            busy={busy}
            error={error ?? versions.error}
            onPreview={(v) => void show(v)}
            onRestore={(v) => void restore(v)}
            onPublish={(v) => void publish(v)}
            onCompare={(v) => setComparing(v)}
            onName={(v, name) => act(`name ${v}`, () => versions.name(v, name))}
            onClose={() => setOpen(false)}
          />
        )}
        {comparing !== null && latest !== undefined && (
          <VersionCompare
            api={o.api}
            uuid={o.uuid}
            versions={versions}
            from={comparing === latest ? (versions.list[1]?.version ?? latest) : comparing}
            to={latest}
            onClose={() => setComparing(null)}
          />
        )}
      </>
    ),
  };
}

function PublishNotice(p: {
  latest: number;
  published: number | null;
  canPublish: boolean;
  onPublish: () => void;
}) {
  const live = p.published === null || p.published === p.latest;
  return (
    <div
      class={`publish-notice ${live ? 'live' : 'not-live'}`}
      role="status"
      data-published={p.published ?? ''}
    >
      {p.published === null ? (
        <span>Renders use the latest version ({p.latest}).</span>
      ) : live ? (
        <span>Published: production renders this design (version {p.latest}).</span>
      ) : (
        <>
          <span>
            <strong>Not published:</strong> production renders version {p.published}; this is
            version {p.latest}.
          </span>
          <button
            type="button"
            disabled={!p.canPublish}
            title={p.canPublish ? undefined : 'Wait until the design is saved'}
            onClick={p.onPublish}
          >
            Publish version {p.latest}
          </button>
        </>
      )}
    </div>
  );
}

function HistoryPanel(p: {
  versions: Versions;
  latest: number | undefined;
  published: number | null;
  previewing: number | null;
  settled: boolean;
  busy: string | null;
  error: string | null;
  onPreview: (v: number) => void;
  onRestore: (v: number) => void;
  onPublish: (v: number) => void;
  onCompare: (v: number) => void;
  onName: (v: number, name: string | null) => Promise<void>;
  onClose: () => void;
}) {
  const [naming, setNaming] = useState<number | null>(null);
  const list = p.versions.list;
  return (
    <section class="panel history" aria-label="History">
      <div class="head">
        <h2>History</h2>
        <button type="button" onClick={p.onClose}>
          Close
        </button>
      </div>
      {p.error && (
        <p class="error" role="alert">
          {p.error}
        </p>
      )}
      {!p.settled && <p class="hint">Saving… restore and publish wait for the save.</p>}
      <ol>
        {list.map((v) => {
          const isLatest = v.version === p.latest;
          const isPublished = v.version === p.published;
          return (
            <li
              key={v.version}
              class={`version${p.previewing === v.version ? ' previewing' : ''}`}
              data-version={v.version}
            >
              <button
                type="button"
                class="version-thumb"
                onClick={() => p.onPreview(v.version)}
                aria-label={`Preview version ${v.version}`}
              >
                {v.thumbnail ? (
                  <img src={ownUrl(v.thumbnail, PUBLIC_URL)} alt="" loading="lazy" />
                ) : (
                  <span
                    class="nothumb"
                    style={{ aspectRatio: `${v.width} / ${v.height}` }}
                    title="The thumbnail is being rendered"
                  />
                )}
              </button>
              <div class="version-text">
                {naming === v.version ? (
                  <form
                    onSubmit={(e) => {
                      e.preventDefault();
                      const input = e.currentTarget.elements.namedItem('name') as HTMLInputElement;
                      const name = input.value.trim();
                      void p.onName(v.version, name || null).then(() => setNaming(null));
                    }}
                  >
                    <input
                      name="name"
                      aria-label={`Name of version ${v.version}`}
                      maxLength={100}
                      defaultValue={v.name ?? ''}
                      placeholder="e.g. Spring campaign"
                      ref={(el) => el?.focus()}
                      onKeyDown={(e) => e.key === 'Escape' && setNaming(null)}
                    />
                    <button type="submit">Save name</button>
                  </form>
                ) : (
                  <strong class="version-title">{versionLabel(v)}</strong>
                )}
                <span class="meta">
                  <time dateTime={v.created_at}>{whenMade(v.created_at)}</time>
                  {madeBy(v) && ` · by ${madeBy(v)}`}
                </span>
                <span class="badges">
                  {isLatest && <span class="badge current">current</span>}
                  {isPublished && <span class="badge published">published</span>}
                </span>
                <span class="version-actions">
                  <button type="button" onClick={() => p.onPreview(v.version)}>
                    Preview
                  </button>
                  <button type="button" onClick={() => setNaming(v.version)}>
                    Name
                  </button>
                  <button type="button" onClick={() => p.onCompare(v.version)}>
                    Compare
                  </button>
                  {!isLatest && (
                    <button
                      type="button"
                      disabled={!p.settled || p.busy !== null}
                      onClick={() => p.onRestore(v.version)}
                    >
                      Restore
                    </button>
                  )}
                  {!isPublished && (
                    <button
                      type="button"
                      disabled={!p.settled || p.busy !== null}
                      onClick={() => p.onPublish(v.version)}
                    >
                      Publish
                    </button>
                  )}
                </span>
              </div>
            </li>
          );
        })}
      </ol>
      {p.versions.nextCursor && (
        <button type="button" onClick={() => void p.versions.more()}>
          Older versions
        </button>
      )}
    </section>
  );
}

/** A version drawn by the renderer where the canvas is, with the way back and "Restore". */
function VersionPreview(p: {
  api: Api;
  uuid: string;
  version: VersionDetail;
  current: boolean;
  testData: LayerData;
  zoom: number;
  canRestore: boolean;
  onRestore: () => void;
  onClose: () => void;
}) {
  const [image, setImage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { design } = p.version;
  useEffect(() => {
    let live = true;
    let url: string | null = null;
    const width = Math.max(
      1,
      Math.min(design.width * 2, Math.round(design.width * p.zoom * devicePixelRatio)),
    );
    p.api.preview(p.uuid, design, p.testData, width).then(
      ({ blob }) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setImage(url);
      },
      (err: Error) => live && setError(err.message),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [p.version, p.zoom]);
  return (
    <>
      <div class="version-bar" role="status">
        <span>
          Previewing <strong>{versionLabel(p.version)}</strong> of {whenMade(p.version.created_at)}
          {p.current ? ' (the current design)' : ''}
        </span>
        {!p.current && (
          <button type="button" disabled={!p.canRestore} onClick={p.onRestore}>
            Restore this version
          </button>
        )}
        <button type="button" onClick={p.onClose}>
          Back to editing
        </button>
      </div>
      {error && <p class="error">{error}</p>}
      <div
        class="stage version-stage"
        data-testid="version-stage"
        data-version={p.version.version}
        style={{ width: `${design.width * p.zoom}px`, height: `${design.height * p.zoom}px` }}
      >
        {image && <img class="render" src={image} alt={versionLabel(p.version)} />}
      </div>
    </>
  );
}
