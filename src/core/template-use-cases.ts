/**
 * Creating and updating templates: the rules of the REST contract that need more than a JSON
 * schema (required fields unless duplicating, from_template, add_to_collections, custom_data size),
 * and the design save every writer of a design goes through (the API, `imprint templates push`).
 */
import { COLLECTION_LIMITS, unknownMessage } from './collections.ts';
import type { CollectionStore } from './ports/collection-store.ts';
import { FieldErrorCollector, notFound, type FieldErrors } from './errors.ts';
import type { CreateTemplateBody, UpdateTemplateBody } from './request-shapes/templates.ts';
import type { Checked } from './request-shapes/schema-helpers.ts';
import {
  TEMPLATE_LIMITS,
  checkCustomData,
  emptyDesign,
  normalizeTags,
  type NewTemplate,
  type TemplateDesign,
  type TemplatePatch,
  type TemplateWithDesign,
} from './templates.ts';
import type { DesignSaveOptions, DesignSaveResult, TemplateStore } from './ports/template-store.ts';
import type { TemplateVersionStore } from './ports/template-version-store.ts';
import { CLI_AUTHOR, VERSION_LIMITS, type VersionAuthor } from './template-versions.ts';
import { unknownVersionMessage } from './template-version-use-cases.ts';

/**
 * Body of POST /templates as the use case receives it: the route runs it even when the schema
 * failed (one 422 for every bad field), so a field may be missing and a value of the wrong type
 * has been removed (request-shapes/schema-helpers.ts, Checked).
 */
export type CreateTemplateInput = Checked<CreateTemplateBody>;

/** Body of PATCH /templates/{uuid} as the use case receives it (see CreateTemplateInput). */
export type UpdateTemplateInput = Checked<UpdateTemplateBody>;

/** The ports these use cases need. */
export interface TemplateDeps {
  templates: TemplateStore;
  collections: CollectionStore;
  /** Checks published_version (updateTemplate); needed only when a body sets it. */
  versions?: Pick<TemplateVersionStore, 'find'>;
}

const has = (input: object, key: string) => Object.prototype.hasOwnProperty.call(input, key);

/** Checks that the collections exist in the project and have room for one more template. */
async function checkCollections(
  collections: CollectionStore,
  projectId: string,
  given: readonly (string | undefined)[],
  errors: FieldErrorCollector,
): Promise<string[]> {
  // Over the schema's maxItems (named already): no lookup of thousands of ids.
  if (given.length > TEMPLATE_LIMITS.addToCollectionsMax) return [];
  // Items of the wrong type were reported (and left undefined) by the route schema.
  const ids = given.filter((id): id is string => typeof id === 'string');
  const counts = await collections.templateCounts(projectId, [...new Set(ids)]);
  // As for template_uuids: one entry naming every unknown id, then one per position.
  const unknown = [...new Set(ids.filter((id) => !counts.has(id)))];
  if (unknown.length > 0) errors.add('add_to_collections', unknownMessage('collection', unknown));
  given.forEach((id, i) => {
    if (typeof id !== 'string') return;
    const count = counts.get(id);
    const field = `add_to_collections.${i}`;
    if (count === undefined) {
      errors.add(field, `The collection "${id}" does not exist in this project.`);
    } else if (count >= COLLECTION_LIMITS.templatesMax) {
      errors.add(
        field,
        `The collection "${id}" already holds ${COLLECTION_LIMITS.templatesMax} templates, the most a collection can hold.`,
      );
    }
  });
  return [...new Set(ids)];
}

/**
 * Creates a template. With from_template the source's design, title, width and height are
 * copied (they override the request's); tags and custom_data come from the request when given,
 * else from the source. Without it, title, width and height are required. `schemaErrors` are
 * the route schema's (the input then lacks the values of the wrong type): one 422 names them
 * with the problems found here. `design` (already checked; not with from_template) is version
 * 1's design instead of an empty one (`imprint templates push` of a new template).
 */
