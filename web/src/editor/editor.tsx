/**
 * One template in the editor. It only composes: each concern (loading, saving, zoom, preview,
 * shortcuts, history) is a hook of its own, each part of the page a component of its own.
 */
import { useRef, useState } from 'preact/hooks';
import type { Api } from '../api.ts';
import type { Folded } from './align-bar.tsx';
import { CanvasColumn } from './canvas-column.tsx';
import { useHistory } from './history-panel.tsx';
import { LayersPanel } from './layers-panel.tsx';
import { ShortcutsHelp } from './shortcuts-help.tsx';
import { SideColumn } from './side-column.tsx';
import { TopBar } from './top-bar.tsx';
import { useFonts } from './use-fonts.ts';
import { usePreview } from './use-preview.ts';
import { useSaving } from './use-saving.ts';
import { useShortcuts } from './use-shortcuts.ts';
import { useTemplateLoad } from './use-template-load.ts';
import { useTestData } from './use-test-data.ts';
import { useZoom } from './use-zoom.ts';

export function Editor({
  api,
  uuid,
  onSignOut,
}: {
  api: Api;
  uuid: string;
  onSignOut: () => void;
}) {
  const { save, setSave, autosave } = useSaving(uuid);
  const [testData, setTestData] = useTestData(uuid);
  const area = useRef<HTMLDivElement>(null);
  const [folded, setFolded] = useState<Folded>({ layers: false, side: false });
  const [help, setHelp] = useState(false);
  const toggleHelp = () => setHelp((h) => !h);
  // The loader reads the history's guard only when it loads, after this render has made it.
  const { doc, loadError, title, load } = useTemplateLoad({
    api,
    uuid,
    autosave,
    setSave,
    guard: (a) => history.guard(a),
  });
  const { fonts, addFont } = useFonts(api, uuid);
  const zoom = useZoom(doc, area, folded);
  const history = useHistory({
    api,
    uuid,
    save,
    dirty: autosave.current?.dirty ?? false,
    testData,
    zoom: zoom.zoom,
    reload: () => load(),
  });
  const preview = usePreview({ api, uuid, design: doc?.design, testData, zoom: zoom.zoom });
  const { shift } = useShortcuts(doc, zoom, toggleHelp);

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
      <TopBar
        {...{ api, uuid, doc, title, area, zoom, help, toggleHelp, testData, save, onSignOut }}
        historyButton={history.button}
        output={preview.output}
        setOutput={preview.setOutput}
        onRetry={() => void autosave.current?.save()}
        onReload={() => void load()}
      />
      <div
        class={`columns${folded.layers ? ' fold-layers' : ''}${folded.side ? ' fold-side' : ''}`}
      >
        {!folded.layers && <LayersPanel doc={doc} />}
        <CanvasColumn
          {...{ api, uuid, doc, area, folded, setFolded, zoom, preview, history, testData }}
          {...{ fonts, shift }}
        />
        {!folded.side && (
          <SideColumn {...{ api, uuid, doc, title, fonts, addFont, testData, setTestData }} />
        )}
        {history.panel}
      </div>
      {help && <ShortcutsHelp onClose={() => setHelp(false)} />}
    </div>
  );
}
