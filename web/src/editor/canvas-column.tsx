/**
 * The middle column: arrange bar, and the canvas area with the renderer's picture, the layers
 * over it, the PDF page strip, the warnings and the rulers.
 */
import type { RefObject } from 'preact';
import { warningText, type Api, type Font, type LayerData } from '../api.ts';
import { ArrangeBar, type Folded } from './align-bar.tsx';
import { Canvas } from './canvas.tsx';
import type { EditorDoc } from './doc.ts';
import { withFontNames } from './font-names.ts';
import type { History } from './history-panel.tsx';
import { PageStrip } from './page-strip.tsx';
import { Rulers } from './rulers.tsx';
import { StaleBadge } from './stale-badge.tsx';
import type { Preview } from './use-preview.ts';
import type { Zoom } from './use-zoom.ts';

export function CanvasColumn(p: {
  api: Api;
  uuid: string;
  doc: EditorDoc;
  area: RefObject<HTMLDivElement | null>;
  folded: Folded;
  setFolded: (f: Folded) => void;
  zoom: Zoom;
  preview: Preview;
  history: History;
  testData: LayerData;
  fonts: Font[];
  shift: RefObject<boolean>;
}) {
  const { api, uuid, doc, area, zoom, history, testData, shift } = p;
  const { shown, output, pdfPage, image, overflow, warnings, previewError } = p.preview;
  return (
    <div class="center">
      <ArrangeBar doc={doc} folded={p.folded} setFolded={p.setFolded} />
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
            zoom.zoomBy(Math.exp(-e.deltaY / 300));
          }}
        >
          {history.notice}
          {shown === 'pdf' && output === 'pdf' && !history.preview && (
            <PageStrip
              {...{ api, uuid, design: doc.design, data: testData, ...pdfPage }}
              setPage={p.preview.setPage}
            />
          )}
          {history.preview ?? (
            <Canvas
              {...{ doc, zoom: zoom.zoom, image, overflow, shift }}
              live={{ api, uuid, data: testData }}
            />
          )}
          {previewError && <StaleBadge />}
          {(previewError || warnings.length > 0) && (
            <div class="warnings" role="status">
              {previewError && <p class="error">{previewError}</p>}
              {warnings.map((w, i) => (
                <p key={i} data-code={w.code}>
                  {warningText(withFontNames(w, p.fonts))}
                </p>
              ))}
            </div>
          )}
        </div>
        <Rulers doc={doc} zoom={zoom.zoom} area={area} />
      </div>
    </div>
  );
}
