/** One template in the editor: toolbar, layers, canvas, properties, test data, saving. */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import {
  ApiError,
  warningText,
  type Api,
  type Design,
  type Font,
  type Layer,
  type LayerData,
  type Warning,
} from '../api.ts';
import { hintsOf, LAYER_TYPES } from '../specs.ts';
import { ArrangeBar, type Folded } from './align-bar.tsx';
import { Autosave, type SaveState } from './autosave.ts';
import { Canvas } from './canvas.tsx';
import { DocumentPanel } from './document-panel.tsx';
import { EditorDoc, LOCKED } from './doc.ts';
import { guardLeaving } from './leave-guard.ts';
import { rememberFontNames, withFontNames } from './font-names.ts';
import { placeNewLayer } from './place-layer.ts';
import { StaleBadge } from './stale-badge.tsx';
import { useHistory } from './history-panel.tsx';
import { LayersPanel } from './layers-panel.tsx';
import { OutputBar, renderOutput, type OutputKind } from './output.tsx';
import { PageStrip } from './page-strip.tsx';
import { PropsPanel } from './props-panel.tsx';
import { Compact } from './compact.tsx';
import { Rulers } from './rulers.tsx';
import { actionOf, SHORTCUTS } from './shortcuts.ts';
import { TestDataPanel, UseInApi } from './test-data.tsx';

/**
 * A new layer of `type`, centred on the canvas, sized and filled with values that show something
 * as its registry entry says (LayerType.editor).
 */
function newLayer(type: string, design: Design): Layer {
  const { size, starter } = hintsOf(type);
  let w = Math.min(size.width, design.width * size.widthShare);
  let h = Math.min(size.height, design.height * size.heightShare);
  if (size.square) w = h = Math.min(w, h);
  return {
    name: type,
    type,
    x: Math.round((design.width - w) / 2),
    y: Math.round((design.height - h) / 2),
    width: Math.round(w),
    height: Math.round(h),
    // A copy: the starter's rows and columns must not be shared between layers.
    ...structuredClone(starter),
  };
}

/** Warnings that outline their layer in red on the canvas. */
const OUTLINED = new Set(['text_overflow', 'picture_unavailable']);

const SAVE_TEXT: Record<SaveState['state'], string> = {
  saved: 'All changes saved',
  pending: 'Unsaved changes…',
  saving: 'Saving…',
  failed: 'Save failed',
  conflict: 'Changed elsewhere',
};

