/**
 * The project's brand kit (GET /api/rest/brand-kit), read once per page and shared by every part
 * of the editor that uses it: the swatches under colour fields, the font picker (brand fonts
 * first) and new layers (which take the kit's default fonts). A change made here (PUT) reaches
 * them all.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Api, BrandKit } from '../api.ts';
import { SPECS } from '../specs.ts';

const EMPTY: BrandKit = { colors: [], fonts: { heading: null, body: null }, updated_at: null };

let kit: Promise<BrandKit> | undefined;
/** The kit once it has been read, for code that cannot wait (a click adding a layer). */
let known: BrandKit = EMPTY;
const listeners = new Set<() => void>();

/** The project's kit (read once per page; the empty kit when it cannot be read). */
export function brandKit(api: Api): Promise<BrandKit> {
  kit ??= api
    .json<BrandKit>('GET', '/brand-kit')
    .then((r) => (known = r.body))
    .catch(() => EMPTY);
  return kit;
}

/** Replaces the kit (PUT /brand-kit) and tells every user of it. */
export async function saveBrandKit(
  api: Api,
  next: Pick<BrandKit, 'colors' | 'fonts'>,
): Promise<void> {
  const res = await api.json<BrandKit>('PUT', '/brand-kit', next);
  known = res.body;
  kit = Promise.resolve(res.body);
  listeners.forEach((f) => f());
}

/** The kit, redrawing the component when it has been read or changed. */
export function useBrandKit(api: Api): BrandKit {
  const [value, setValue] = useState<BrandKit>(known);
  useEffect(() => {
    let live = true;
    const refresh = () => void brandKit(api).then((k) => live && setValue(k));
    listeners.add(refresh);
    refresh();
    return () => {
      live = false;
      listeners.delete(refresh);
    };
  }, [api]);
  return value;
}

/** The kit's fonts, heading first, without repeats: the picker lists them first. */
export function brandFonts(k: BrandKit): { role: 'heading' | 'body'; font: string }[] {
  const out: { role: 'heading' | 'body'; font: string }[] = [];
  for (const role of ['heading', 'body'] as const) {
    const font = k.fonts[role];
    if (font && !out.some((f) => f.font === font)) out.push({ role, font });
  }
  return out;
}

/**
 * The brand fonts of a new layer of `type`, for the font properties its registry entry has: body
 * text (`font`) takes the body font, a table's header (`header_font`) the heading font; each
 * falls back to the other role when the kit names only one.
 */
export function brandFontProps(type: string, k: BrandKit = known): Record<string, string> {
  const props = SPECS.types[type] ?? {};
  const body = k.fonts.body ?? k.fonts.heading;
  const heading = k.fonts.heading ?? k.fonts.body;
  const out: Record<string, string> = {};
  if ('font' in props && body) out.font = body;
  if ('header_font' in props && heading && heading !== body) out.header_font = heading;
  return out;
}
