/**
 * Hyphenation for `hyphenate: true`: soft hyphens (U+00AD) inserted at the points TeX's
 * hyphenation patterns allow (the `hyphen` package), which line breaking then treats like
 * soft hyphens typed by the author. A language's patterns are loaded on first use only: all of
 * them together are several megabytes.
 */
import { createRequire } from 'node:module';

/** Languages with hyphenation patterns (`lang`); `en` is American English. */
export const HYPHENATION_LANGS = [
  'af',
  'bg',
  'ca',
  'cs',
  'cy',
  'da',
  'de',
  'de-ch-1901',
  'el',
  'en',
  'en-gb',
  'en-us',
  'es',
  'et',
  'eu',
  'fi',
  'fr',
  'ga',
  'gl',
  'hr',
  'hu',
  'hy',
  'ia',
  'id',
  'is',
  'it',
  'ka',
  'la',
  'lt',
  'lv',
  'mk',
  'nb',
  'nl',
  'nn',
  'no',
  'oc',
  'pl',
  'pt',
  'rm',
  'ro',
  'ru',
  'sk',
  'sl',
  'sq',
  'sr',
  'sv',
  'tr',
  'uk',
] as const;
/** One of HYPHENATION_LANGS. */
export type HyphenationLang = (typeof HYPHENATION_LANGS)[number];

type Hyphenate = (text: string) => string;

const load = createRequire(import.meta.url);
const loaded = new Map<HyphenationLang, Hyphenate>();

/** The text with soft hyphens at the hyphenation points of `lang` (words of 5+ letters). */
export function hyphenateText(text: string, lang: HyphenationLang): string {
  let fn = loaded.get(lang);
  if (!fn) {
    const mod = load(`hyphen/${lang}`) as { hyphenateSync: Hyphenate };
    // The library skips what looks like an HTML tag ("<" up to ">"); text is never HTML here,
    // so it is hyphenated piece by piece around each "<".
    fn = (t) =>
      t
        .split('<')
        .map((piece) => mod.hyphenateSync(piece))
        .join('<');
    loaded.set(lang, fn);
  }
  return fn(text);
}
