/** A group's row in the layers panel: selects the whole group; its layers are listed under it. */
import type { EditorDoc } from './doc.ts';

export function GroupRow({
  doc,
  group,
  members,
}: {
  doc: EditorDoc;
  group: string;
  members: string[];
}) {
  const selected = members.every((n) => doc.selection.includes(n));
  return (
    <li class={`layer-row group-row${selected ? ' selected' : ''}`} data-group={group}>
      <span class="type-icon" aria-hidden="true">
        ▾
      </span>
      <button
        type="button"
        class="layer-name"
        aria-pressed={selected}
        title={`Group ${group}: ${members.length} layers`}
        onClick={(e) =>
          doc.select(e.shiftKey ? [...new Set([...doc.selection, ...members])] : [...members])
        }
      >
        <span class="visually-hidden">Group </span>
        {group}
      </button>
      <span class="hint">{members.length}</span>
    </li>
  );
}
