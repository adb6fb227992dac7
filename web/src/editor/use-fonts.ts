/** The account's fonts for the pickers, with their names remembered for warning messages. */
import { useEffect, useState } from 'preact/hooks';
import type { Api, Font } from '../api.ts';
import { rememberFontNames } from './font-names.ts';

export function useFonts(api: Api, uuid: string) {
  const [fonts, setFonts] = useState<Font[]>([]);
  useEffect(() => {
    api.fonts().then(
      (list) => {
        rememberFontNames(list);
        setFonts(list);
      },
      // Without the list the pickers offer the built-in fonts only; editing still works.
      () => undefined,
    );
  }, [uuid]);
  /** A font just uploaded goes first in the list. */
  const addFont = (f: Font) => {
    rememberFontNames([f]);
    setFonts((list) => [f, ...list]);
  };
  return { fonts, addFont };
}
