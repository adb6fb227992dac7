/** The dialog listing the keyboard shortcuts. */
import { SHORTCUTS } from './shortcuts.ts';

export function ShortcutsHelp({ onClose }: { onClose: () => void }) {
  return (
    <div class="help" role="dialog" aria-label="Keyboard shortcuts">
      <h2>Keyboard shortcuts</h2>
      <table>
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.keys}>
              <th scope="row">
                <kbd>{s.keys}</kbd>
              </th>
              <td>{s.what}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <button type="button" onClick={onClose}>
        Close
      </button>
    </div>
  );
}
