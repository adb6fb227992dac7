/**
 * `imprint templates push`: creates or updates a project's templates from the files of a folder.
 * Every file is checked first (a problem in any file changes nothing); then a unified diff per
 * template shows what changes, and without dry-run the changes are made. Templates without a file
 * are left alone. A file without a uuid, or with one that is no template of the project, makes a
 * new template, and the file is rewritten with the new uuid so that the next push updates it.
 * Every design saved makes a new version of its template (docs/template-versions.md): the design
 * it replaces stays as the version before, so a push never loses one. With `publish`, each
 * template of the folder then has its latest version published (renders use it).
 */
import fs from 'node:fs';
import path from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { pixelSize, validateDesign } from '../../render/index.ts';
import { COLLECTION_LIMITS } from '../../core/collections.ts';
import { AppError, FieldErrorCollector } from '../../core/errors.ts';
import type { Services } from '../../core/services.ts';
import { createTemplate, saveDesign, updateTemplate } from '../../core/template-use-cases.ts';
import { CLI_AUTHOR } from '../../core/template-versions.ts';
import {
  TEMPLATE_LIMITS,
  checkCustomData,
  normalizeTags,
  type TemplateDesign,
  type TemplateWithDesign,
} from '../../core/templates.ts';
import { readProject, type ProjectSnapshot } from './project-snapshot.ts';
import {
  mapDesignFonts,
  parseTemplateFile,
  serializeTemplateFile,
  templateFileName,
  toTemplateFile,
  type TemplateFile,
} from './template-file.ts';

/** One file's planned change. */
interface PlannedTemplate {
  fileName: string;
  /** The stored template it updates; undefined to create one. */
  current?: TemplateWithDesign;
  /** The file as it will read after the push (fonts by name). */
  desired: TemplateFile;
  /** The design to store (fonts by uuid, validated). */
  design: TemplateDesign;
  diff: string;
}

/** The version a pushed file's design became. */
export interface PushedVersion {
  fileName: string;
  uuid: string;
  /** The version the push made; null when the design was unchanged (title, tags… only). */
  version: number | null;
  /** The template's latest version before the push; null for a new template. */
  previous: number | null;
}

/** What push did or, with dry-run, would do. */
export interface PushResult {
  created: string[];
  updated: string[];
  unchanged: string[];
  /** Collections push made (or would make) because a file names them. */
  newCollections: string[];
  /** The versions the push made (empty on a dry run). */
  versions: PushedVersion[];
  /**
   * With `publish`: the templates whose latest version the push published (uuid and version);
   * on a dry run, the files whose template would be published (uuid undefined for a new one).
   */
  published: { fileName: string; uuid?: string; version?: number }[];
}

/** Problems with the files: nothing was changed. */
export class TemplateFilesError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`The template files have problems; nothing was changed:\n${problems.join('\n')}`);
    this.problems = problems;
    this.name = 'TemplateFilesError';
  }
}

/** The field problems of a use-case or checker error, as `field: message` lines. */
function problemsOf(err: AppError): string[] {
  const fields = Object.entries(err.fields ?? {});
  if (fields.length === 0) return [err.message];
  return fields.flatMap(([field, messages]) => messages.map((m) => `${field}: ${m}`));
}

/** Checks one parsed file against the rules of the API; returns its problems and the design. */
function checkFile(
  file: TemplateFile,
  snapshot: ProjectSnapshot,
): { problems: string[]; design?: TemplateDesign; tags: string[] } {
  const problems: string[] = [];
  const errors = new FieldErrorCollector();
  if ([...file.title].length > TEMPLATE_LIMITS.titleMax)
    errors.add('title', `The title may have at most ${TEMPLATE_LIMITS.titleMax} characters.`);
  const tags = normalizeTags(file.tags, 'tags', errors);
  checkCustomData(file.custom_data, TEMPLATE_LIMITS.customDataMax, 'custom_data', errors);
  file.collections.forEach((title, i) => {
    if ([...title].length > COLLECTION_LIMITS.titleMax)
      errors.add(`collections.${i}`, `A collection title may have at most 255 characters.`);
  });
  try {
    errors.throwIfAny();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    problems.push(...problemsOf(err));
  }
  const withUuids = mapDesignFonts(file.design, (name) => snapshot.fonts.uuidOf(name));
  const checked = validateDesign(withUuids);
  for (const p of checked.problems) {
    problems.push(`${p.path === 'design' ? 'design' : `design.${p.path}`}: ${p.message}`);
  }
  return { problems, design: problems.length ? undefined : checked.design, tags };
}

