/**
 * Port: persistence of template versions (SQL adapter: `src/store/sql-template-version-store.ts`).
 * Versions are made by the design saves of the TemplateStore (create, replaceDesign), in the same
 * transaction as the save; this port reads, names, prunes and thumbnails them.
 */
import type { Page, PageRequest } from '../pagination.ts';
import type { Template, TemplateDesign } from '../templates.ts';
import type { TemplateVersion } from '../template-versions.ts';

/** A version together with its design and its template. */
export interface VersionWithDesign {
  template: Template;
  version: TemplateVersion;
  design: TemplateDesign;
}

/** Port: template versions (every method is scoped by project, like the TemplateStore). */
export interface TemplateVersionStore {
  /** One page of the template's versions, newest first; undefined when the template is not in the project. */
  list(
    projectId: string,
    uuid: string,
    page: PageRequest,
  ): Promise<Page<TemplateVersion> | undefined>;
  /** One version (undefined when the template or the version is not there). */
  find(projectId: string, uuid: string, version: number): Promise<TemplateVersion | undefined>;
  /** One version with its design, parsed once per (template, version) and shared (frozen). */
  getDesign(
    projectId: string,
    uuid: string,
    version: number,
  ): Promise<VersionWithDesign | undefined>;
  /** Names (or, with null, unnames) a version; undefined when it is not there. */
  rename(
    projectId: string,
    uuid: string,
    version: number,
    name: string | null,
  ): Promise<TemplateVersion | undefined>;
  /**
   * Deletes the template's versions beyond the newest `keep`, oldest first, except named ones, the
   * published one and those named by a queued image or PDF; designs no version uses go with them.
   * Returns the thumbnail keys no remaining version (nor the template) uses, for the caller to
   * delete from storage.
   */
  prune(projectId: string, uuid: string, keep: number): Promise<string[]>;
  /** Every thumbnail key of the template's versions (before the template is deleted). */
  thumbnailKeys(projectId: string, uuid: string): Promise<string[]>;
  /** A thumbnail already stored for this design of the template (content hash), or null. */
  thumbnailOfDesign(uuid: string, designHash: string): Promise<string | null>;
  /** Records a version's thumbnail; false when the version is gone (the caller deletes the key). */
  setThumbnail(uuid: string, version: number, key: string): Promise<boolean>;
}
