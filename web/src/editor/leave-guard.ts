/**
 * Saving as the page goes: when the tab is hidden or the page is left (`visibilitychange` to
 * hidden, `pagehide`), a change still waiting for the autosave timer is sent at once with a
 * keepalive request, which the browser completes after the page is gone. The page asks before
 * it is left only when that cannot save the work: a save is failing or was refused, the
 * template changed elsewhere, or the design is too large for a keepalive request (64 KB).
 */
import type { Autosave } from './autosave.ts';

/** Adds the listeners for the autosave `current()` returns; the function removes them. */
export function guardLeaving(current: () => Autosave | null): () => void {
  const flush = () => current()?.flush();
  const hidden = () => {
    if (document.visibilityState === 'hidden') flush();
  };
  const warn = (e: BeforeUnloadEvent) => {
    if (!current()?.wouldLoseWork) return;
    e.preventDefault();
    // Older browsers prompt only when returnValue is set.
    e.returnValue = '';
  };
  addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', hidden);
  addEventListener('beforeunload', warn);
  return () => {
    removeEventListener('pagehide', flush);
    document.removeEventListener('visibilitychange', hidden);
    removeEventListener('beforeunload', warn);
  };
}
