/**
 * Port: persistence of templates and their designs (SQL adapter:
 * `src/store/sql-template-store.ts`).
 */
import type { Page, PageRequest } from '../pagination.ts';
import type {
  NewTemplate,
  Template,
  TemplateDesign,
  TemplateListFilter,
  TemplateOrder,
  TemplatePatch,
  TemplateWithDesign,
} from '../templates.ts';
import type { VersionAuthor } from '../template-versions.ts';

/** Port: persistence of templates (every method is scoped by project). */
export interface TemplateStore {
  /** One page of the project's templates, filtered and ordered. */
  list(
    projectId: string,
    filter: TemplateListFilter,
    order: TemplateOrder,
    page: PageRequest,
  ): Promise<Page<TemplateWithDesign>>;
  /** A template of the project, or undefined (also for another project's template). */
  find(projectId: string, uuid: string): Promise<TemplateWithDesign | undefined>;
  /** The subset of `uuids` that are templates of the project. */
  existingUuids(projectId: string, uuids: string[]): Promise<Set<string>>;
  /**
   * Inserts a template with version 1 of its design (made by `author`) and adds it to the given
   * (existing) collections of the project.
   */
  create(
    projectId: string,
    input: NewTemplate,
    collectionIds: string[],
    author?: VersionAuthor,
  ): Promise<TemplateWithDesign>;
  /** Applies a patch; undefined when the template is not in the project. */
  update(
    projectId: string,
    uuid: string,
    patch: TemplatePatch,
  ): Promise<TemplateWithDesign | undefined>;
  /** Deletes a template (it leaves its collections); false when it is not in the project. */
  delete(projectId: string, uuid: string): Promise<boolean>;
  /** The template and its design, for the job runner and the design endpoint. */
  getDesign(
    projectId: string,
    uuid: string,
  ): Promise<{ template: Template; design: TemplateDesign } | undefined>;
  /**
   * Replaces the design (its width and height become the template's), raises the revision by one
   * and clears the thumbnail. With `ifRevision` the check and the update are one conditional
   * statement, so of two saves of the same revision only one wins; the other gets 'conflict'.
   * `replacedThumbnail` is the key of the thumbnail the save made stale (the caller deletes it).
   * In the same transaction the save makes the template's next version, unless the design's JSON
   * text is identical to the latest version's (then the revision still goes up, the version and
   * the thumbnail stay); `options.alwaysVersion` (a restore) makes one anyway.
   */
  replaceDesign(
    projectId: string,
    uuid: string,
    design: TemplateDesign,
    ifRevision?: number,
    options?: DesignSaveOptions,
  ): Promise<DesignSaveResult>;
  /**
   * Records the thumbnail of a revision; false (nothing changed) when the template was saved
   * again or deleted meanwhile, and the caller then deletes the key it stored.
   */
  setThumbnail(uuid: string, revision: number, key: string): Promise<boolean>;
}

/** Who saves a design, and whether an unchanged design still makes a version. */
export interface DesignSaveOptions {
  /** What made the save (default: a command on the database, `cli`). */
  author?: VersionAuthor;
  /** Make a version even when the design equals the latest one (a restore). */
  alwaysVersion?: boolean;
}

/** What a design save did. */
export type DesignSaveResult =
  | {
      saved: TemplateWithDesign;
      replacedThumbnail: string | null;
      /** The version the save made, or null when the design was unchanged. */
      createdVersion: number | null;
      /** Content hash of the saved design's JSON text. */
      designHash: string;
    }
  | { conflict: { revision: number } }
  | { notFound: true };
