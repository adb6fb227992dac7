/**
 * The file form of a template for `imprint templates pull|push`: readable JSON with a stable key
 * order and 2-space indent, collections by title, fonts by family name, so that templates can
 * live in git and their changes read well in a review.
 */
import type { Collection } from '../../core/collections.ts';
import type { FontRecord } from '../../core/fonts.ts';
import type { TemplateWithDesign } from '../../core/templates.ts';
import { FONT_PROPS } from '../../render/index.ts';

/** What one file holds. */
export interface TemplateFile {
  /** The template's uuid in the project; absent in a file written by hand (push creates it). */
  uuid?: string;
  title: string;
  tags: string[];
  /** Titles of the project's collections that hold the template, sorted. */
  collections: string[];
  custom_data: unknown;
  /** The design, with project fonts named by family (see FontNames). */
  design: Record<string, unknown>;
}

/** Keys written first, in this order, where an object has them; the rest follow alphabetically. */
const FIRST_KEYS = [
  'uuid',
  'title',
  'tags',
  'collections',
  'custom_data',
  'design',
  'name',
  'type',
  'x',
  'y',
  'width',
  'height',
  'background',
  'layers',
];

/** A copy with object keys in a stable order (arrays keep theirs). */
function ordered(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(ordered);
  if (!value || typeof value !== 'object') return value;
  const keys = Object.keys(value).sort((a, b) => {
    const ia = FIRST_KEYS.indexOf(a);
    const ib = FIRST_KEYS.indexOf(b);
    if (ia >= 0 || ib >= 0) return (ia < 0 ? Infinity : ia) - (ib < 0 ? Infinity : ib);
    return a < b ? -1 : a > b ? 1 : 0;
  });
  return Object.fromEntries(keys.map((k) => [k, ordered((value as Record<string, unknown>)[k])]));
}

/** The text of a file: stable key order, 2-space indent, a final newline. */
export function serializeTemplateFile(file: TemplateFile): string {
  return `${JSON.stringify(ordered(file), null, 2)}\n`;
}

/** A file-name slug of a title: lower-case ASCII letters, digits and dashes (at most 60). */
export function slugOf(title: string): string {
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'template';
}

/** `<slug of the title>-<uuid>.json`: sorted by title in a listing, unique by uuid. */
export function templateFileName(title: string, uuid: string): string {
  return `${slugOf(title)}-${uuid}.json`;
}

/**
 * Font uuids ↔ readable names for the fonts a project may use (its own first, then its account's
 * legacy fonts). A font is named by its family (read from the file); when another visible font
 * has the same family (a bold and a regular cut), by its title; when that is shared too, it keeps
 * its uuid.
 */
export class FontNames {
  private readonly nameByUuid = new Map<string, string>();
  private readonly uuidByName = new Map<string, string>();

  constructor(fonts: FontRecord[]) {
    const count = (pick: (f: FontRecord) => string) => {
      const counts = new Map<string, number>();
      for (const f of fonts) counts.set(pick(f), (counts.get(pick(f)) ?? 0) + 1);
      return counts;
    };
    const families = count((f) => f.family);
    const titles = count((f) => f.title);
    for (const f of fonts) {
      const name =
        f.family && families.get(f.family) === 1
          ? f.family
          : titles.get(f.title) === 1 && !families.has(f.title)
            ? f.title
            : undefined;
      if (!name || this.uuidByName.has(name)) continue;
      this.nameByUuid.set(f.uuid, name);
      this.uuidByName.set(name, f.uuid);
    }
  }

  /** The readable name of a font reference (unchanged when it is no known font uuid). */
  nameOf(ref: string): string {
    return this.nameByUuid.get(ref) ?? ref;
  }

  /** The uuid a name in a file stands for (unchanged when it names no project font). */
  uuidOf(name: string): string {
    return this.uuidByName.get(name) ?? name;
  }
}

/** A copy of a design whose layers' font references went through `map`. */
export function mapDesignFonts(
  design: Record<string, unknown>,
  map: (ref: string) => string,
): Record<string, unknown> {
  const copy = structuredClone(design);
  if (Array.isArray(copy.layers)) {
    for (const layer of copy.layers as unknown[]) {
      if (!layer || typeof layer !== 'object') continue;
      const props = layer as Record<string, unknown>;
      for (const p of FONT_PROPS) if (typeof props[p] === 'string') props[p] = map(props[p]);
    }
  }
  return copy;
}

/** The file form of a stored template. */
export function toTemplateFile(
  template: TemplateWithDesign,
  collections: Collection[],
  fonts: FontNames,
): TemplateFile {
  return {
    uuid: template.uuid,
    title: template.title,
    tags: template.tags,
    collections: collectionTitlesOf(template.uuid, collections),
    custom_data: template.custom_data ?? null,
    design: mapDesignFonts(template.design as unknown as Record<string, unknown>, (ref) =>
      fonts.nameOf(ref),
    ),
  };
}

/** The sorted titles of the collections holding a template. */
export function collectionTitlesOf(uuid: string, collections: Collection[]): string[] {
  const titles = collections.filter((c) => c.template_uuids.includes(uuid)).map((c) => c.title);
  return [...new Set(titles)].sort();
}

/**
 * Reads a file's text into a TemplateFile; problems name the field (`title`, `tags.2`, …) and
 * are returned rather than thrown, so that push can list every problem of every file at once.
 */
export function parseTemplateFile(text: string): { file?: TemplateFile; problems: string[] } {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { problems: [`not valid JSON: ${(err as Error).message}`] };
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw))
    return { problems: ['the file must hold a JSON object'] };
  const obj = raw as Record<string, unknown>;
  const problems: string[] = [];
  const known = new Set(['uuid', 'title', 'tags', 'collections', 'custom_data', 'design']);
  for (const key of Object.keys(obj))
    if (!known.has(key)) problems.push(`${key}: unknown field (expected ${[...known].join(', ')})`);
  if (obj.uuid !== undefined && (typeof obj.uuid !== 'string' || obj.uuid === ''))
    problems.push('uuid: must be a non-empty string (or absent for a new template)');
  if (typeof obj.title !== 'string' || obj.title.trim() === '')
    problems.push('title: must be a non-empty string');
  const strings = (field: string): string[] => {
    const value = obj[field] ?? [];
    if (!Array.isArray(value)) {
      problems.push(`${field}: must be an array of strings`);
      return [];
    }
    value.forEach((v, i) => {
      if (typeof v !== 'string') problems.push(`${field}.${i}: must be a string`);
    });
    return value.filter((v): v is string => typeof v === 'string');
  };
  const tags = strings('tags');
  const collections = strings('collections');
  collections.forEach((c, i) => {
    if (c.trim() === '') problems.push(`collections.${i}: must not be empty`);
  });
  if (!obj.design || typeof obj.design !== 'object' || Array.isArray(obj.design))
    problems.push('design: must be an object with width, height, background and layers');
  if (problems.length > 0) return { problems };
  return {
    problems,
    file: {
      ...(obj.uuid !== undefined ? { uuid: obj.uuid as string } : {}),
      title: (obj.title as string).trim(),
      tags,
      collections: [...new Set(collections)].sort(),
      custom_data: obj.custom_data ?? null,
      design: obj.design as Record<string, unknown>,
    },
  };
}
