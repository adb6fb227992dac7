/** Loads the template's design and title into an EditorDoc with a fresh autosave. */
import { useEffect, useState } from 'preact/hooks';
import type { RefObject } from 'preact';
import { ApiError, type Api } from '../api.ts';
import { Autosave, type SaveState } from './autosave.ts';
import { EditorDoc } from './doc.ts';

export function useTemplateLoad(o: {
  api: Api;
  uuid: string;
  autosave: RefObject<Autosave | null>;
  setSave: (s: SaveState) => void;
  /** The api the autosave uses (the history's guard); read when loading, not when rendering. */
  guard: (api: Api) => Api;
}) {
  const [doc, setDoc] = useState<EditorDoc | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [title, setTitle] = useState('');
  // The editor renders again on every change of the document.
  const [, setTick] = useState(0);
  const load = async () => {
    setLoadError(null);
    try {
      const [{ design, etag }, meta] = await Promise.all([
        o.api.design(o.uuid),
        o.api.json<{ title: string }>('GET', `/templates/${o.uuid}`),
      ]);
      o.autosave.current?.stop();
      const d = new EditorDoc(design);
      d.subscribe(() => setTick((n) => n + 1));
      o.autosave.current = new Autosave(o.guard(o.api), o.uuid, d, etag, o.setSave);
      o.setSave({ state: 'saved' });
      setTitle(meta.body.title);
      setDoc(d);
    } catch (err) {
      setLoadError(
        err instanceof ApiError && err.status === 401
          ? 'The token is no longer valid: sign in again.'
          : err instanceof Error
            ? err.message
            : String(err),
      );
    }
  };
  useEffect(() => {
    void load();
  }, [o.uuid]);
  return { doc, loadError, title, load };
}
