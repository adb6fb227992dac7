/**
 * The faces the font picker shows its fonts in, loaded with the FontFace API when the picker
 * first opens (never on page load): project fonts from GET /api/rest/fonts/{uuid}/file, bundled
 * families from /editor/fonts/{family}. The large CJK families (4–5 MB each) are not loaded
 * with the others: their labels show a sample of their script in the browser's own face, and
 * their face loads on demand, once their option is pointed at or reached with the keyboard.
 * Font library families (GET /editor/fonts/{family}: the Latin WOFF2 of the regular face, about
 * 20 KB each) load as their options scroll into view.
 */
import type { Api, Font } from '../api.ts';

/** How the picker shows a bundled family: a sample of its script, and when its face loads. */
export interface BundledLook {
  sample?: string;
  lang?: string;
  /** `open`: when the picker opens; `demand`: when its option becomes active. */
  load: 'open' | 'demand';
}

const BUNDLED: Record<string, BundledLook> = {
  'Noto Sans Arabic': { sample: 'العربية', lang: 'ar', load: 'open' },
  'Noto Sans Hebrew': { sample: 'עברית', lang: 'he', load: 'open' },
  'Noto Sans Devanagari': { sample: 'देवनागरी', lang: 'hi', load: 'open' },
  'Droid Sans Fallback': { sample: '中文 日本語', lang: 'zh', load: 'demand' },
  NanumGothic: { sample: '한국어', lang: 'ko', load: 'demand' },
};

export function bundledLook(name: string): BundledLook {
  return BUNDLED[name] ?? { load: 'open' };
}

/** The CSS family name a face is registered under (never a name a system font could have). */
export function faceFamily(
  key: { uuid: string } | { bundled: string } | { library: string },
): string {
  if ('uuid' in key) return `imprint-font-${key.uuid}`;
  const name = 'bundled' in key ? key.bundled : key.library;
  const kind = 'bundled' in key ? 'bundled' : 'library';
  return `imprint-${kind}-${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}`;
}

type State = 'loading' | 'loaded' | 'failed';
const states = new Map<string, State>();

/** Whether the face of `family` is ready (the picker falls back to its own face until then). */
export function faceLoaded(family: string): boolean {
  return states.get(family) === 'loaded';
}

async function add(family: string, source: () => Promise<ArrayBuffer | string>): Promise<void> {
  if (states.has(family)) return;
  states.set(family, 'loading');
  try {
    const face = new FontFace(family, await source());
    document.fonts.add(await face.load());
    states.set(family, 'loaded');
  } catch {
    // A font the browser cannot read still renders on the server: its label keeps the UI face.
    states.set(family, 'failed');
  }
}

/**
 * Loads the faces of the project's fonts and the bundled families not loaded yet; `onLoaded`
 * runs as each arrives, so the picker redraws that label.
 */
export function loadFaces(api: Api, fonts: Font[], bundled: string[], onLoaded: () => void) {
  for (const f of fonts) {
    void add(faceFamily(f), () => api.fontFile(f.uuid)).then(onLoaded);
  }
  for (const name of bundled) {
    if (bundledLook(name).load === 'open') loadBundledFace(name, onLoaded);
  }
}

/** Loads one bundled family's face (any family; the picker calls it for `demand` ones). */
export function loadBundledFace(name: string, onLoaded: () => void): void {
  const url = `url("/editor/fonts/${encodeURIComponent(name)}")`;
  void add(faceFamily({ bundled: name }), async () => url).then(onLoaded);
}

/** Loads a library family's regular face (the picker calls it as the option comes into view). */
export function loadLibraryFace(name: string, onLoaded: () => void): void {
  const url = `url("/editor/fonts/${encodeURIComponent(name)}")`;
  void add(faceFamily({ library: name }), async () => url).then(onLoaded);
}
