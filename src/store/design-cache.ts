/**
 * Parsed template designs per process. Every image reads its template's design twice (at creation
 * and in the render job), and parsing the JSON text was a measurable share of the API's main
 * thread. An entry is used only when the row just read holds exactly the text it was parsed from
 * (same project and size columns too), so a PUT or a write by another process is seen at once: no invalidation,
 * no timestamps to trust. Cached designs are frozen because every caller shares them.
 *
 * Bounded by bytes, not entries: 256 entries of 4.9 MB designs once kept about 1.2 GB resident.
 */
import { LRUCache } from 'lru-cache';
import { lruStats, type CacheStats } from '../core/cache-stats.ts';
import type { TemplateDesign } from '../core/templates.ts';

/** Default budget (IMPRINT_DESIGN_CACHE_MB): thousands of ordinary designs of a few KB. */
export const DESIGN_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Bytes an entry keeps alive per character of its text: the text itself and the parsed, frozen
 * design (120 designs of 4.9 MB held about 1.2 GB, some 2 bytes per character).
 */
const BYTES_PER_CHAR = 2;

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

/** A byte-bounded map from template uuid to its parsed design, checked against the stored text. */
export class DesignCache {
  private readonly entries: LRUCache<string, Entry>;

  /** `maxBytes`: the budget; a design larger than it is parsed but not kept. */
  constructor(maxBytes = DESIGN_CACHE_BYTES) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      sizeCalculation: (e) => Math.max(1, (e.text.length + e.size.length) * BYTES_PER_CHAR),
    });
  }

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
    // A design over the whole budget is not stored (lru-cache drops it, and any older entry).
    this.entries.set(uuid, { projectId, size, text, design });
    return design;
  }

  /** Entries and estimated bytes held (GET /metrics). */
  stats(): CacheStats {
    return lruStats(this.entries);
  }
}