export async function createTemplate(
  deps: TemplateDeps,
  projectId: string,
  input: CreateTemplateInput,
  schemaErrors: FieldErrors = {},
  author: VersionAuthor = CLI_AUTHOR,
  design?: TemplateDesign,
): Promise<TemplateWithDesign> {
  const errors = new FieldErrorCollector(schemaErrors);
  let source: TemplateWithDesign | undefined;
  if (input.from_template !== undefined) {
    source = await deps.templates.find(projectId, input.from_template);
    if (!source) {
      errors.add(
        'from_template',
        `The template "${input.from_template}" does not exist in this project.`,
      );
    }
  } else if (!errors.hasUnder('from_template')) {
    // A from_template of the wrong type was meant as a copy: do not ask for title and size.
    for (const field of ['title', 'width', 'height'] as const) {
      if (input[field] === undefined) errors.add(field, `The ${field} field is required.`);
    }
  }
  if (input.title !== undefined && input.title.trim() === '') {
    errors.add('title', 'The title field must not be empty.');
  }
  const tags = input.tags ? normalizeTags(input.tags, 'tags', errors) : undefined;
  checkCustomData(input.custom_data, TEMPLATE_LIMITS.customDataMax, 'custom_data', errors);
  const collectionIds = input.add_to_collections
    ? await checkCollections(deps.collections, projectId, input.add_to_collections, errors)
    : [];
  errors.throwIfAny();

  let values: NewTemplate;
  if (source) {
    values = {
      title: source.title,
      width: source.width,
      height: source.height,
      tags: tags ?? source.tags,
      custom_data: has(input, 'custom_data') ? (input.custom_data ?? null) : source.custom_data,
      design: structuredClone(source.design),
    };
  } else {
    const width = input.width as number;
    const height = input.height as number;
    values = {
      title: (input.title as string).trim(),
      width,
      height,
      tags: tags ?? [],
      custom_data: input.custom_data ?? null,
      design: design ?? emptyDesign(width, height),
    };
  }
  // Version 1 of the new template; a copy starts its own history from the source's design.
  return deps.templates.create(projectId, values, collectionIds, author);
}

/**
 * Updates title, tags and custom_data (null clears it); 404 when not in the project, after the
 * 422 naming every bad field (the route schema's `schemaErrors` among them).
 */
export async function updateTemplate(
  deps: Pick<TemplateDeps, 'templates' | 'versions'>,
  projectId: string,
  uuid: string,
  input: UpdateTemplateInput,
  schemaErrors: FieldErrors = {},
): Promise<TemplateWithDesign> {
  const errors = new FieldErrorCollector(schemaErrors);
  const patch: TemplatePatch = {};
  if (input.title !== undefined) {
    if (input.title.trim() === '') errors.add('title', 'The title field must not be empty.');
    patch.title = input.title.trim();
  }
  if (input.tags !== undefined) patch.tags = normalizeTags(input.tags, 'tags', errors);
  if (has(input, 'custom_data')) {
    checkCustomData(input.custom_data, TEMPLATE_LIMITS.customDataMax, 'custom_data', errors);
    patch.custom_data = input.custom_data ?? null;
  }
  if (has(input, 'published_version') && !errors.hasUnder('published_version')) {
    const wanted = input.published_version ?? null;
    if (wanted !== null) {
      if (!deps.versions) throw new Error('updateTemplate: published_version needs deps.versions');
      const version = await deps.versions.find(projectId, uuid, wanted);
      if (!version) {
        const template = await deps.templates.find(projectId, uuid);
        if (!template) throw notFound('Template');
        errors.add(
          'published_version',
          unknownVersionMessage('published_version', wanted, template.version),
        );
      }
    }
    patch.published_version = wanted;
  }
  errors.throwIfAny();
  const updated =
    Object.keys(patch).length === 0
      ? await deps.templates.find(projectId, uuid)
      : await deps.templates.update(projectId, uuid, patch);
  if (!updated) throw notFound('Template');
  return updated;
}

/** What a design save needs besides the store: the thumbnail of the saved revision. */
export interface DesignSaveDeps {
  templates: Pick<TemplateStore, 'replaceDesign'>;
  previews: {
    refreshThumbnail(
      projectId: string,
      saved: TemplateWithDesign & { designHash?: string; createdVersion?: number | null },
      replacedThumbnail: string | null,
    ): void;
    deleteThumbnail(key: string | null): Promise<void>;
  };
  /** Prunes the template's versions after a save made one (absent: nothing is pruned). */
  templateVersions?: Pick<TemplateVersionStore, 'prune'>;
  /** Versions kept per template besides named, published and pinned ones (IMPRINT_TEMPLATE_VERSIONS_KEEP). */
  templateVersionsKeep?: number;
}

/**
 * Saves a validated design (conditional on `ifRevision` when given) and, when it was saved,
 * renders the new revision's thumbnail in the background in place of the one it replaces. Every
 * design save goes through here, so no writer leaves a stale thumbnail behind; the process waits
 * for the thumbnails when it closes (PreviewService.idle).
 */
export async function saveDesign(
  deps: DesignSaveDeps,
  projectId: string,
  uuid: string,
  design: TemplateDesign,
  ifRevision?: number,
  options: DesignSaveOptions = {},
): Promise<DesignSaveResult> {
  const result = await deps.templates.replaceDesign(projectId, uuid, design, ifRevision, options);
  if ('saved' in result) {
    deps.previews.refreshThumbnail(
      projectId,
      { ...result.saved, designHash: result.designHash, createdVersion: result.createdVersion },
      result.replacedThumbnail,
    );
    if (result.createdVersion !== null && deps.templateVersions) {
      const keep = deps.templateVersionsKeep ?? VERSION_LIMITS.keepDefault;
      const stale = await deps.templateVersions.prune(projectId, uuid, keep);
      await Promise.all(stale.map((key) => deps.previews.deleteThumbnail(key)));
    }
  }
  return result;
}
