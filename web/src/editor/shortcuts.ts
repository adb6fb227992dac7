/** The editor's keyboard shortcuts: one table drives both the key handling and the help panel. */
export interface Shortcut {
  keys: string;
  action: string;
  what: string;
}

export const SHORTCUTS: Shortcut[] = [
  { keys: 'Ctrl+Z', action: 'undo', what: 'Undo' },
  { keys: 'Ctrl+Shift+Z / Ctrl+Y', action: 'redo', what: 'Redo' },
  { keys: 'Ctrl+C', action: 'copy', what: 'Copy the selected layers' },
  { keys: 'Ctrl+V', action: 'paste', what: 'Paste' },
  { keys: 'Ctrl+D', action: 'duplicate', what: 'Duplicate the selected layers' },
  { keys: 'Delete / Backspace', action: 'delete', what: 'Delete the selected layers' },
  { keys: 'Ctrl+A', action: 'selectAll', what: 'Select every layer' },
  { keys: 'Escape', action: 'deselect', what: 'Clear the selection' },
  {
    keys: 'Arrow keys',
    action: 'nudge',
    what: 'Move by 1 unit of the design (with Shift: 10); in the layers list, move between rows',
  },
  { keys: 'Ctrl+G', action: '', what: 'Group the selected layers' },
  { keys: 'Ctrl+Shift+G', action: '', what: 'Ungroup' },
  { keys: ']', action: 'forward', what: 'Bring forward' },
  { keys: '[', action: 'backward', what: 'Send backward' },
  { keys: 'Ctrl+]', action: 'front', what: 'Bring to front' },
  { keys: 'Ctrl+[', action: 'back', what: 'Send to back' },
  { keys: 'Ctrl+Shift+L', action: 'lock', what: 'Lock or unlock' },
  { keys: 'Ctrl+Shift+H', action: 'hide', what: 'Hide or show' },
  { keys: 'Ctrl+0', action: 'fit', what: 'Zoom to fit' },
  { keys: 'Ctrl+1', action: 'actual', what: 'Zoom to 100%' },
  { keys: 'Ctrl+= / Ctrl+-', action: 'zoom', what: 'Zoom in / out (also Ctrl+wheel, pinch)' },
  { keys: 'Shift while resizing', action: '', what: 'Keep the aspect ratio' },
  { keys: 'Shift+click, drag on empty canvas', action: '', what: 'Select several layers' },
  { keys: '?', action: 'help', what: 'Show or hide this list' },
];

/** The action for a key event, or null. */
export function actionOf(e: KeyboardEvent): string | null {
  const mod = e.ctrlKey || e.metaKey;
  const k = e.key;
  if (mod && !e.shiftKey && k.toLowerCase() === 'z') return 'undo';
  if (mod && ((e.shiftKey && k.toLowerCase() === 'z') || k.toLowerCase() === 'y')) return 'redo';
  if (mod && e.shiftKey && k.toLowerCase() === 'l') return 'lock';
  if (mod && e.shiftKey && k.toLowerCase() === 'h') return 'hide';
  if (mod && k.toLowerCase() === 'c') return 'copy';
  if (mod && k.toLowerCase() === 'v') return 'paste';
  if (mod && k.toLowerCase() === 'd') return 'duplicate';
  if (mod && k.toLowerCase() === 'a') return 'selectAll';
  if (mod && k === ']') return 'front';
  if (mod && k === '[') return 'back';
  if (mod && k === '0') return 'fit';
  if (mod && k === '1') return 'actual';
  if (mod && (k === '=' || k === '+')) return 'zoomIn';
  if (mod && k === '-') return 'zoomOut';
  if (mod) return null;
  if (k === 'Delete' || k === 'Backspace') return 'delete';
  if (k === 'Escape') return 'deselect';
  if (k === ']') return 'forward';
  if (k === '[') return 'backward';
  if (k === '?') return 'help';
  if (k.startsWith('Arrow')) return 'nudge';
  return null;
}
