/**
 * `imprint templates pull`: writes every template of a project into a folder, one JSON file each
 * (see template-file.ts), replacing the file of a template whose title (and so name) changed.
 * With a template uuid only that template's file is written, and with a version number too, the
 * design of that version (docs/template-versions.md) instead of the latest.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Services } from '../../core/services.ts';
import { readProject } from './project-snapshot.ts';
import { serializeTemplateFile, templateFileName, toTemplateFile } from './template-file.ts';

/** The uuid a JSON file in the folder holds, if any. */
export function uuidInFile(file: string): string | undefined {
  try {
    const parsed: unknown = JSON.parse(fs.readFileSync(file, 'utf8'));
    const uuid = (parsed as { uuid?: unknown } | null)?.uuid;
    return typeof uuid === 'string' ? uuid : undefined;
  } catch {
    return undefined;
  }
}

/** What pull did, for the summary line. */
export interface PullResult {
  written: string[];
  unchanged: string[];
  removed: string[];
}

/** Which templates pull writes: all (default), one, or one at a given version. */
export interface PullOptions {
  template?: string;
  version?: number;
}

/** Writes the project's templates into `dir` (created if missing). */
export async function pullTemplates(
  services: Services,
  projectId: string,
  dir: string,
  options: PullOptions = {},
): Promise<PullResult> {
  if (options.version !== undefined && options.template === undefined)
    throw new Error('--version needs --template: versions are numbered per template');
  const snapshot = await readProject(services, projectId);
  let templates = snapshot.templates;
  if (options.template !== undefined) {
    templates = templates.filter((t) => t.uuid === options.template);
    if (templates.length === 0)
      throw new Error(`No template ${options.template} in project ${projectId}`);
  }
  if (options.version !== undefined) {
    const found = await services.templateVersions.getDesign(
      projectId,
      templates[0].uuid,
      options.version,
    );
    if (!found)
      throw new Error(
        `Template ${templates[0].uuid} has no version ${options.version} (its latest is ${templates[0].version}; pruned versions are gone)`,
      );
    templates = [
      {
        ...templates[0],
        design: found.design,
        width: found.version.width,
        height: found.version.height,
      },
    ];
  }
  fs.mkdirSync(dir, { recursive: true });
  const existing = new Map<string, string[]>();
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const uuid = uuidInFile(path.join(dir, name));
    if (uuid) existing.set(uuid, [...(existing.get(uuid) ?? []), name]);
  }
  const result: PullResult = { written: [], unchanged: [], removed: [] };
  for (const template of templates) {
    const name = templateFileName(template.title, template.uuid);
    const text = serializeTemplateFile(
      toTemplateFile(template, snapshot.collections, snapshot.fonts),
    );
    const target = path.join(dir, name);
    if (fs.existsSync(target) && fs.readFileSync(target, 'utf8') === text) {
      result.unchanged.push(name);
    } else {
      fs.writeFileSync(target, text);
      result.written.push(name);
    }
    // The file of the same template under its former title.
    for (const old of existing.get(template.uuid) ?? []) {
      if (old === name) continue;
      fs.rmSync(path.join(dir, old));
      result.removed.push(old);
    }
  }
  return result;
}
