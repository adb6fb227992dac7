/**
 * Templates: metadata (title, canvas size, tags, custom_data) plus a design document that the
 * renderer draws. This module holds the template types, the limits of the REST contract and the
 * pure rules that check request values against them; the store is the TemplateStore port
 * (ports/template-store.ts).
 */
import {
  charLength,
  hasUnrepresentableNumber,
  keptLength,
  unrepresentableNumberMessage,
} from './json-value.ts';
import type { Design } from '../render/index.ts';
import type { FieldErrorCollector } from './errors.ts';

/** A template's design: `{ width, height, background, layers: [...] }` (see render/types.ts). */
export type TemplateDesign = Design;

/** Template metadata as stored (the design travels separately or in TemplateWithDesign). */
export interface Template {
  uuid: string;
  project_id: string;
  title: string;
  width: number;
  height: number;
  /** Tags in the order given; nested tags use '/' (e.g. `social/instagram`). */
  tags: string[];
  /** Any JSON value the client saved, or null. */
  custom_data: unknown;
  /** Storage key of the thumbnail of the current revision; null until it is rendered. */
  thumbnail_key: string | null;
  /** Counts design saves (starts at 1): the design's ETag for optimistic concurrency. */
  revision: number;
  /** Number of the latest version (docs/template-versions.md). */
  version: number;
  /** The version renders use; null: the latest. */
  published_version: number | null;
  created_at: string;
  updated_at: string;
}

/** A template together with its design (what listings need to report its layers). */
export interface TemplateWithDesign extends Template {
  design: TemplateDesign;
}

/** Sortable fields of the template list (`order_by=<field>-<direction>`). */
export type TemplateOrderField = 'created_at' | 'updated_at' | 'title';

/** The order of a template list. */
export interface TemplateOrder {
  field: TemplateOrderField;
  direction: 'asc' | 'desc';
}

/** Filters of the template list; all optional and combinable. */
export interface TemplateListFilter {
  /** Only templates in this collection of the project. */
  collectionId?: string;
  /** Case-insensitive substring of the title. */
  titleFilter?: string;
  /** A tag without '/' matches itself and its nested children; a nested tag matches exactly. */
  tag?: string;
}

/** Values of a new template, already checked. */
export interface NewTemplate {
  title: string;
  width: number;
  height: number;
  tags: string[];
  custom_data: unknown;
  design: TemplateDesign;
}

/** A partial update of a template's metadata, already checked. */
export interface TemplatePatch {
  title?: string;
  tags?: string[];
  /** undefined leaves it unchanged; null clears it. */
  custom_data?: unknown;
  /** A version the template has, or null (renders use the latest); undefined leaves it. */
  published_version?: number | null;
}

/** The limits of templates; docs/api.md records the ones the spec leaves open. */
export const TEMPLATE_LIMITS = {
  titleMax: 255,
  sizeMin: 1,
  sizeMax: 16000,
  tagsMax: 10,
  tagLengthMax: 100,
  customDataMax: 255,
  perPageDefault: 20,
  perPageMax: 100,
  /** Collections a new template may join in one request (add_to_collections). */
  addToCollectionsMax: 100,
} as const;

/** The order used when order_by is omitted: newest first. */
export const DEFAULT_TEMPLATE_ORDER: TemplateOrder = { field: 'created_at', direction: 'desc' };

/** Every accepted order_by value, e.g. `title-asc`. */
export const TEMPLATE_ORDER_VALUES: readonly string[] = (
  ['created_at', 'updated_at', 'title'] as const
).flatMap((f) => [`${f}-asc`, `${f}-desc`]);

/** Parses an order_by value already checked against TEMPLATE_ORDER_VALUES. */
export function parseTemplateOrder(raw: string | undefined): TemplateOrder {
  if (!raw) return DEFAULT_TEMPLATE_ORDER;
  const cut = raw.lastIndexOf('-');
  return {
    field: raw.slice(0, cut) as TemplateOrderField,
    direction: raw.slice(cut + 1) === 'desc' ? 'desc' : 'asc',
  };
}

/** The design of a new, empty template. */
export function emptyDesign(width: number, height: number): TemplateDesign {
  return { width, height, background: '#ffffff', layers: [] };
}

/**
 * Checks a custom_data value: a string counts as itself, anything else as its serialized JSON.
 * Returns the value to store (unchanged) when it fits in `max` characters.
 */
export function checkCustomData(
  value: unknown,
  max: number,
  field: string,
  errors: FieldErrorCollector,
): void {
  if (value === null || value === undefined) return;
  if (hasUnrepresentableNumber(value)) {
    errors.add(field, unrepresentableNumberMessage(field));
    return;
  }
  const length = keptLength(value);
  if (length > max) {
    errors.add(
      field,
      `The ${field} field must not be greater than ${max} characters${typeof value === 'string' ? '' : ' as serialized JSON'} (got ${length}).`,
    );
  }
}

/**
 * Trims and checks tags: each non-empty, at most TEMPLATE_LIMITS.tagLengthMax characters, nested
 * parts separated by single slashes (no empty part); duplicates (ignoring case) are dropped.
 */
export function normalizeTags(
  tags: readonly (string | undefined)[],
  field: string,
  errors: FieldErrorCollector,
): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  tags.forEach((raw, i) => {
    // An item of the wrong type was reported (and removed) by the route schema.
    if (typeof raw !== 'string') return;
    const tag = raw.trim();
    const path = `${field}.${i}`;
    if (tag === '') return errors.add(path, `The ${path} field must not be empty.`);
    if (charLength(tag) > TEMPLATE_LIMITS.tagLengthMax) {
      return errors.add(
        path,
        `The ${path} field must not be greater than ${TEMPLATE_LIMITS.tagLengthMax} characters.`,
      );
    }
    if (tag.split('/').some((part) => part.trim() === '')) {
      return errors.add(
        path,
        `The ${path} field must be a tag or a nested tag like "parent/child" (no empty part around a "/").`,
      );
    }
    const normalized = tag
      .split('/')
      .map((p) => p.trim())
      .join('/');
    if (seen.has(tagKey(normalized))) return;
    seen.add(tagKey(normalized));
    out.push(normalized);
  });
  return out;
}

/** The case-insensitive form of a tag or title used for matching and sorting. */
export function tagKey(value: string): string {
  return value.toLowerCase();
}
