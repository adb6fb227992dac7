/** The keyboard shortcuts: what each action does, and the window's key listeners. */
import { useEffect, useRef } from 'preact/hooks';
import type { Layer } from '../api.ts';
import { LOCKED, type EditorDoc } from './doc.ts';
import { actionOf } from './shortcuts.ts';
import type { Zoom } from './use-zoom.ts';

export function useShortcuts(doc: EditorDoc | null, zoom: Zoom, toggleHelp: () => void) {
  const clipboard = useRef<Layer[]>([]);
  // Whether Shift is held: the canvas reads it while dragging (keep proportions, snap).
  const shift = useRef(false);

  const run = (action: string, e?: KeyboardEvent) => {
    if (!doc) return;
    const sel = doc.selection;
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
        return zoom.fitArea();
      case 'actual':
        return zoom.actual();
      case 'zoomIn':
        return zoom.zoomBy(1.25);
      case 'zoomOut':
        return zoom.zoomBy(0.8);
      case 'help':
        return toggleHelp();
    }
  };

  // Added again on every render, so the listener always acts on the current document.
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
  return { run, shift };
}
