/**
 * The renderer's picture of the current design at the size it has on screen (PNG or PDF), with
 * the renderer's warnings: what the canvas draws under the layers.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import type { Api, Design, LayerData, Warning } from '../api.ts';
import { renderOutput, type OutputKind } from './output.tsx';

/** Warnings that outline their layer in red on the canvas. */
const OUTLINED = new Set(['text_overflow', 'picture_unavailable']);

export function usePreview(o: {
  api: Api;
  uuid: string;
  design: Design | undefined;
  testData: LayerData;
  zoom: number;
}) {
  const { api, uuid, design, testData, zoom } = o;
  const [image, setImage] = useState<string | null>(null);
  // Which output the canvas shows, and which one the picture on it is (until the next arrives).
  const [output, setOutput] = useState<OutputKind>('png');
  const [shown, setShown] = useState<OutputKind | null>(null);
  // The PDF view's page (1-based), the PDF's number of pages and the page on the canvas.
  const [pdfPage, setPdfPage] = useState({ page: 1, pages: 1, drawn: 0 });
  const [warnings, setWarnings] = useState<Warning[]>([]);
  const [previewError, setPreviewError] = useState<string | null>(null);

  useEffect(() => {
    if (!design) return;
    let live = true;
    const width = Math.max(
      1,
      Math.min(design.width * 2, Math.round(design.width * zoom * devicePixelRatio)),
    );
    // A short delay: typing or dragging asks for one picture, not one per keystroke.
    const t = setTimeout(() => {
      renderOutput(api, uuid, design, testData, width, output, pdfPage.page).then(
        ({ blob, warnings, page, pages }) => {
          // A picture asked for before the latest change is not shown, and its page is not
          // taken: an older page-1 picture arriving after a click on page 2 turned the view back.
          if (!live) return;
          if (output === 'pdf') setPdfPage({ page, pages, drawn: page });
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

  return {
    image,
    output,
    setOutput,
    shown,
    pdfPage,
    setPage: (page: number) => setPdfPage((p) => ({ ...p, page })),
    warnings,
    previewError,
    overflow,
  };
}

export type Preview = ReturnType<typeof usePreview>;
