/** Every layer, top first: select, rename, reorder by drag, lock, hide, dynamic. */
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { hintsOf } from '../specs.ts';
import { LOCKED, type EditorDoc } from './doc.ts';
import { RepeatMark } from './repeat.tsx';
import { layerRows } from './groups.ts';
import { GroupRow } from './layer-group-row.tsx';
import { useRovingRows } from './roving.ts';

export function LayersPanel({ doc }: { doc: EditorDoc }) {
  const [renaming, setRenaming] = useState<string | null>(null);
  // Set once Enter or Escape ended the rename, so the blur of the closing field does nothing.
  const renameEnded = useRef(false);
  const startRename = (name: string) => {
    renameEnded.current = false;
    setDraft(name);
    setRenaming(name);
  };
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState<string | null>(null);
  // The browser honours `autofocus` once per page: each rename focuses its field itself.
  const renameField = useRef<HTMLInputElement>(null);
  useLayoutEffect(() => {
    renameField.current?.focus();
    renameField.current?.select();
  }, [renaming]);
  const layers = doc.design.layers;
  const rows = layerRows(layers);
  const roving = useRovingRows<HTMLUListElement>();
  const toggle = (name: string, prop: string, on: unknown, off: unknown) =>
    doc.update([name], (l) => {
      const next = { ...l, [prop]: l[prop] === on ? off : on };
      if (next[prop] === undefined) delete next[prop];
      return next;
    });

  return (
    <section class="panel layers" aria-label="Layers">
      <h2>Layers</h2>
      {error && (
        <p role="alert" class="error">
          {error}
        </p>
      )}
      <ul ref={roving.ref} onKeyDown={roving.onKeyDown} onFocusIn={roving.onFocusIn}>
        {rows.map((row) => {
          if (row.kind === 'group')
            return <GroupRow key={`group:${row.group}`} doc={doc} {...row} />;
          const l = row.layer;
          const selected = doc.selection.includes(l.name);
          const isStatic = l.dynamic === false;
          return (
            <li
              key={l.name}
              class={`layer-row${selected ? ' selected' : ''}${row.group ? ' nested' : ''}`}
              draggable={renaming !== l.name}
              onDragStart={(e) => {
                setDragging(l.name);
                e.dataTransfer?.setData('text/plain', l.name);
              }}
              onDragOver={(e) => e.preventDefault()}
              onDrop={(e) => {
                e.preventDefault();
                if (dragging && dragging !== l.name) {
                  doc.moveTo(
                    dragging,
                    layers.findIndex((x) => x.name === l.name),
                  );
                }
                setDragging(null);
              }}
            >
              <span class="type-icon" title={l.type} aria-hidden="true">
                {hintsOf(l.type).icon}
              </span>
              {renaming === l.name ? (
                <form
                  onSubmit={(e) => {
                    e.preventDefault();
                    const problem = doc.rename(l.name, draft);
                    setError(problem);
                    if (!problem) {
                      renameEnded.current = true;
                      setRenaming(null);
                    }
                  }}
                >
                  <input
                    aria-label={`New name for ${l.name}`}
                    value={draft}
                    ref={renameField}
                    onInput={(e) => setDraft(e.currentTarget.value)}
                    onKeyDown={(e) => {
                      if (e.key !== 'Escape') return;
                      renameEnded.current = true;
                      setRenaming(null);
                    }}
                    onBlur={() => {
                      if (renameEnded.current) return;
                      // Leaving the field applies the name as Enter does; a name that cannot
                      // be used is given up, and the message says why.
                      if (draft !== l.name) setError(doc.rename(l.name, draft));
                      setRenaming(null);
                    }}
                  />
                </form>
              ) : (
                <button
                  type="button"
                  class="layer-name"
                  aria-pressed={selected}
                  onClick={(e) =>
                    doc.select(
                      e.shiftKey
                        ? selected
                          ? doc.selection.filter((n) => n !== l.name)
                          : [...doc.selection, l.name]
                        : [l.name],
                    )
                  }
                  onDblClick={() => {
                    startRename(l.name);
                  }}
                  onKeyDown={(e) => {
                    if (e.key === 'F2') {
                      startRename(l.name);
                    }
                  }}
                >
                  {l.name}
                </button>
              )}
              <RepeatMark layer={l} />
              <button
                type="button"
                class="icon"
                aria-label={`Rename ${l.name}`}
                onClick={() => {
                  startRename(l.name);
                }}
              >
                ✎
              </button>
              <button
                type="button"
                class="icon"
                aria-pressed={!isStatic}
                aria-label={`Dynamic: ${l.name}`}
                title="Dynamic: the API may change this layer"
                onClick={() => toggle(l.name, 'dynamic', false, undefined)}
              >
                D
              </button>
              <button
                type="button"
                class="icon"
                aria-pressed={Boolean(l[LOCKED])}
                aria-label={`Lock ${l.name}`}
                onClick={() => toggle(l.name, LOCKED, true, undefined)}
              >
                L
              </button>
              <button
                type="button"
                class="icon"
                aria-pressed={Boolean(l.hide)}
                aria-label={`Hide ${l.name}`}
                onClick={() => toggle(l.name, 'hide', true, undefined)}
              >
                H
              </button>
            </li>
          );
        })}
      </ul>
      {layers.length === 0 && <p class="hint">No layers yet: add one from the toolbar.</p>}
    </section>
  );
}
