/**
 * Port: persistence of the URL API: each project's URL-signing settings, and one row per rendered
 * URL (project, cache key) whose unique key lets exactly one process render it.
 */

/** A project's URL-signing settings (defaults when never set: no secret, unsigned refused). */
export interface UrlSigningSettings {
  secret: string | null;
  allowUnsigned: boolean;
}

/** The file a finished URL render produced. */
export interface UrlRenderFile {
  imageId: number;
  fileKey: string;
  contentType: string;
  /** SHA-256 hex of the bytes. */
  etag: string;
}

/** A URL render: in progress (held by `owner` until `leaseUntil`) or finished with its file. */
export type UrlRender =
  | { status: 'rendering'; owner: string; leaseUntil: string }
  | ({ status: 'finished' } & UrlRenderFile);

/** Port: URL-signing settings and URL renders in the database. */
export interface UrlApiStore {
  /** The project owning a template (template uuids are unique across projects), if any. */
  projectOfTemplate(templateUuid: string): Promise<string | undefined>;
  /** The project's signing settings. */
  signing(projectId: string): Promise<UrlSigningSettings>;
  /**
   * The project's secret; when it has none, stores one from `fresh` (called only then; a race
   * keeps the first stored).
   */
  getOrCreateSecret(projectId: string, fresh: () => string): Promise<string>;
  /** Sets (inserts or replaces) the project's secret. */
  setSecret(projectId: string, secret: string): Promise<void>;
  /** Allows or refuses unsigned URLs for the project. */
  setAllowUnsigned(projectId: string, allow: boolean): Promise<void>;
  /** The render of a cache key, if any. */
  findRender(projectId: string, cacheKey: string): Promise<UrlRender | undefined>;
  /** Inserts a render held by `owner`; false when the key already has a row (someone else's). */
  startRender(
    projectId: string,
    cacheKey: string,
    templateUuid: string,
    owner: string,
    leaseUntil: string,
  ): Promise<boolean>;
  /** Takes over a render whose lease ended before `now` (its process died); true when taken. */
  takeOverRender(
    projectId: string,
    cacheKey: string,
    owner: string,
    leaseUntil: string,
    now: string,
  ): Promise<boolean>;
  /** Extends the lease of a render `owner` holds. */
  renewRender(
    projectId: string,
    cacheKey: string,
    owner: string,
    leaseUntil: string,
  ): Promise<void>;
  /** Records the file of a render `owner` holds; false when the row is no longer its own. */
  finishRender(
    projectId: string,
    cacheKey: string,
    owner: string,
    file: UrlRenderFile,
  ): Promise<boolean>;
  /**
   * Removes a render so the next request renders again: a failed render of `owner`, or (without
   * owner) a finished one whose file is gone.
   */
  dropRender(projectId: string, cacheKey: string, owner?: string): Promise<void>;
}
