/**
 * The fonts a content stream names, read from the bytes of a PDF Ghostscript wrote: the holder's
 * (page's or form's) `/Resources` → `/Font` → the font object, its code width (two bytes for a
 * Type0 font, one for a simple font) and its ToUnicode map.
 */
import { parseToUnicode } from './to-unicode.ts';
import { decodeStream, streamObject } from './pdf-stream-object.ts';

/** What the glyph codes of a font resource are. */
export interface ContentFont {
  /** Bytes per code. */
  width: 1 | 2;
  /** Code (lower-case hex) → text, from the ToUnicode; empty when the font has none. */
  map: Map<string, string>;
}

type Objects = (num: number) => Buffer | undefined;

const head = (b: Buffer | undefined): string => b?.toString('latin1', 0, 8192) ?? '';

/** The dictionary text after `/Key`: an inline `<<…>>` without nested dictionaries, or a ref's. */
function entryDict(text: string, key: string, object: Objects): string | undefined {
  const m = new RegExp(`/${key}\\s*(?:(\\d+)\\s+0\\s+R|(<<(?:[^<>]|<[^<>]*>)*>>))`).exec(text);
  if (!m) return undefined;
  if (m[2]) return m[2];
  const obj = /^\d+ 0 obj\s*(<<[^]*?>>)\s*(?:stream|endobj)/.exec(head(object(Number(m[1]))));
  return obj?.[1];
}

/** The `/Font` dictionary of a holder's resources (whose text is `holder`). */
function fontDict(holder: string, object: Objects): string | undefined {
  const ref = /\/Resources\s*(\d+)\s+0\s+R/.exec(holder)?.[1];
  const resources = ref ? head(object(Number(ref))) : holder;
  return entryDict(resources, 'Font', object);
}

/**
 * A resolver of the font resources of a stream whose holder is `holder` (page object or form
 * stream text); each font read once per `cache`.
 */
export function contentFonts(
  holder: string,
  object: Objects,
  cache: Map<number, ContentFont | undefined>,
): (resource: string) => ContentFont | undefined {
  const fonts = fontDict(holder, object) ?? '';
  return (resource) => {
    const name = resource.replace(/[\\^$.*+?()[\]{}|]/g, '\\$&');
    const num = new RegExp(`${name}\\s+(\\d+)\\s+0\\s+R`).exec(fonts)?.[1];
    if (num === undefined) return undefined;
    const key = Number(num);
    if (cache.has(key)) return cache.get(key);
    const font = head(object(key));
    let found: ContentFont | undefined;
    if (/\/Type\s*\/Font/.test(font)) {
      const cmapRef = /\/ToUnicode\s*(\d+)\s+0\s+R/.exec(font)?.[1];
      const s = cmapRef ? object(Number(cmapRef)) : undefined;
      const cmap = s && streamObject(s, object);
      const text = cmap && decodeStream(cmap);
      found = {
        width: /\/Subtype\s*\/Type0/.test(font) ? 2 : 1,
        map: text ? parseToUnicode(text) : new Map(),
      };
    }
    cache.set(key, found);
    return found;
  };
}
