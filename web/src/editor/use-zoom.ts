/** The canvas zoom: fitted to the canvas area until the user picks a zoom of their own. */
import { useEffect, useState } from 'preact/hooks';
import type { RefObject } from 'preact';
import type { Folded } from './align-bar.tsx';
import type { EditorDoc } from './doc.ts';

const clamp = (z: number) => Math.min(8, Math.max(0.05, Math.round(z * 100) / 100));

export function useZoom(
  doc: EditorDoc | null,
  area: RefObject<HTMLDivElement | null>,
  folded: Folded,
) {
  const [zoom, setZoom] = useState(1);
  const [fit, setFit] = useState(true);
  // Zoom to fit the canvas area, until the user picks a zoom; again when the window resizes
  // or a panel is folded (the area changes size).
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
  return {
    zoom,
    fit,
    /** Back to fitting the canvas area. */
    fitArea: () => setFit(true),
    /** 100 %. */
    actual: () => {
      setFit(false);
      setZoom(1);
    },
    /** Multiplies the zoom by `f` (buttons, keys, ctrl + wheel). */
    zoomBy: (f: number) => {
      setFit(false);
      setZoom((v) => clamp(v * f));
    },
  };
}

export type Zoom = ReturnType<typeof useZoom>;