/** Reads and checks every file of the folder; throws TemplateFilesError listing every problem. */
function planPush(dir: string, snapshot: ProjectSnapshot): PlannedTemplate[] {
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory())
    throw new Error(`${dir} is not a folder`);
  const names = fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort();
  const byUuid = new Map(snapshot.templates.map((t) => [t.uuid, t]));
  const problems: string[] = [];
  const seen = new Map<string, string>();
  const plans: PlannedTemplate[] = [];
  for (const fileName of names) {
    const parsed = parseTemplateFile(fs.readFileSync(path.join(dir, fileName), 'utf8'));
    const report = (list: string[]) => problems.push(...list.map((p) => `${fileName}: ${p}`));
    if (!parsed.file) {
      report(parsed.problems);
      continue;
    }
    const file = parsed.file;
    if (file.uuid !== undefined) {
      const other = seen.get(file.uuid);
      if (other) report([`uuid: ${file.uuid} is also the uuid in ${other}`]);
      seen.set(file.uuid, fileName);
    }
    const checked = checkFile(file, snapshot);
    if (!checked.design) {
      report(checked.problems);
      continue;
    }
    const current = file.uuid !== undefined ? byUuid.get(file.uuid) : undefined;
    const desired: TemplateFile = {
      ...(current ? { uuid: current.uuid } : {}),
      title: file.title,
      tags: checked.tags,
      collections: file.collections,
      custom_data: file.custom_data,
      // What the server will store, named back: the diff shows real changes only.
      design: mapDesignFonts(checked.design as unknown as Record<string, unknown>, (ref) =>
        snapshot.fonts.nameOf(ref),
      ),
    };
    const before = current
      ? serializeTemplateFile(toTemplateFile(current, snapshot.collections, snapshot.fonts))
      : '';
    const after = serializeTemplateFile(desired);
    const label = current ? current.uuid : `new template from ${fileName}`;
    const diff =
      before === after
        ? ''
        : createTwoFilesPatch(`a/${label}`, `b/${label}`, before, after, undefined, undefined, {
            context: 3,
          });
    plans.push({ fileName, current, desired, design: checked.design, diff });
  }
  if (problems.length > 0) throw new TemplateFilesError(problems);
  return plans;
}

/** Puts a template into exactly the collections titled in its file, creating missing ones. */
async function syncCollections(
  services: Services,
  snapshot: ProjectSnapshot,
  uuid: string,
  titles: string[],
): Promise<void> {
  const { projectId } = snapshot;
  for (const title of titles) {
    let collection = snapshot.collections.find((c) => c.title === title);
    if (!collection) {
      collection = await services.collections.create(projectId, {
        title,
        custom_data: null,
        template_uuids: [],
      });
      snapshot.collections.push(collection);
    }
    if (collection.template_uuids.includes(uuid)) continue;
    const updated = await services.collections.update(projectId, collection.id, {
      members: (members) => {
        if (members.includes(uuid)) return members;
        if (members.length >= COLLECTION_LIMITS.templatesMax)
          throw new Error(
            `The collection "${title}" already holds ${COLLECTION_LIMITS.templatesMax} templates, the most a collection can hold.`,
          );
        return [...members, uuid];
      },
    });
    if (updated) Object.assign(collection, updated);
  }
  for (const collection of snapshot.collections) {
    if (titles.includes(collection.title) || !collection.template_uuids.includes(uuid)) continue;
    const updated = await services.collections.update(projectId, collection.id, {
      members: (members) => members.filter((m) => m !== uuid),
    });
    if (updated) Object.assign(collection, updated);
  }
}

