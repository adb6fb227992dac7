/**
 * Collections group a project's templates. This module holds their types, the limits of the REST
 * contract (from collection-limits.ts) and the use cases that check template uuids and the
 * 500-template cap.
 */
import { COLLECTION_LIMITS } from './collection-limits.ts';
import { FieldErrorCollector, validationError, type FieldErrors } from './errors.ts';
import type { CreateCollectionBody, UpdateCollectionBody } from './request-shapes/collections.ts';
import type { Checked } from './request-shapes/schema-helpers.ts';
import type { CollectionStore } from './ports/collection-store.ts';
import { checkCustomData } from './templates.ts';
import type { TemplateStore } from './ports/template-store.ts';

export { COLLECTION_LIMITS };

/** A collection as the API shows it. */
export interface Collection {
  id: string;
  title: string;
  /** A string, an object, or null. */
  custom_data: string | Record<string, unknown> | null;
  /** Attached templates, in the order they were attached. */
  template_uuids: string[];
}

/** The values of a new collection, already checked. */
export interface NewCollection {
  title: string;
  custom_data: Collection['custom_data'];
  template_uuids: string[];
}

/** A partial update, already checked; template_uuids is the complete new list. */
export interface CollectionPatch {
  title?: string;
  custom_data?: Collection['custom_data'];
  /**
   * Computes the new template list from the stored one. The store calls it inside the
   * update's transaction, after locking the collection, so concurrent adds are never lost; it may
   * throw a 422.
   */
  members?: (current: string[]) => string[];
}

/**
 * Body of POST /collections as the use case receives it: the route runs it even when the schema
 * failed (one 422 for every bad field), so a field may be missing, the required title included,
 * and a value of the wrong type has been removed (request-shapes/schema-helpers.ts, Checked).
 */
export type CreateCollectionInput = Checked<CreateCollectionBody>;

/** Body of PATCH /collections/{id} as the use case receives it (see CreateCollectionInput). */
export type UpdateCollectionInput = Checked<UpdateCollectionBody>;

/** Drops repeated entries, keeping the first. */
function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** The strings of a list whose items of the wrong type the route schema left undefined. */
function strings(values: readonly (string | undefined)[] | undefined): string[] | undefined {
  return values?.filter((v): v is string => typeof v === 'string');
}

/**
 * Adds 422 entries for the uuids that are not templates of the project: one on `field` naming
 * them all (what a client reading `errors.template_uuids` looks for) and one per position
 * (`field.i`, the Laravel convention for array items).
 */
async function checkTemplateUuids(
  templates: TemplateStore,
  projectId: string,
  field: string,
  uuids: readonly (string | undefined)[] | undefined,
  errors: FieldErrorCollector,
): Promise<void> {
  if (!uuids || uuids.length === 0) return;
  // Longer than any collection: the schema's maxItems has named the field; looking up (and
  // listing) every entry of a list of thousands would only make the 422 huge.
  if (uuids.length > COLLECTION_LIMITS.templatesMax) return;
  // Items of the wrong type were reported (and left undefined) by the route schema.
  const given = uuids
    .map((uuid, i) => ({ uuid, i }))
    .filter((g): g is { uuid: string; i: number } => typeof g.uuid === 'string');
  if (given.length === 0) return;
  const found = await templates.existingUuids(projectId, unique(given.map((g) => g.uuid)));
  const missing = given.filter(({ uuid }) => !found.has(uuid));
  if (missing.length === 0) return;
  errors.add(field, unknownMessage('template', unique(missing.map((m) => m.uuid))));
  for (const { uuid, i } of missing) {
    errors.add(`${field}.${i}`, `The template "${uuid}" does not exist in this project.`);
  }
}

/** "The templates "a", "b" do not exist in this project." (capped so the body stays small). */
export function unknownMessage(kind: 'template' | 'collection', ids: string[]): string {
  const shown = ids.slice(0, 20).map((id) => JSON.stringify(id));
  const rest = ids.length > shown.length ? ` and ${ids.length - shown.length} more` : '';
  return ids.length === 1
    ? `The ${kind} ${shown[0]} does not exist in this project.`
    : `The ${kind}s ${shown.join(', ')}${rest} do not exist in this project.`;
}

/**
 * Creates a collection after checking custom_data and that every template is the project's;
 * `schemaErrors` are the route schema's, named in the same 422.
 */
export async function createCollection(
  deps: { collections: CollectionStore; templates: TemplateStore },
  projectId: string,
  input: CreateCollectionInput,
  schemaErrors: FieldErrors = {},
): Promise<Collection> {
  const errors = new FieldErrorCollector(schemaErrors);
  // The schema requires it and has said so when it is missing; callers without a schema get the
  // same message.
  if (input.title === undefined) errors.add('title', 'The title field is required.');
  checkCustomData(input.custom_data, COLLECTION_LIMITS.customDataMax, 'custom_data', errors);
  await checkTemplateUuids(
    deps.templates,
    projectId,
    'template_uuids',
    input.template_uuids,
    errors,
  );
  errors.throwIfAny();
  return deps.collections.create(projectId, {
    title: input.title as string,
    custom_data: input.custom_data ?? null,
    template_uuids: unique(strings(input.template_uuids) ?? []),
  });
}

/**
 * Updates a collection: template_uuids replaces the list, then add_template_uuids appends and
 * remove_template_uuids removes; the result may hold at most 500 templates. `schemaErrors` are
 * the route schema's, named in the same 422.
 */
export async function updateCollection(
  deps: { collections: CollectionStore; templates: TemplateStore },
  projectId: string,
  current: Collection,
  input: UpdateCollectionInput,
  schemaErrors: FieldErrors = {},
): Promise<Collection | undefined> {
  const errors = new FieldErrorCollector(schemaErrors);
  checkCustomData(input.custom_data, COLLECTION_LIMITS.customDataMax, 'custom_data', errors);
  for (const field of ['template_uuids', 'add_template_uuids', 'remove_template_uuids'] as const) {
    await checkTemplateUuids(deps.templates, projectId, field, input[field], errors);
  }
  errors.throwIfAny();
  const patch: CollectionPatch = {};
  if (input.title !== undefined) patch.title = input.title;
  if (input.custom_data !== undefined) patch.custom_data = input.custom_data;
  const touchesTemplates =
    input.template_uuids !== undefined ||
    input.add_template_uuids !== undefined ||
    input.remove_template_uuids !== undefined;
  if (touchesTemplates) {
    patch.members = (stored) => {
      const removed = new Set(strings(input.remove_template_uuids));
      const list = unique([
        ...(strings(input.template_uuids) ?? stored),
        ...(strings(input.add_template_uuids) ?? []),
      ]).filter((uuid) => !removed.has(uuid));
      if (list.length > COLLECTION_LIMITS.templatesMax) {
        const field = input.add_template_uuids?.length ? 'add_template_uuids' : 'template_uuids';
        throw validationError({
          [field]: [
            `A collection can hold at most ${COLLECTION_LIMITS.templatesMax} templates; this update would make it ${list.length}.`,
          ],
        });
      }
      return list;
    };
  }
  return deps.collections.update(projectId, current.id, patch);
}
