/** The autosave of the open template, its state for the top bar, and the guard on leaving. */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Autosave, SaveState } from './autosave.ts';
import { guardLeaving } from './leave-guard.ts';

export function useSaving(uuid: string) {
  const [save, setSave] = useState<SaveState>({ state: 'saved' });
  // A ref, not state: the template loader replaces it and the leave guard reads it when it fires.
  const autosave = useRef<Autosave | null>(null);
  useEffect(() => {
    const unguard = guardLeaving(() => autosave.current);
    return () => {
      unguard();
      // Leaving the editor for the gallery: a change waiting for its timer is saved now.
      autosave.current?.flush();
      autosave.current?.stop();
    };
  }, [uuid]);
  return { save, setSave, autosave };
}
