/**
 * The font picker of `font` / `alt_font`: a button and a listbox whose options show each font in
 * its own face (font-faces.ts loads them when the list first opens, library faces as they scroll
 * into view). The brand kit's fonts come first. A search field above the list filters it by name
 * (or category). Keyboard: arrows move, Enter picks, Escape closes; the value is a project font's
 * uuid or a built-in name.
 */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Api, Font } from '../api.ts';
import { brandFonts, useBrandKit } from './brand-kit.ts';
import { missingFontLabel } from './font-names.ts';
import { SPECS } from '../specs.ts';
import {
  bundledLook,
  faceFamily,
  faceLoaded,
  loadBundledFace,
  loadFaces,
  loadLibraryFace,
} from './font-faces.ts';

interface Option {
  value: string;
  label: string;
  family?: string;
  sample?: string;
  lang?: string;
  /** A large bundled face, loaded once its option is active or chosen. */
  demand?: boolean;
  /** A library family: its face loads when its option scrolls into view. */
  library?: boolean;
  /** Searched besides the label (a library family's category). */
  keywords?: string;
  group: 'brand' | 'default' | 'project' | 'library' | 'bundled';
}

/**
 * A font of the brand kit as an option: `font` is a project font's uuid or family, or a library or
 * bundled family; its role (heading, body) is the sample text.
 */
function brandOption(font: string, role: 'heading' | 'body', fonts: Font[]): Option {
  const sample = role === 'heading' ? 'Heading' : 'Body';
  const own = fonts.find((f) => f.uuid === font) ?? fonts.find((f) => f.family === font);
  if (own)
    return {
      value: font,
      label: own.uuid === font ? own.title : font,
      family: faceFamily(own),
      sample,
      group: 'brand',
    };
  if (SPECS.fontLibrary.some((f) => f.name === font))
    return {
      value: font,
      label: font,
      family: faceFamily({ library: font }),
      library: true,
      sample,
      group: 'brand',
    };
  return {
    value: font,
    label: font,
    family: faceFamily({ bundled: font }),
    sample,
    group: 'brand',
  };
}

interface Props {
  id: string;
  api: Api;
  value: string;
  fonts: Font[];
  bundled: string[];
  onChange: (value: string) => void;
}

