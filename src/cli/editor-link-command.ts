/** `imprint editor-link`: prints a single-use, expiring sign-in link of the editor for a project. */
import type { Command } from 'commander';
import { createEditorLink, EDITOR_LINK_TTL } from '../core/editor-links.ts';
import { withRuntime } from './project-commands.ts';

/** Parses `--ttl`: whole minutes within EDITOR_LINK_TTL. */
function parseTtl(raw: string | undefined): number {
  if (raw === undefined) return EDITOR_LINK_TTL.default;
  const n = /^\d+$/.test(raw.trim()) ? Number(raw.trim()) : NaN;
  if (!Number.isInteger(n) || n < EDITOR_LINK_TTL.min || n > EDITOR_LINK_TTL.max) {
    throw new Error(
      `--ttl must be a whole number of minutes from ${EDITOR_LINK_TTL.min} to ${EDITOR_LINK_TTL.max}; received "${raw}".`,
    );
  }
  return n;
}

/** Registers `editor-link`. */
export function registerEditorLinkCommand(program: Command): void {
  program
    .command('editor-link')
    .requiredOption('--project <id>', 'project the link signs in to')
    .option(
      '--ttl <minutes>',
      `minutes the link stays usable (${EDITOR_LINK_TTL.min}–${EDITOR_LINK_TTL.max}, default ${EDITOR_LINK_TTL.default})`,
    )
    .option('--json', 'print JSON: { url, expires_at }')
    .description(
      'Print a sign-in link of the editor: it works once, until it expires, for this project only.',
    )
    .action(async (opts: { project: string; ttl?: string; json?: boolean }) => {
      // Checked before opening the database, like every argument.
      const ttl = parseTtl(opts.ttl);
      await withRuntime(async ({ services, config }) => {
        if (!(await services.projects.findProject(opts.project)))
          throw new Error(`No project with id ${opts.project}`);
        const link = await createEditorLink(services.projects, opts.project, ttl, config.publicUrl);
        if (opts.json) console.log(JSON.stringify({ url: link.url, expires_at: link.expires_at }));
        else console.log(link.url);
      });
    });
}
