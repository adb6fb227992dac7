/**
 * The arrange bar above the canvas: align the selection (to its own box or to the page),
 * distribute it with equal gaps, group and ungroup (also Ctrl+G, Ctrl+Shift+G), and the switches
 * that fold the side panels away. Every change is one undo step. On screens below 1320 px
 * the words give way to icons (layout-tools.css), so the bar keeps one row down to 1024 px.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import './layout-tools.css';
import { Compact } from './compact.tsx';
import { align, applyMoves, distribute, type AlignEdge, type Axis } from './align.ts';
import type { EditorDoc } from './doc.ts';
import { LOCKED } from './doc.ts';
import { group, groupOf, ungroup, unitsOf } from './groups.ts';

/** Which side panels are folded away. */
export interface Folded {
  layers: boolean;
  side: boolean;
}

const EDGES: Array<{ edge: AlignEdge; label: string; icon: string }> = [
  { edge: 'left', label: 'Align left edges', icon: '⇤' },
  { edge: 'center', label: 'Align centres', icon: '↔' },
  { edge: 'right', label: 'Align right edges', icon: '⇥' },
  { edge: 'top', label: 'Align top edges', icon: '⤒' },
  { edge: 'middle', label: 'Align middles', icon: '↕' },
  { edge: 'bottom', label: 'Align bottom edges', icon: '⤓' },
];

export function ArrangeBar({
  doc,
  folded,
  setFolded,
}: {
  doc: EditorDoc;
  folded: Folded;
  setFolded: (f: Folded) => void;
}) {
  const [toPage, setToPage] = useState(false);
  const { design } = doc;
  const selected = design.layers.filter((l) => doc.selection.includes(l.name) && !l[LOCKED]);
  const units = unitsOf(selected).length;
  // One unit has no box of its own to align to: it goes to the page.
  const page = toPage || units === 1;
  const frame = { x: 0, y: 0, width: design.width, height: design.height };
  const step = !design.unit || design.unit === 'px' ? 1 : 0.01;
  const canAlign = units >= 1 && (page || units >= 2);
  const canDistribute = units >= (toPage ? 2 : 3);
  const canGroup = units >= 2;
  const grouped = selected.some((l) => groupOf(l));

  const move = (moves: ReturnType<typeof align>) =>
    doc.commit({ ...design, layers: applyMoves(design.layers, moves) });
  const doGroup = () => {
    const next = group(
      design.layers,
      selected.map((l) => l.name),
    );
    if (next.name) doc.commit({ ...design, layers: next.layers });
  };
  const doUngroup = () => {
    if (grouped) doc.commit({ ...design, layers: ungroup(design.layers, doc.selection) });
  };

  // Ctrl+G groups, Ctrl+Shift+G ungroups (not while typing in a field). One listener that calls
  // this render's handlers: a listener swapped in by an effect would miss a key pressed between
  // a selection's render and the effect, and group the previous selection.
  const shortcuts = useRef({ doGroup, doUngroup });
  shortcuts.current = { doGroup, doUngroup };
  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'g' || e.altKey) return;
      if ((e.target as HTMLElement).closest('input, textarea, select, [contenteditable]')) return;
      e.preventDefault();
      if (e.shiftKey) shortcuts.current.doUngroup();
      else shortcuts.current.doGroup();
    };
    addEventListener('keydown', down);
    return () => removeEventListener('keydown', down);
  }, []);

  return (
    <div class="arrange" role="toolbar" aria-label="Arrange">
      <button
        type="button"
        class="fold"
        aria-pressed={!folded.layers}
        title="Show or hide the layers panel"
        onClick={() => setFolded({ ...folded, layers: !folded.layers })}
      >
        ◧<span class="visually-hidden"> Layers panel</span>
      </button>
      <span class="hint" aria-hidden="true">
        Align
      </span>
      {EDGES.map((a) => (
        <button
          key={a.edge}
          type="button"
          aria-label={a.label}
          title={`${a.label} (to the ${page ? 'page' : 'selection'})`}
          disabled={!canAlign}
          onClick={() => move(align(selected, a.edge, page ? frame : undefined, step))}
        >
          {a.icon}
        </button>
      ))}
      <span class="control toggles" role="group" aria-label="Align to">
        <button
          type="button"
          aria-pressed={!toPage}
          title="Align and distribute within the selection's box"
          onClick={() => setToPage(false)}
        >
          <Compact icon="⊡">Selection</Compact>
        </button>
        <button
          type="button"
          aria-pressed={toPage}
          title="Align and distribute on the page"
          onClick={() => setToPage(true)}
        >
          <Compact icon="▭">Page</Compact>
        </button>
      </span>
      <span class="hint" aria-hidden="true">
        Distribute
      </span>
      {(['horizontal', 'vertical'] as Axis[]).map((axis) => (
        <button
          key={axis}
          type="button"
          aria-label={`Distribute ${axis}ly`}
          title={`Equal ${axis} gaps between the selected layers${toPage ? ', across the page' : ''}`}
          disabled={!canDistribute}
          onClick={() => move(distribute(selected, axis, toPage ? frame : undefined, step))}
        >
          {axis === 'horizontal' ? '⋯' : '⋮'}
        </button>
      ))}
      <button
        type="button"
        disabled={!canGroup}
        onClick={doGroup}
        title="Group the selected layers (Ctrl+G)"
      >
        <Compact icon="⊞">Group</Compact>
      </button>
      <button type="button" disabled={!grouped} onClick={doUngroup} title="Ungroup (Ctrl+Shift+G)">
        <Compact icon="⊟">Ungroup</Compact>
      </button>
      <button
        type="button"
        class="fold end"
        aria-pressed={!folded.side}
        title="Show or hide the properties and test data panels"
        onClick={() => setFolded({ ...folded, side: !folded.side })}
      >
        ◨<span class="visually-hidden"> Properties panel</span>
      </button>
    </div>
  );
}
