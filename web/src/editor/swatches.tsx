/**
 * The swatches under every colour field: the project's brand colours (brand-kit.ts) and the
 * colours picked recently (kept in localStorage, newest first). A click sets the field; "+" adds
 * the field's colour to the brand kit (PUT /api/rest/brand-kit).
 */
import { useEffect, useState } from 'preact/hooks';
import type { Api, BrandKit } from '../api.ts';
import { brandKit, saveBrandKit, useBrandKit } from './brand-kit.ts';
import { paintable } from './swatch-color.ts';

export type BrandColor = BrandKit['colors'][number];

const RECENT_KEY = 'imprint.recentColors';
const RECENT_MAX = 10;

const listeners = new Set<() => void>();
const changed = () => listeners.forEach((f) => f());

/** The recent colours, newest first. */
export function recentColors(): string[] {
  try {
    const list: unknown = JSON.parse(localStorage.getItem(RECENT_KEY) ?? '[]');
    return Array.isArray(list)
      ? list.filter((c) => typeof c === 'string').slice(0, RECENT_MAX)
      : [];
  } catch {
    return [];
  }
}

/** Puts a colour first among the recent ones. */
export function rememberColor(value: string): void {
  const v = value.trim();
  if (!/^#[0-9a-f]{6}([0-9a-f]{2})?$/i.test(v)) return;
  const list = [v.toLowerCase(), ...recentColors().filter((c) => c !== v.toLowerCase())];
  try {
    localStorage.setItem(RECENT_KEY, JSON.stringify(list.slice(0, RECENT_MAX)));
  } catch {
    // Storage full or blocked: recent colours are a convenience.
  }
  changed();
}

export function Swatches(props: {
  api: Api;
  /** The field's id (labels the group). */
  id: string;
  label: string;
  current: string;
  onPick: (value: string) => void;
}) {
  const brand = useBrandKit(props.api).colors;
  // Recent colours change in every colour field at once.
  const [, redraw] = useState(0);
  useEffect(() => {
    const refresh = () => redraw((n) => n + 1);
    listeners.add(refresh);
    return () => void listeners.delete(refresh);
  }, []);
  const recent = recentColors();
  const pick = (value: string) => {
    props.onPick(value);
    rememberColor(value);
  };
  const addToKit = async () => {
    const current = await brandKit(props.api);
    await saveBrandKit(props.api, {
      colors: [...current.colors, { name: null, value: props.current }],
      fonts: current.fonts,
    });
  };
  const swatch = (c: BrandColor, kind: string) => (
    <button
      key={`${kind}-${c.value}`}
      type="button"
      class="kit-swatch"
      style={{ '--swatch': paintable(c.value) }}
      title={`${c.name ? `${c.name} ` : ''}${c.value}`}
      aria-label={`${kind} colour ${c.name ? `${c.name} ` : ''}${c.value}`}
      onClick={() => pick(c.value)}
    />
  );
  const canAdd =
    /^#[0-9a-f]{6}([0-9a-f]{2})?$/i.test(props.current) &&
    !brand.some((c) => c.value === props.current.toLowerCase());
  return (
    <div class="swatches" role="group" aria-label={`${props.label} swatches`}>
      {brand.map((c) => swatch(c, 'Brand'))}
      {canAdd && (
        <button
          type="button"
          class="swatch-add"
          title="Add this colour to the brand kit"
          aria-label={`Add ${props.current} to the brand kit`}
          onClick={() => void addToKit()}
        >
          +
        </button>
      )}
      {recent.length > 0 && <span class="swatch-sep" aria-hidden="true" />}
      {recent.map((v) => swatch({ name: null, value: v }, 'Recent'))}
    </div>
  );
}
