/** The editor's top bar: back link, title, add-layer and edit toolbars, output, save state. */
import type { JSX, RefObject } from 'preact';
import type { Api, BrandKit, Design, Layer, LayerData } from '../api.ts';
import { hintsOf, LAYER_TYPES } from '../specs.ts';
import type { SaveState } from './autosave.ts';
import { brandFontProps, useBrandKit } from './brand-kit.ts';
import { Compact } from './compact.tsx';
import type { EditorDoc } from './doc.ts';
import { OutputBar, type OutputKind } from './output.tsx';
import { placeNewLayer } from './place-layer.ts';
import { SaveStatus } from './save-status.tsx';
import type { Zoom } from './use-zoom.ts';

/**
 * A new layer of `type`, centred on the canvas, sized and filled with values that show something
 * as its registry entry says (LayerType.editor), in the brand kit's default fonts.
 */
function newLayer(type: string, design: Design, kit: BrandKit): Layer {
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
    ...brandFontProps(type, kit),
  };
}

export function TopBar(p: {
  api: Api;
  uuid: string;
  doc: EditorDoc;
  title: string;
  /** The canvas area: a new layer goes where it is in view. */
  area: RefObject<HTMLDivElement | null>;
  zoom: Zoom;
  help: boolean;
  toggleHelp: () => void;
  historyButton: JSX.Element;
  testData: LayerData;
  output: OutputKind;
  setOutput: (kind: OutputKind) => void;
  save: SaveState;
  onRetry: () => void;
  onReload: () => void;
  onSignOut: () => void;
}) {
  const { doc, zoom } = p;
  const kit = useBrandKit(p.api);
  return (
    <header class="topbar">
      <a href="#/" class="back">
        ← <Compact>Templates</Compact>
      </a>
      <h1>{p.title}</h1>
      <div class="tools" role="toolbar" aria-label="Add a layer">
        <span class="hint">Add</span>
        {LAYER_TYPES.map((t) => (
          <button
            key={t}
            type="button"
            title={`Add ${hintsOf(t).label}`}
            onClick={() =>
              doc.add([placeNewLayer(newLayer(t, doc.design, kit), doc, p.area.current)])
            }
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
        <button type="button" onClick={zoom.fitArea} aria-pressed={zoom.fit}>
          Fit
        </button>
        <button type="button" onClick={zoom.actual} aria-pressed={!zoom.fit && zoom.zoom === 1}>
          100%
        </button>
        <span class="zoom" aria-live="polite">
          {Math.round(zoom.zoom * 100)}%
        </span>
        <button type="button" onClick={p.toggleHelp} aria-expanded={p.help}>
          <Compact icon="?">Shortcuts</Compact>
        </button>
        {p.historyButton}
      </div>
      <OutputBar
        api={p.api}
        uuid={p.uuid}
        title={p.title}
        design={doc.design}
        data={p.testData}
        kind={p.output}
        setKind={p.setOutput}
      />
      <SaveStatus state={p.save} onRetry={p.onRetry} onReload={p.onReload} />
      <button type="button" onClick={p.onSignOut}>
        Sign out
      </button>
    </header>
  );
}