export function FontPicker({ id, api, value, fonts, bundled, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [query, setQuery] = useState('');
  const [, redraw] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  const list = useRef<HTMLUListElement>(null);

  const kit = useBrandKit(api);
  const all: Option[] = [
    ...brandFonts(kit).map(({ role, font }) => brandOption(font, role, fonts)),
    { value: '', label: `Default (${bundled[0]})`, group: 'default' },
    ...fonts.map((f) => ({
      value: f.uuid,
      label: f.title,
      family: faceFamily(f),
      group: 'project' as const,
    })),
    ...SPECS.fontLibrary.map((f) => ({
      value: f.name,
      label: f.name,
      family: faceFamily({ library: f.name }),
      sample: f.category,
      keywords: f.category,
      library: true,
      group: 'library' as const,
    })),
    ...bundled.map((name) => {
      const look = bundledLook(name);
      return {
        value: name,
        label: name,
        family: faceFamily({ bundled: name }),
        demand: look.load === 'demand',
        sample: look.sample,
        lang: look.lang,
        group: 'bundled' as const,
      };
    }),
  ];
  const q = query.trim().toLowerCase();
  const options = q
    ? all.filter((o) => `${o.label} ${o.keywords ?? ''}`.toLowerCase().includes(q))
    : all;
  const current: Option = all.find((o) => o.value === value) ?? {
    value,
    // A font the lists do not have (deleted since): its remembered name, never its uuid.
    label: value ? missingFontLabel(value, fonts) : all[0].label,
    group: 'default',
  };

  useEffect(() => {
    if (!open) return;
    loadFaces(api, fonts, bundled, () => redraw((n) => n + 1));
    const away = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    addEventListener('mousedown', away);
    return () => removeEventListener('mousedown', away);
  }, [open, fonts]);
  // A large face loads on demand: once its option is active (pointed at or reached by keys).
  const redrawNow = () => redraw((n) => n + 1);
  useEffect(() => {
    if (open && options[active]?.demand) loadBundledFace(options[active].value, redrawNow);
  }, [open, active]);
  useEffect(() => {
    if (open)
      list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [open, active]);
  // Library faces (about 20 KB each) load as their options come into view.
  useEffect(() => {
    if (!open || !list.current) return;
    const seen = new IntersectionObserver(
      (entries) => {
        for (const e of entries) {
          const name = (e.target as HTMLElement).dataset.value;
          if (e.isIntersecting && name) {
            seen.unobserve(e.target);
            loadLibraryFace(name, redrawNow);
          }
        }
      },
      { root: list.current },
    );
    list.current.querySelectorAll('[data-library]').forEach((el) => seen.observe(el));
    return () => seen.disconnect();
  }, [open, query]);

  const faceOf = (o: Option) =>
    o.family && faceLoaded(o.family) ? { fontFamily: `"${o.family}", system-ui, sans-serif` } : {};
  const close = () => {
    setOpen(false);
    setQuery('');
  };
  const pick = (o: Option | undefined) => {
    if (!o) return;
    onChange(o.value);
    close();
    document.getElementById(id)?.focus();
  };
  const openList = () => {
    setQuery('');
    setActive(
      Math.max(
        0,
        all.findIndex((o) => o.value === value),
      ),
    );
    setOpen(true);
  };
  // The search field takes the focus when the list opens; keys there move through the list.
  useEffect(() => {
    if (open) root.current?.querySelector<HTMLInputElement>('.font-search')?.focus();
  }, [open]);
  const onKey = (e: KeyboardEvent) => {
    if (!open) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(e.key)) {
        e.preventDefault();
        openList();
      }
      return;
    }
    if (e.key === 'Escape') {
      close();
      document.getElementById(id)?.focus();
    } else if (e.key === 'ArrowDown') setActive((i) => Math.min(options.length - 1, i + 1));
    else if (e.key === 'ArrowUp') setActive((i) => Math.max(0, i - 1));
    else if (e.key === 'Home') setActive(0);
    else if (e.key === 'End') setActive(options.length - 1);
    else if (e.key === 'Enter' || (e.key === ' ' && e.target === document.getElementById(id)))
      pick(options[active]);
    else if (e.key === 'Tab') return close();
    else return;
    e.preventDefault();
  };
  const label = (o: Option) => (
    <>
      <span class="font-name" style={faceOf(o)}>
        {o.label}
      </span>
      {o.sample && (
        <span class="font-sample" lang={o.lang} style={faceOf(o)}>
          {o.sample}
        </span>
      )}
    </>
  );
  const groups: [Option['group'], string][] = [
    ['brand', 'Brand fonts'],
    ['default', ''],
    ['project', 'Project fonts'],
    ['library', 'Font library'],
    ['bundled', 'Bundled fonts'],
  ];
  return (
    <div class="font-picker" ref={root}>
      <button
        id={id}
        type="button"
        class="font-current"
        role="combobox"
        aria-haspopup="listbox"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        aria-activedescendant={open ? `${id}-opt-${active}` : undefined}
        data-value={value}
        onClick={() => (open ? close() : openList())}
        onKeyDown={onKey}
      >
        {label(current)}
      </button>
      {open && (
        <div class="font-popup">
          <input
            class="font-search"
            type="search"
            placeholder="Search fonts"
            aria-label="Search fonts"
            aria-controls={`${id}-list`}
            aria-activedescendant={`${id}-opt-${active}`}
            value={query}
            onInput={(e) => {
              setQuery(e.currentTarget.value);
              setActive(0);
            }}
            onKeyDown={onKey}
          />
          <ul
            class="font-list"
            role="listbox"
            tabIndex={-1}
            id={`${id}-list`}
            ref={list}
            aria-label="Fonts"
          >
            {groups.map(([group, title]) => {
              const items = options
                .map((o, index) => ({ o, index }))
                .filter(({ o }) => o.group === group);
              if (!items.length) return null;
              return (
                <li role="presentation" key={group}>
                  {title && (
                    <span class="font-group" aria-hidden="true">
                      {title}
                    </span>
                  )}
                  <ul role="group" aria-label={title || 'Default'}>
                    {items.map(({ o, index }) => (
                      <li
                        key={o.value}
                        id={`${id}-opt-${index}`}
                        role="option"
                        data-index={index}
                        data-value={o.value}
                        data-library={o.library ? '' : undefined}
                        aria-selected={o.value === value}
                        class={index === active ? 'active' : ''}
                        onMouseDown={(e) => e.preventDefault()}
                        onMouseEnter={() => setActive(index)}
                        onClick={() => pick(o)}
                      >
                        {label(o)}
                      </li>
                    ))}
                  </ul>
                </li>
              );
            })}
          </ul>
        </div>
      )}
    </div>
  );
}
