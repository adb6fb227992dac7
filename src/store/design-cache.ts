/**
 * Parsed template designs per process. Every image reads its template's design twice (at creation
 * and in the render job), and parsing the JSON text holds the API's main thread for a time that
 * grows with the design, long for one with huge layers. An entry is the design of one revision:
 * every save of a design raises the template's revision, so a design is parsed and frozen once
 * per revision and process, and a PUT or a write by another process is seen at once (the row
 * just read has another revision): no invalidation, no timestamps to trust. The size columns and
 * the project are compared too. Cached designs are frozen because every caller shares them.
 *
 * Bounded by bytes, not entries: designs range from a few KB to megabytes, so a bound on entries
 * lets a handful of large designs hold far more memory than any budget meant (figures:
 * docs/benchmarks.md, "Figures behind design choices").
 */
import { LRUCache } from 'lru-cache';
import { lruStats, type CacheStats } from '../core/cache-stats.ts';
import type { TemplateDesign } from '../core/templates.ts';

/** Default budget (IMPRINT_DESIGN_CACHE_MB): thousands of ordinary designs of a few KB. */
export const DESIGN_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * Bytes an entry keeps alive per character of its text: the text itself and the parsed, frozen
 * design, as measured on large designs.
 */
const BYTES_PER_CHAR = 2;

/** Which stored design an entry is: the row's project, revision and size columns. */
export interface DesignKey {
  projectId: string;
  revision: number;
  /** The row's width and height columns (a design without its own size takes them). */
  size: string;
}

interface Entry extends DesignKey {
  /** Length of the JSON text the design was parsed from (what it weighs, roughly). */
  bytes: number;
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

/** A byte-bounded map from template uuid to the parsed design of its stored revision. */
export class DesignCache {
  private readonly entries: LRUCache<string, Entry>;

  /** `maxBytes`: the budget; a design larger than it is parsed but not kept. */
  constructor(maxBytes = DESIGN_CACHE_BYTES) {
    this.entries = new LRUCache<string, Entry>({
      maxSize: maxBytes,
      sizeCalculation: (e) => Math.max(1, (e.bytes + e.size.length) * BYTES_PER_CHAR),
    });
  }

  /** The cached design of this revision, if it was parsed before. */
  peek(uuid: string, key: DesignKey): TemplateDesign | undefined {
    const hit = this.entries.get(uuid);
    if (
      hit &&
      hit.projectId === key.projectId &&
      hit.revision === key.revision &&
      hit.size === key.size
    )
      return hit.design;
    return undefined;
  }

  /**
   * The design of this revision: from the cache, or parsed from `text` (JSON of `bytes`
   * characters) by `parse`, frozen and kept. Returns the shared, frozen design.
   */
  get(uuid: string, key: DesignKey, bytes: number, parse: () => TemplateDesign): TemplateDesign {
    const hit = this.peek(uuid, key);
    if (hit) return hit;
    const design = deepFreeze(parse());
    // A design over the whole budget is not stored (lru-cache drops it, and any older entry).
    this.entries.set(uuid, { ...key, bytes, design });
    return design;
  }

  /** Entries and estimated bytes held (GET /metrics). */
  stats(): CacheStats {
    return lruStats(this.entries);
  }
}
