/**
 * `imprint editor-link`: prints a single-use, expiring sign-in link of the editor for a project,
 * on the running server's address (see public-url.ts: never a port guessed from PORT).
 */
import type { Command } from 'commander';
import { createEditorLink, EDITOR_LINK_TTL } from '../core/editor-links.ts';
import { loadConfig } from '../config.ts';
import { withRuntime } from './project-commands.ts';
import { processSources, serverAddress } from './public-url.ts';

/** Parses `--ttl`: whole minutes within EDITOR_LINK_TTL. */
export function parseTtl(raw: string | undefined): number {
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
    .option(
      '--url <url>',
      'root URL of the running server as its users reach it (default: $IMPRINT_PUBLIC_URL; asked on a terminal)',
    )
    .option('--json', 'print JSON: { url, expires_at }')
    .description(
      'Print a sign-in link of the editor: it works once, until it expires, for this project only.',
    )
    .action(async (opts: { project: string; ttl?: string; url?: string; json?: boolean }) => {
      // Checked before opening the database, like every argument; asked before too, so no link
      // is made (and left unused) when the address is missing.
      const ttl = parseTtl(opts.ttl);
      const base = await serverAddress(processSources(opts.url, loadConfig()));
      await withRuntime(async ({ services }) => {
        if (!(await services.projects.findProject(opts.project)))
          throw new Error(`No project with id ${opts.project}`);
        const link = await createEditorLink(services.projects, opts.project, ttl, base);
        if (opts.json) console.log(JSON.stringify({ url: link.url, expires_at: link.expires_at }));
        else console.log(link.url);
      });
    });
}
