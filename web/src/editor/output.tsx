/**
 * The output controls: which picture the canvas shows (the renderer's PNG or the rasterised PDF
 * of the same design), and downloads of both, at the design's own size with the current test
 * data, as files named after the template.
 */
import { Compact } from './compact.tsx';
import { useState } from 'preact/hooks';
import type { Api, Design, LayerData, Warning } from '../api.ts';

export type OutputKind = 'png' | 'pdf';

/** A file name from the template's title: no path or control characters, never empty. */
export function fileNameOf(title: string, ext: OutputKind): string {
  // eslint-disable-next-line no-control-regex
  const base = title.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ').trim() || 'template';
  return `${base.slice(0, 120)}.${ext}`;
}

/** Lets the browser save `blob` as `name` (an anchor with `download`, then let go). */
function save(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

type Preview = Promise<{ blob: Blob; warnings: Warning[] }>;

/** The last PDF asked for, by the design and test data objects it was made from. */
let lastPdf: { uuid: string; design: Design; data: LayerData; pdf: Preview } | undefined;

/**
 * The PDF of the design with the test data. It does not depend on the zoom, so a zoom change
 * (which only draws it again at a new width) and "Download PDF" reuse the one asked for last;
 * a changed design or test data is a new object, and a new request.
 */
export function pdfPreview(api: Api, uuid: string, design: Design, data: LayerData): Preview {
  if (lastPdf?.uuid !== uuid || lastPdf.design !== design || lastPdf.data !== data) {
    const pdf = api.preview(uuid, design, data, undefined, 'pdf');
    lastPdf = { uuid, design, data, pdf };
    // A failed request is not kept: the next view or download asks again.
    pdf.catch(() => {
      if (lastPdf?.pdf === pdf) lastPdf = undefined;
    });
  }
  return lastPdf.pdf;
}

/**
 * The canvas's picture for `kind`: the PNG as the renderer makes it, or page `page` of the PDF of
 * the same design drawn by pdf.js (loaded on first use) at the same width, with the PDF's number
 * of pages and the page drawn (the last when `page` is beyond it).
 */
export async function renderOutput(
  api: Api,
  uuid: string,
  design: Design,
  data: LayerData,
  width: number,
  kind: OutputKind,
  page = 1,
): Promise<{ blob: Blob; warnings: Warning[]; pages: number; page: number }> {
  if (kind === 'png')
    return { ...(await api.preview(uuid, design, data, width)), pages: 1, page: 1 };
  const [{ blob, warnings }, { rasterisePage }] = await Promise.all([
    pdfPreview(api, uuid, design, data),
    import('./pdf-raster.ts'),
  ]);
  const drawn = await rasterisePage(blob, page, width);
  return { blob: drawn.png, warnings, pages: drawn.pages, page: drawn.page };
}

interface Props {
  api: Api;
  uuid: string;
  title: string;
  design: Design;
  data: LayerData;
  kind: OutputKind;
  setKind: (k: OutputKind) => void;
}

export function OutputBar({ api, uuid, title, design, data, kind, setKind }: Props) {
  const [busy, setBusy] = useState<OutputKind | null>(null);
  const [error, setError] = useState<string | null>(null);
  const download = async (ext: OutputKind) => {
    setBusy(ext);
    setError(null);
    try {
      const { blob } =
        ext === 'pdf'
          ? await pdfPreview(api, uuid, design, data)
          : await api.preview(uuid, design, data, undefined, ext);
      save(blob, fileNameOf(title, ext));
    } catch (err) {
      setError(`The ${ext.toUpperCase()} could not be made: ${(err as Error).message}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <div class="tools output" role="toolbar" aria-label="Output">
      <span class="hint">View</span>
      {(['png', 'pdf'] as const).map((k) => (
        <button
          key={k}
          type="button"
          aria-pressed={kind === k}
          title={k === 'png' ? 'Show the PNG the API renders' : 'Show the PDF the API renders'}
          onClick={() => setKind(k)}
        >
          {k.toUpperCase()}
        </button>
      ))}
      {(['png', 'pdf'] as const).map((k) => (
        <button
          key={`d${k}`}
          type="button"
          disabled={busy !== null}
          onClick={() => void download(k)}
        >
          {busy === k ? (
            'Preparing…'
          ) : (
            <>
              <Compact icon="↓">Download </Compact>
              {k.toUpperCase()}
            </>
          )}
        </button>
      ))}
      {error && (
        <span role="alert" class="error">
          {error}
        </span>
      )}
    </div>
  );
}