export function Editor({
  api,
  uuid,
  onSignOut,
}: {
  api: Api;
  uuid: string;
  onSignOut: () => void;
}) {
  const [doc, setDoc] = useState<EditorDoc | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  const [, setTick] = useState(0);
  const [save, setSave] = useState<SaveState>({ state: 'saved' });
  const autosave = useRef<Autosave | null>(null);
  const [fonts, setFonts] = useState<Font[]>([]);
  const [zoom, setZoom] = useState(1);
  const [fit, setFit] = useState(true);
  const [image, setImage] = useState<string | null>(null);
  // Which output the canvas shows, and which one the picture on it is (until the next arrives).
  const [output, setOutput] = useState<OutputKind>('png');
  const [shown, setShown] = useState<OutputKind | null>(null);
  // The PDF view's page (1-based), the PDF's number of pages and the page on the canvas.
  const [pdfPage, setPdfPage] = useState({ page: 1, pages: 1, drawn: 0 });
  const [warnings, setWarnings] = useState<Warning[]>([]);
  const [previewError, setPreviewError] = useState<string | null>(null);
  const [help, setHelp] = useState(false);
  const [testData, setTestData] = useState<LayerData>(() => {
    try {
      return JSON.parse(sessionStorage.getItem(`imprint.editor.data.${uuid}`) ?? '{}') as LayerData;
    } catch {
      return {};
    }
  });
  const clipboard = useRef<Layer[]>([]);
  const shift = useRef(false);
  const area = useRef<HTMLDivElement>(null);
  const [folded, setFolded] = useState<Folded>({ layers: false, side: false });

  const history = useHistory({
    api,
    uuid,
    save,
    dirty: autosave.current?.dirty ?? false,
    testData,
    zoom,
    reload: () => load(),
  });
  const load = async () => {
    setLoadError(null);
    try {
      const [{ design, etag }, meta] = await Promise.all([
        api.design(uuid),
        api.json<{ title: string }>('GET', `/templates/${uuid}`),
      ]);
      autosave.current?.stop();
      const d = new EditorDoc(design);
      d.subscribe(() => setTick((n) => n + 1));
      autosave.current = new Autosave(history.guard(api), uuid, d, etag, setSave);
      setSave({ state: 'saved' });
      setTitle(meta.body.title);
      setDoc(d);
    } catch (err) {
      setLoadError(
        err instanceof ApiError && err.status === 401
          ? 'The token is no longer valid: sign in again.'
          : err instanceof Error
            ? err.message
            : String(err),
      );
    }
  };
  useEffect(() => {
    void load();
    api.fonts().then(
      (list) => {
        rememberFontNames(list);
        setFonts(list);
      },
      () => undefined,
    );
    const unguard = guardLeaving(() => autosave.current);
    return () => {
      unguard();
      // Leaving the editor for the gallery: a change waiting for its timer is saved now.
      autosave.current?.flush();
      autosave.current?.stop();
    };
  }, [uuid]);
  useEffect(() => {
    sessionStorage.setItem(`imprint.editor.data.${uuid}`, JSON.stringify(testData));
  }, [testData]);

  // Zoom to fit the canvas area, until the user picks a zoom; again when the window resizes.
  const loaded = doc !== null;
  useEffect(() => {
    if (!doc || !fit) return;
    const fitNow = () => {
      const el = area.current;
      if (!el) return;
      const z = Math.min(
        (el.clientWidth - 48) / doc.design.width,
        (el.clientHeight - 48) / doc.design.height,
        8,
      );
      setZoom(Math.max(0.05, Math.floor(z * 100) / 100));
    };
    fitNow();
    addEventListener('resize', fitNow);
    return () => removeEventListener('resize', fitNow);
  }, [loaded, fit, folded]);

  // The renderer's picture of the current design at the size it has on screen (PNG or PDF).
  const design = doc?.design;
  useEffect(() => {
    if (!design) return;
    let live = true;
    const width = Math.max(
      1,
      Math.min(design.width * 2, Math.round(design.width * zoom * devicePixelRatio)),
    );
    const t = setTimeout(() => {
      renderOutput(api, uuid, design, testData, width, output, pdfPage.page).then(
        ({ blob, warnings, page, pages }) => {
          if (output === 'pdf') setPdfPage({ page, pages, drawn: page });
          if (!live) return;
          setImage((old) => {
            if (old) URL.revokeObjectURL(old);
            return URL.createObjectURL(blob);
          });
          setShown(output);
          setWarnings(warnings);
          setPreviewError(null);
        },
        (err: Error) => live && setPreviewError(err.message),
      );
    }, 60);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [design, testData, zoom, output, pdfPage.page]);

  // Layers whose text does not fit, by name, with the renderer's message (outlined in red).
  const overflow = useMemo(
    () =>
      new Map(
        warnings
          .filter((w) => OUTLINED.has(w.code) && w.path.startsWith('layers.'))
          .map((w) => [w.path.slice('layers.'.length), w.message]),
      ),
    [warnings],
  );

  const run = (action: string, e?: KeyboardEvent) => {
    if (!doc) return;
    const sel = doc.selection;
    const z = (f: number) => {
      setFit(false);
      setZoom((v) => Math.min(8, Math.max(0.05, Math.round(v * f * 100) / 100)));
    };
    switch (action) {
      case 'undo':
        return doc.undo();
      case 'redo':
        return doc.redo();
      case 'copy':
        clipboard.current = doc.design.layers.filter((l) => sel.includes(l.name));
        return;
      case 'paste':
        if (clipboard.current.length)
          doc.add(clipboard.current.map((l) => ({ ...l, x: l.x + 10, y: l.y + 10 })));
        return;
      case 'duplicate':
        return doc.duplicate(sel);
      case 'delete':
        return doc.remove(sel);
      case 'selectAll':
        return doc.select(doc.design.layers.map((l) => l.name));
      case 'deselect':
        return doc.select([]);
      case 'forward':
      case 'backward':
      case 'front':
      case 'back':
        return doc.reorder(sel, action);
      case 'lock':
      case 'hide': {
        const prop = action === 'lock' ? LOCKED : 'hide';
        const on = !sel.every((n) => doc.layer(n)?.[prop]);
        return doc.update(sel, (l) => {
          const next = { ...l, [prop]: on };
          if (!on) delete next[prop];
          return next;
        });
      }
      case 'nudge': {
        const step = e?.shiftKey ? 10 : 1;
        const dx = e?.key === 'ArrowLeft' ? -step : e?.key === 'ArrowRight' ? step : 0;
        const dy = e?.key === 'ArrowUp' ? -step : e?.key === 'ArrowDown' ? step : 0;
        const movable = sel.filter((n) => !doc.layer(n)?.[LOCKED]);
        return doc.update(movable, (l) => ({ ...l, x: l.x + dx, y: l.y + dy }), 'nudge');
      }
      case 'fit':
        return setFit(true);
      case 'actual':
        setFit(false);
        return setZoom(1);
      case 'zoomIn':
        return z(1.25);
      case 'zoomOut':
        return z(0.8);
      case 'help':
        return setHelp((h) => !h);
    }
  };

  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      shift.current = e.shiftKey;
      const t = e.target as HTMLElement;
      if (t.closest('input, textarea, select, [contenteditable]')) return;
      const action = actionOf(e);
      if (!action) return;
      if (action === 'delete' && !doc?.selection.length) return;
      e.preventDefault();
      run(action, e);
    };
    const up = (e: KeyboardEvent) => (shift.current = e.shiftKey);
    addEventListener('keydown', down);
    addEventListener('keyup', up);
    return () => {
      removeEventListener('keydown', down);
      removeEventListener('keyup', up);
    };
  });

  if (loadError)
    return (
      <main class="signin">
        <p role="alert" class="error">
          {loadError}
        </p>
        <a href="#/">Back to the templates</a>
      </main>
    );
  if (!doc) return <p class="loading">Loading…</p>;

  return (
    <div class="editor">
      <header class="topbar">
        <a href="#/" class="back">
          ← <Compact>Templates</Compact>
        </a>
        <h1>{title}</h1>
        <div class="tools" role="toolbar" aria-label="Add a layer">
          <span class="hint">Add</span>
          {LAYER_TYPES.map((t) => (
            <button
              key={t}
              type="button"
              title={`Add ${hintsOf(t).label}`}
              onClick={() => doc.add([placeNewLayer(newLayer(t, doc.design), doc, area.current)])}
            >
              <Compact icon={hintsOf(t).icon}>
                <span class="visually-hidden">Add </span>
                {hintsOf(t).label}
              </Compact>
            </button>
          ))}
        </div>
        <div class="tools" role="toolbar" aria-label="Edit">
          <button type="button" disabled={!doc.canUndo} onClick={() => doc.undo()}>
            <Compact icon="↶">Undo</Compact>
          </button>
          <button type="button" disabled={!doc.canRedo} onClick={() => doc.redo()}>
            <Compact icon="↷">Redo</Compact>
          </button>
          <button type="button" onClick={() => run('fit')} aria-pressed={fit}>
            Fit
          </button>
          <button type="button" onClick={() => run('actual')} aria-pressed={!fit && zoom === 1}>
            100%
          </button>
          <span class="zoom" aria-live="polite">
            {Math.round(zoom * 100)}%
          </span>
          <button type="button" onClick={() => setHelp((h) => !h)} aria-expanded={help}>
            <Compact icon="?">Shortcuts</Compact>
          </button>
          {history.button}
        </div>
        <OutputBar
          api={api}
          uuid={uuid}
          title={title}
          design={doc.design}
          data={testData}
          kind={output}
          setKind={setOutput}
        />
        <SaveStatus
          state={save}
          onRetry={() => void autosave.current?.save()}
          onReload={() => void load()}
        />
        <button type="button" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      <div
        class={`columns${folded.layers ? ' fold-layers' : ''}${folded.side ? ' fold-side' : ''}`}
      >
        {!folded.layers && <LayersPanel doc={doc} />}
        <div class="center">
          <ArrangeBar doc={doc} folded={folded} setFolded={setFolded} />
          <div class="canvas-wrap">
            <div
              class="canvas-area"
              ref={area}
              tabIndex={0}
              aria-label="Canvas: arrow keys move the selected layers"
              onMouseDownCapture={() => area.current?.focus({ preventScroll: true })}
              data-output={shown ?? undefined}
              data-stale={previewError ? 'true' : undefined}
              onWheel={(e) => {
                if (!e.ctrlKey) return;
                e.preventDefault();
                setFit(false);
                const f = Math.exp(-e.deltaY / 300);
                setZoom((v) => Math.min(8, Math.max(0.05, Math.round(v * f * 100) / 100)));
              }}
            >
              {history.notice}
              {shown === 'pdf' && output === 'pdf' && !history.preview && (
                <PageStrip
                  {...{ api, uuid, design: doc.design, data: testData, ...pdfPage }}
                  setPage={(page) => setPdfPage((p) => ({ ...p, page }))}
                />
              )}
              {history.preview ?? (
                <Canvas
                  {...{ doc, zoom, image, overflow, shift }}
                  live={{ api, uuid, data: testData }}
                />
              )}
              {previewError && <StaleBadge />}
              {(previewError || warnings.length > 0) && (
                <div class="warnings" role="status">
                  {previewError && <p class="error">{previewError}</p>}
                  {warnings.map((w, i) => (
                    <p key={i} data-code={w.code}>
                      {warningText(withFontNames(w, fonts))}
                    </p>
                  ))}
                </div>
              )}
            </div>
            <Rulers doc={doc} zoom={zoom} area={area} />
          </div>
        </div>
        {!folded.side && (
          <div class="side">
            <PropsPanel
              doc={doc}
              api={api}
              fonts={fonts}
              onFontUploaded={(f) => {
                rememberFontNames([f]);
                setFonts((list) => [f, ...list]);
              }}
              testData={testData}
              setTestData={setTestData}
            />
            {doc.selection.length === 0 && (
              <DocumentPanel doc={doc} api={api} uuid={uuid} title={title} />
            )}
            <TestDataPanel api={api} doc={doc} data={testData} setData={setTestData} />
            <UseInApi api={api} uuid={uuid} doc={doc} data={testData} />
          </div>
        )}
        {history.panel}
      </div>
      {help && (
        <div class="help" role="dialog" aria-label="Keyboard shortcuts">
          <h2>Keyboard shortcuts</h2>
          <table>
            <tbody>
              {SHORTCUTS.map((s) => (
                <tr key={s.keys}>
                  <th scope="row">
                    <kbd>{s.keys}</kbd>
                  </th>
                  <td>{s.what}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <button type="button" onClick={() => setHelp(false)}>
            Close
          </button>
        </div>
      )}
    </div>
  );
}

function SaveStatus(props: { state: SaveState; onRetry: () => void; onReload: () => void }) {
  const s = props.state;
  return (
    <div class={`save save-${s.state}`} role="status" data-state={s.state}>
      <span>{SAVE_TEXT[s.state]}</span>
      {s.state === 'failed' && (
        <>
          <span class="detail">
            {s.message}{' '}
            {s.retryIn === undefined
              ? 'Change the design to save again.'
              : `Retrying in ${Math.round(s.retryIn / 1000)} s.`}
          </span>
          <button type="button" onClick={props.onRetry}>
            Retry now
          </button>
        </>
      )}
      {s.state === 'conflict' && (
        <>
          <span class="detail">
            Someone else saved this template (another tab or user), so your change was not saved.
          </span>
          <button type="button" onClick={props.onReload}>
            Reload their version
          </button>
        </>
      )}
    </div>
  );
}
