/**
 * Starter templates: finished designs shipped in `assets/starters/<id>.json` (`{ title, tags,
 * design }`) that a user copies into a project to begin from. They are read and validated once
 * per process; a broken file stops the first use with its name and problems, and the test of
 * the starters keeps that from reaching a release.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validateDesign, type Design } from '../render/index.ts';

/** One starter: its id (the file name without `.json`), title, tags and validated design. */
export interface StarterTemplate {
  id: string;
  title: string;
  tags: string[];
  design: Design;
}

/** Where the starters ship: the repository's (and the container image's) assets folder. */
export const STARTER_DIR = fileURLToPath(new URL('../../assets/starters/', import.meta.url));

const ID = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** Reads and validates every starter of a folder, ordered by id. Throws naming a bad file. */
export function readStarterTemplates(dir: string = STARTER_DIR): StarterTemplate[] {
  const files = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort();
  return files.map((file) => {
    const id = file.slice(0, -'.json'.length);
    const where = path.join(dir, file);
    if (!ID.test(id)) throw new Error(`${where}: the file name must be a lower-case id`);
    const raw = JSON.parse(fs.readFileSync(where, 'utf8')) as Record<string, unknown>;
    const { title, tags } = raw;
    if (typeof title !== 'string' || title.trim() === '') {
      throw new Error(`${where}: "title" must be a non-empty string`);
    }
    if (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string')) {
      throw new Error(`${where}: "tags" must be an array of strings`);
    }
    const { design, problems } = validateDesign(raw.design);
    if (!design || problems.length > 0) {
      const list = problems.map((p) => `${p.path} ${p.message}`).join('; ');
      throw new Error(`${where}: the design is invalid: ${list}`);
    }
    return { id, title, tags, design };
  });
}

/** The shipped starters, read on first use and kept (they change only with a release). */
export class StarterCatalog {
  private starters: StarterTemplate[] | undefined;

  private readonly dir: string;
  constructor(dir: string = STARTER_DIR) {
    this.dir = dir;
  }

  /** Every starter, ordered by id. */
  list(): StarterTemplate[] {
    this.starters ??= readStarterTemplates(this.dir);
    return this.starters;
  }

  /** One starter by id, or undefined. */
  find(id: string): StarterTemplate | undefined {
    return this.list().find((s) => s.id === id);
  }
}
