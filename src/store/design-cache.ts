/**
 * Parsed template designs per process. Every image reads its template's design twice (at creation
 * and in the render job), and parsing the JSON text was a measurable share of the API's main
 * thread. An entry is used only when the row just read holds exactly the text it was parsed from
 * (same project and size columns too), so a PUT or a write by another process is seen at once: no invalidation,
 * no timestamps to trust. Cached designs are frozen because every caller shares them.
 */
import type { TemplateDesign } from '../core/templates.ts';

/** Most designs kept; the oldest entry goes first. */
const MAX_ENTRIES = 256;

interface Entry {
  projectId: string;
  /** The row's width and height columns (a design without its own size takes them). */
  size: string;
  text: string;
  design: TemplateDesign;
}

/** Makes a parsed value and everything in it read-only. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** A bounded map from template uuid to its parsed design, checked against the stored text. */
export class DesignCache {
  private readonly entries = new Map<string, Entry>();

  /** The design parsed from `text`, from the cache when this exact text was parsed before. */
  get(
    uuid: string,
    projectId: string,
    size: string,
    text: string | null,
    parse: () => TemplateDesign,
  ): TemplateDesign {
    if (text === null) return parse();
    const hit = this.entries.get(uuid);
    if (hit && hit.projectId === projectId && hit.size === size && hit.text === text)
      return hit.design;
    const design = deepFreeze(parse());
    this.entries.delete(uuid);
    this.entries.set(uuid, { projectId, size, text, design });
    if (this.entries.size > MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    return design;
  }
}
