/** Everything pull and push read from a project at once: templates, collections and fonts. */
import type { Collection } from '../../core/collections.ts';
import { decodeCursor, type Page, type PageRequest } from '../../core/pagination.ts';
import type { Services } from '../../core/services.ts';
import type { TemplateWithDesign } from '../../core/templates.ts';
import type { FontRecord } from '../../core/fonts.ts';
import { FontNames } from './template-file.ts';

/** A project's templates (oldest first), collections and font names. */
export interface ProjectSnapshot {
  projectId: string;
  templates: TemplateWithDesign[];
  collections: Collection[];
  fonts: FontNames;
}

/** Every item of a paginated listing. */
async function all<T>(list: (page: PageRequest) => Promise<Page<T>>): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | null = null;
  do {
    const page: Page<T> = await list({
      perPage: 100,
      ...(cursor ? { cursor: decodeCursor(cursor) } : {}),
    });
    items.push(...page.items);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}

/** Reads a project; throws when there is no project with that id. */
export async function readProject(services: Services, projectId: string): Promise<ProjectSnapshot> {
  const project = await services.projects.findProject(projectId);
  if (!project) throw new Error(`No project with id ${projectId}`);
  const templates = await all((page) =>
    services.templates.list(projectId, {}, { field: 'created_at', direction: 'asc' }, page),
  );
  const collections = await services.collections.listAll(projectId);
  const scope = { projectId, accountId: project.account_id, includeLegacy: true };
  const fonts: FontRecord[] = await all((page) => services.fonts.list(scope, page));
  // The project's own fonts first: they win a name over the account's legacy fonts.
  fonts.sort((a, b) => Number(a.project_id === null) - Number(b.project_id === null));
  return { projectId, templates, collections, fonts: new FontNames(fonts) };
}
