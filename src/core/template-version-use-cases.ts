/**
 * Template versions as the API and the renders use them (docs/template-versions.md): naming,
 * restoring, publishing checks, pruning after a save, and which design a render draws (the
 * version a request pins, else the published one, else the latest).
 */
import { FieldErrorCollector, notFound, type FieldErrors } from './errors.ts';
import type { Design } from '../render/index.ts';
import type { TemplateStore } from './ports/template-store.ts';
import type { TemplateVersionStore } from './ports/template-version-store.ts';
import type { Template } from './templates.ts';
import { charLength } from './json-value.ts';
import { VERSION_LIMITS, type TemplateVersion, type VersionAuthor } from './template-versions.ts';

/** The design a render draws, with the version it is. */
export interface VersionedDesign {
  template: Template;
  design: Design;
  /** The version drawn. */
  version: number;
}

/**
 * Which design renders draw. `getDesign(projectId, uuid)` is the published version (else the
 * latest); with `version`, exactly that version. undefined: no such template, or no such version.
 */
export class VersionedDesigns {
  private readonly templates: Pick<TemplateStore, 'getDesign'>;
  private readonly versions: Pick<TemplateVersionStore, 'getDesign'>;
  constructor(
    templates: Pick<TemplateStore, 'getDesign'>,
    versions: Pick<TemplateVersionStore, 'getDesign'>,
  ) {
    this.templates = templates;
    this.versions = versions;
  }

  async getDesign(
    projectId: string,
    uuid: string,
    version?: number,
  ): Promise<VersionedDesign | undefined> {
    const found = await this.templates.getDesign(projectId, uuid);
    if (!found) return undefined;
    const wanted = version ?? found.template.published_version ?? found.template.version;
    // The latest version is the template row's own design (same text): its cache serves it.
    if (wanted === found.template.version) return { ...found, version: wanted };
    const pinned = await this.versions.getDesign(projectId, uuid, wanted);
    if (!pinned) return undefined;
    return { template: found.template, design: pinned.design, version: wanted };
  }
}

/** The message of a template_version (or published_version) the template does not have. */
export function unknownVersionMessage(field: string, version: unknown, latest: number): string {
  return `The ${field} field must name a version of the template (1 to ${latest}, except pruned ones); it has no version ${String(version)}.`;
}

/** Checks a version number given in a body: a whole number ≥ 1. */
export function isVersionNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1;
}

/** The 404 of a version the template does not have. */
export function versionNotFound(): ReturnType<typeof notFound> {
  return notFound('Version');
}

/** PATCH …/versions/{n}: `name` is required, a string of 1–100 characters (trimmed) or null. */
export async function renameVersion(
  versions: Pick<TemplateVersionStore, 'rename' | 'find'>,
  templates: Pick<TemplateStore, 'find'>,
  projectId: string,
  uuid: string,
  version: number,
  body: unknown,
  schemaErrors: FieldErrors = {},
): Promise<TemplateVersion> {
  const errors = new FieldErrorCollector(schemaErrors);
  const record =
    typeof body === 'object' && body !== null && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : {};
  let name: string | null = null;
  if (!Object.prototype.hasOwnProperty.call(record, 'name')) {
    errors.add('name', 'The name field is required (a string, or null to remove the name).');
  } else if (record.name === null) {
    name = null;
  } else if (typeof record.name !== 'string') {
    errors.add('name', 'The name field must be a string or null.');
  } else {
    name = record.name.trim();
    if (name === '')
      errors.add('name', 'The name field must not be empty (send null to remove the name).');
    else if (charLength(name) > VERSION_LIMITS.nameMax) {
      errors.add(
        'name',
        `The name field must not be greater than ${VERSION_LIMITS.nameMax} characters.`,
      );
    }
  }
  if (!(await templates.find(projectId, uuid))) throw notFound('Template');
  errors.throwIfAny();
  const renamed = await versions.rename(projectId, uuid, version, name);
  if (!renamed) throw versionNotFound();
  return renamed;
}

/** What a restore needs: the version's design, and the design save every writer goes through. */
export interface RestoreDeps {
  versions: Pick<TemplateVersionStore, 'getDesign' | 'find'>;
  templates: Pick<TemplateStore, 'find'>;
  /** saveDesign of template-use-cases.ts, bound to its deps. */
  save(
    design: Design,
    options: { author: VersionAuthor; alwaysVersion: true },
  ): Promise<{ createdVersion: number | null } | 'not_found'>;
}

/** POST …/versions/{n}/restore: a new version whose design is n's; 404 for template or version. */
export async function restoreVersion(
  deps: RestoreDeps,
  projectId: string,
  uuid: string,
  version: number,
  author: VersionAuthor,
): Promise<TemplateVersion> {
  const source = await deps.versions.getDesign(projectId, uuid, version);
  if (!source) {
    if (!(await deps.templates.find(projectId, uuid))) throw notFound('Template');
    throw versionNotFound();
  }
  const result = await deps.save(source.design, { author, alwaysVersion: true });
  if (result === 'not_found' || result.createdVersion === null) throw notFound('Template');
  const made = await deps.versions.find(projectId, uuid, result.createdVersion);
  if (!made) throw versionNotFound();
  return made;
}
