/**
 * The pages of the PDF view: a thumbnail of every page of the PDF the API makes of the design
 * and test data (a table with more rows than its box continues on further pages), the page the
 * canvas shows, buttons to the previous and next, and the layers left off the page shown by
 * their `repeat` (first or last page only).
 */
import { useEffect, useState } from 'preact/hooks';
import type { Api, Design, LayerData } from '../api.ts';
import { pdfPreview } from './output.tsx';
import { onPage } from './repeat.tsx';
import './page-strip.css';

/** Thumbnails drawn at most (a longer PDF shows numbered buttons for the rest). */
const MAX_THUMBS = 40;
const THUMB_WIDTH = 96;

interface Props {
  api: Api;
  uuid: string;
  design: Design;
  data: LayerData;
  /** The page the canvas shows (1-based) and the PDF's number of pages. */
  page: number;
  pages: number;
  /** The page whose picture is on the canvas. */
  drawn: number;
  setPage: (page: number) => void;
}

export function PageStrip({ api, uuid, design, data, page, pages, drawn, setPage }: Props) {
  const [thumbs, setThumbs] = useState<string[]>([]);
  // Thumbnails of the same PDF as the canvas (the same request): drawn after a pause, so a run of
  // changes draws them once, and one by one, so the canvas's own page is not held up.
  useEffect(() => {
    let live = true;
    const made: string[] = [];
    const t = setTimeout(() => {
      void (async () => {
        try {
          const [{ blob }, { rasterisePage }] = await Promise.all([
            pdfPreview(api, uuid, design, data),
            import('./pdf-raster.ts'),
          ]);
          let n = 1;
          for (let i = 1; i <= Math.min(n, MAX_THUMBS) && live; i++) {
            const drawn = await rasterisePage(blob, i, THUMB_WIDTH * devicePixelRatio);
            n = drawn.pages;
            if (!live) break;
            made.push(URL.createObjectURL(drawn.png));
          }
          if (live) setThumbs([...made]);
        } catch {
          // A PDF that cannot be made or drawn shows its error on the canvas; the thumbnails
          // stay as they were.
        }
      })();
    }, 150);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [design, data]);
  // Object URLs of thumbnails no longer shown are let go.
  useEffect(() => () => thumbs.forEach((u) => URL.revokeObjectURL(u)), [thumbs]);

  const left = design.layers.filter(
    (l) => !l.hide && l.type !== 'table' && !onPage(l, page - 1, pages),
  );
  const ratio = design.height / design.width;
  return (
    <nav class="page-strip" aria-label="Pages" data-drawn={drawn}>
      <button
        type="button"
        aria-label="Previous page"
        disabled={page <= 1}
        onClick={() => setPage(page - 1)}
      >
        ‹
      </button>
      <ol>
        {Array.from({ length: pages }, (_, i) => (
          <li key={i}>
            <button
              type="button"
              class="page-thumb"
              aria-label={`Page ${i + 1}`}
              aria-current={page === i + 1 ? 'page' : undefined}
              onClick={() => setPage(i + 1)}
            >
              {thumbs[i] ? (
                <img
                  src={thumbs[i]}
                  alt=""
                  width={THUMB_WIDTH}
                  height={Math.round(THUMB_WIDTH * ratio)}
                />
              ) : (
                <span class="blank" style={{ height: `${Math.round(THUMB_WIDTH * ratio)}px` }} />
              )}
              <span class="number">{i + 1}</span>
            </button>
          </li>
        ))}
      </ol>
      <button
        type="button"
        aria-label="Next page"
        disabled={page >= pages}
        onClick={() => setPage(page + 1)}
      >
        ›
      </button>
      <span class="page-of" aria-live="polite">
        Page {page} of {pages}
      </span>
      {left.length > 0 && (
        <span class="hint off-page">Not on this page: {left.map((l) => l.name).join(', ')}</span>
      )}
    </nav>
  );
}
