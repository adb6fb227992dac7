/**
 * The output controls: which picture the canvas shows (the renderer's PNG or the rasterised PDF
 * of the same design), and downloads of both, at the design's own size with the current test
 * data, as files named after the template.
 */
import { useState } from 'preact/hooks';
import type { Api, Design, LayerData } from '../api.ts';

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

/**
 * The canvas's picture for `kind`: the PNG as the renderer makes it, or the PDF of the same
 * design drawn by pdf.js (loaded on first use) at the same width.
 */
export async function renderOutput(
  api: Api,
  uuid: string,
  design: Design,
  data: LayerData,
  width: number,
  kind: OutputKind,
): Promise<{ blob: Blob; warnings: string[] }> {
  if (kind === 'png') return api.preview(uuid, design, data, width);
  const [{ blob, warnings }, { rasterisePdf }] = await Promise.all([
    api.preview(uuid, design, data, undefined, 'pdf'),
    import('./pdf-raster.ts'),
  ]);
  return { blob: await rasterisePdf(await blob.arrayBuffer(), width), warnings };
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
      const { blob } = await api.preview(uuid, design, data, undefined, ext);
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
          {busy === k ? 'Preparing…' : `Download ${k.toUpperCase()}`}
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
