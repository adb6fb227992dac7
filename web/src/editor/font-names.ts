/**
 * The names of project fonts by uuid, remembered in the browser (localStorage) each time the
 * editor lists the project's fonts or uploads one. A layer whose font was deleted since (or
 * belongs to no font the list has) is then still shown by its name, in the font field and in
 * the preview's warnings, rather than by its uuid.
 */
import type { Font, Warning } from '../api.ts';

const KEY = 'imprint.editor.fontNames';
/** At most this many names are kept (the newest). */
const MAX = 500;

function read(): Record<string, string> {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<string, string>;
  } catch {
    return {};
  }
}

/** Remembers the names of `fonts`. */
export function rememberFontNames(fonts: Font[]): void {
  const names = read();
  for (const f of fonts) {
    delete names[f.uuid];
    names[f.uuid] = f.title;
  }
  const entries = Object.entries(names).slice(-MAX);
  try {
    localStorage.setItem(KEY, JSON.stringify(Object.fromEntries(entries)));
  } catch {
    // Storage full or refused: the names are only a convenience.
  }
}

/** The name of font `ref`: from the project's list, else remembered, else null. */
export function fontName(ref: string, fonts: Font[]): string | null {
  return fonts.find((f) => f.uuid === ref)?.title ?? read()[ref] ?? null;
}

/** A font warning with the font's uuid replaced by its name, when that is known. */
export function withFontNames(w: Warning, fonts: Font[]): Warning {
  if (w.code !== 'font_fallback') return w;
  return {
    ...w,
    message: w.message.replace(/"([^"]+)"/, (all, ref: string) => {
      const name = fontName(ref, fonts);
      return name && name !== ref ? `"${name}" (deleted or not in this project)` : all;
    }),
  };
}

/** What the font field shows for a font that is not available. */
export function missingFontLabel(ref: string, fonts: Font[]): string {
  const name = fontName(ref, fonts);
  return name ? `${name} (missing)` : `Missing font (${ref.slice(0, 8)}…)`;
}
