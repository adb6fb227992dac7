/**
 * A template's versions as the editor sees them (docs/template-versions.md): the template's
 * latest `version` and `published_version`, the list of versions (newest first), and the actions
 * of the History panel (name, restore, publish). Also the guard that keeps the editor's autosave
 * from changing what production renders: before the first save to a template that has no
 * published version, the version that was loaded is published (renders use the published
 * version when one is set, else the latest).
 */
import { ApiError, type Api, type Design } from '../api.ts';

export interface VersionInfo {
  version: number;
  name: string | null;
  created_at: string;
  created_by: { kind: 'token' | 'editor_session' | 'cli' | 'migration'; token_id: string | null };
  thumbnail: string | null;
  published: boolean;
  width: number;
  height: number;
}

export interface VersionDetail extends VersionInfo {
  design: Design;
}

/** The two fields of the template object that say which version is which. */
export interface VersionPointers {
  version: number;
  published_version: number | null;
}

const PAGE = 50;

export class Versions {
  template: VersionPointers | null = null;
  list: VersionInfo[] = [];
  nextCursor: string | null = null;
  error: string | null = null;
  private listeners = new Set<() => void>();
  private details = new Map<number, Promise<VersionDetail>>();
  private loaded: Promise<void> | null = null;
  private guarded = false;

  private api: Api;
  readonly uuid: string;
  constructor(api: Api, uuid: string) {
    this.api = api;
    this.uuid = uuid;
  }

  subscribe(fn: () => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  private emit(): void {
    for (const fn of this.listeners) fn();
  }

  private base(): string {
    return `/templates/${encodeURIComponent(this.uuid)}`;
  }

  /** Reads the template's pointers and the first page of versions again. */
  refresh(): Promise<void> {
    const run = (async () => {
      try {
        const [meta, page] = await Promise.all([
          this.api.json<VersionPointers>('GET', this.base()),
          this.api.json<{ data: VersionInfo[]; meta: { next_cursor: string | null } }>(
            'GET',
            `${this.base()}/versions?per_page=${PAGE}`,
          ),
        ]);
        this.template = {
          version: meta.body.version,
          published_version: meta.body.published_version ?? null,
        };
        this.list = page.body.data;
        this.nextCursor = page.body.meta.next_cursor;
        this.error = null;
      } catch (err) {
        this.error = err instanceof Error ? err.message : String(err);
      }
      this.emit();
    })();
    this.loaded ??= run;
    return run;
  }

  /** The next page of older versions. */
  async more(): Promise<void> {
    if (!this.nextCursor) return;
    const page = await this.api.json<{ data: VersionInfo[]; meta: { next_cursor: string | null } }>(
      'GET',
      `${this.base()}/versions?per_page=${PAGE}&cursor=${encodeURIComponent(this.nextCursor)}`,
    );
    const known = new Set(this.list.map((v) => v.version));
    this.list = [...this.list, ...page.body.data.filter((v) => !known.has(v.version))];
    this.nextCursor = page.body.meta.next_cursor;
    this.emit();
  }

  /** One version with its design (kept: a version's design never changes). */
  get(version: number): Promise<VersionDetail> {
    let p = this.details.get(version);
    if (!p) {
      p = this.api
        .json<VersionDetail>('GET', `${this.base()}/versions/${version}`)
        .then((r) => r.body);
      p.catch(() => this.details.delete(version));
      this.details.set(version, p);
    }
    return p;
  }

  /** Names a version (null removes the name). */
  async name(version: number, name: string | null): Promise<void> {
    const { body } = await this.api.json<VersionInfo>(
      'PATCH',
      `${this.base()}/versions/${version}`,
      { name },
    );
    this.list = this.list.map((v) => (v.version === version ? { ...v, name: body.name } : v));
    this.emit();
  }

  /** Makes a new version equal to `version`; resolves with it. */
  async restore(version: number): Promise<VersionInfo> {
    const { body } = await this.api.json<VersionInfo>(
      'POST',
      `${this.base()}/versions/${version}/restore`,
    );
    await this.refresh();
    return body;
  }

  /** Sets the template's published version (null: renders use the latest). */
  async publish(version: number | null): Promise<void> {
    const { body } = await this.api.json<VersionPointers>('PATCH', this.base(), {
      published_version: version,
    });
    this.template = { version: body.version, published_version: body.published_version ?? null };
    this.list = this.list.map((v) => ({ ...v, published: v.version === version }));
    this.emit();
  }

  /**
   * `api` for the autosave: before the first design save, when the template has no published
   * version, the version loaded is published, so that saving does not change what renders.
   * When that fails the save fails too (and the autosave tries again), rather than going live.
   */
  guard(api: Api): Api {
    const guarded = Object.create(api) as Api;
    guarded.saveDesign = async (uuid, design, etag) => {
      if (!this.guarded) {
        await (this.loaded ?? this.refresh());
        // The first reading failed (the autosave retries): read again.
        if (!this.template) await this.refresh();
        if (!this.template)
          throw new Error(`Could not read the template's versions: ${this.error}`);
        if (this.template.published_version === null) {
          try {
            await this.publish(this.template.version);
          } catch (err) {
            const why = err instanceof ApiError ? err.message : String(err);
            throw new Error(`Could not publish version ${this.template.version} first: ${why}`, {
              cause: err,
            });
          }
        }
        this.guarded = true;
      }
      return api.saveDesign(uuid, design, etag);
    };
    return guarded;
  }
}

/** Who made a version, in words. */
export function madeBy(v: VersionInfo): string {
  switch (v.created_by?.kind) {
    case 'editor_session':
      return 'editor';
    case 'token':
      return 'API token';
    case 'cli':
      return 'command line';
    case 'migration':
      return 'before versions';
    default:
      return '';
  }
}

/** A version's time: "14:05" today, else "28 Nov 14:05" (the browser's locale and time zone). */
export function whenMade(iso: string, now = new Date()): string {
  const d = new Date(iso);
  const time = d.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  if (d.toDateString() === now.toDateString()) return time;
  const day = d.toLocaleDateString(undefined, {
    day: 'numeric',
    month: 'short',
    ...(d.getFullYear() !== now.getFullYear() ? { year: 'numeric' } : {}),
  });
  return `${day} ${time}`;
}
