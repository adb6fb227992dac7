/**
 * `imprint templates pull`: writes every template of a project into a folder, one JSON file each
 * (see template-file.ts), replacing the file of a template whose title (and so name) changed.
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

/** Writes the project's templates into `dir` (created if missing). */
export async function pullTemplates(
  services: Services,
  projectId: string,
  dir: string,
): Promise<PullResult> {
  const snapshot = await readProject(services, projectId);
  fs.mkdirSync(dir, { recursive: true });
  const existing = new Map<string, string[]>();
  for (const name of fs.readdirSync(dir).filter((n) => n.endsWith('.json'))) {
    const uuid = uuidInFile(path.join(dir, name));
    if (uuid) existing.set(uuid, [...(existing.get(uuid) ?? []), name]);
  }
  const result: PullResult = { written: [], unchanged: [], removed: [] };
  for (const template of snapshot.templates) {
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