/** Makes one planned change; returns the template's uuid and the version its design made. */
async function apply(
  services: Services,
  snapshot: ProjectSnapshot,
  plan: PlannedTemplate,
): Promise<{ uuid: string; version: number | null }> {
  const { projectId } = snapshot;
  const deps = { templates: services.templates, collections: services.collections };
  const { desired, design } = plan;
  if (!plan.current) {
    // A new template is created with its design in one step: version 1 is the file's design.
    const created = await createTemplate(
      deps,
      projectId,
      {
        title: desired.title,
        width: Math.round(pixelSize(design).width),
        height: Math.round(pixelSize(design).height),
        tags: desired.tags,
        custom_data: desired.custom_data,
      },
      {},
      CLI_AUTHOR,
      design,
    );
    services.previews.refreshThumbnail(projectId, created, null);
    await syncCollections(services, snapshot, created.uuid, desired.collections);
    return { uuid: created.uuid, version: created.version };
  }
  const uuid = plan.current.uuid;
  await updateTemplate(deps, projectId, uuid, {
    title: desired.title,
    tags: desired.tags,
    custom_data: desired.custom_data,
  });
  // As every design save: a new version, whose thumbnail renders (the runtime waits for it).
  const saved = await saveDesign(services, projectId, uuid, design);
  if (!('saved' in saved)) throw new Error(`The template ${uuid} was deleted during the push`);
  await syncCollections(services, snapshot, uuid, desired.collections);
  return { uuid, version: saved.createdVersion };
}

/** Publishes the template's latest version unless it is published already; returns it or null. */
async function publishLatest(
  services: Services,
  projectId: string,
  uuid: string,
): Promise<number | null> {
  const template = await services.templates.find(projectId, uuid);
  if (!template) throw new Error(`The template ${uuid} was deleted during the push`);
  if (template.published_version === template.version) return null;
  const deps = { templates: services.templates, versions: services.templateVersions };
  await updateTemplate(deps, projectId, uuid, { published_version: template.version });
  return template.version;
}

/**
 * Pushes the folder's files to the project. `print` receives the diffs (and nothing else); with
 * `dryRun` nothing is written, neither to the database nor to the files.
 */
export async function pushTemplates(
  services: Services,
  projectId: string,
  dir: string,
  options: { dryRun: boolean; publish?: boolean; print: (text: string) => void },
): Promise<PushResult> {
  const snapshot = await readProject(services, projectId);
  const plans = planPush(dir, snapshot);
  const known = new Set(snapshot.collections.map((c) => c.title));
  const result: PushResult = {
    created: [],
    updated: [],
    unchanged: [],
    newCollections: [],
    versions: [],
    published: [],
  };
  for (const plan of plans) {
    for (const title of plan.desired.collections) {
      if (!known.has(title)) {
        known.add(title);
        result.newCollections.push(title);
      }
    }
    if (!plan.diff) {
      result.unchanged.push(plan.fileName);
      continue;
    }
    options.print(plan.diff);
    (plan.current ? result.updated : result.created).push(plan.fileName);
  }
  if (options.dryRun) {
    if (options.publish) {
      for (const plan of plans) {
        const current = plan.current;
        if (current && !plan.diff && current.published_version === current.version) continue;
        result.published.push({ fileName: plan.fileName, uuid: current?.uuid });
      }
    }
    return result;
  }
  for (const plan of plans) {
    if (!plan.diff) {
      if (options.publish) await publishOne(plan.fileName, plan.current!.uuid);
      continue;
    }
    const { uuid, version } = await apply(services, snapshot, plan);
    result.versions.push({
      fileName: plan.fileName,
      uuid,
      version,
      previous: plan.current?.version ?? null,
    });
    if (options.publish) await publishOne(plan.fileName, uuid);
    if (plan.current) continue;
    // The new template's file: rewritten with its uuid, under its pulled name.
    const text = serializeTemplateFile({ ...plan.desired, uuid });
    const target = templateFileName(plan.desired.title, uuid);
    fs.writeFileSync(path.join(dir, target), text);
    if (target !== plan.fileName) fs.rmSync(path.join(dir, plan.fileName));
  }
  return result;

  async function publishOne(fileName: string, uuid: string): Promise<void> {
    const version = await publishLatest(services, projectId, uuid);
    if (version !== null) result.published.push({ fileName, uuid, version });
  }
}
