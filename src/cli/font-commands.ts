/**
 * `imprint font …`: operators manage legacy account-wide fonts, the fonts from before per-project
 * fonts existed. The API only reads them (with include_legacy); they are added and removed here.
 */
import path from 'node:path';
import type { Command } from 'commander';
import { AppError } from '../core/errors.ts';
import { toFontObject, validateFontUpload } from '../core/fonts.ts';
import type { Runtime } from '../main.ts';
import { describeError } from './app-error-text.ts';
import { withRuntime } from './project-commands.ts';
import { readInputFile } from './read-input-file.ts';

/**
 * The account named by `--account`. A project id is accepted too and means that project's
 * account: `project create --json` prints the project id, not the account id, so an operator (or
 * a script) holding only that id can still add a legacy font its projects see.
 */
async function resolveAccount(services: Runtime['services'], id: string): Promise<string> {
  if (await services.projects.findAccount(id)) return id;
  const project = await services.projects.findProject(id);
  if (project) return project.account_id;
  throw new Error(`No account with id ${id} (and no project with that id)`);
}

/** Registers `font import`, `font list` and `font remove`. */
export function registerFontCommands(program: Command): void {
  const font = program.command('font').description('Manage legacy account-wide fonts.');
  font
    .command('import')
    .requiredOption('--account <id>', 'account that owns the legacy font (or a project of it)')
    .argument('<file>', 'TTF, OTF, WOFF or WOFF2 file')
    .option('--title <title>', 'title (default: the file name; at most 200 characters)')
    .option('--json', 'print the font object as JSON')
    .description('Add a legacy font, visible to every project of the account with include_legacy.')
    .action(async (file: string, opts: { account: string; title?: string; json?: boolean }) => {
      const data = readInputFile(file);
      await withRuntime(async ({ services, config }) => {
        const accountId = await resolveAccount(services, opts.account);
        if (data.length > config.fontMaxBytes)
          throw new Error(
            `${file} is larger than IMPRINT_FONT_MAX_BYTES (${data.length} > ${config.fontMaxBytes} bytes)`,
          );
        let created;
        try {
          const input = { file: { filename: path.basename(file), data }, title: opts.title };
          const owner = { projectId: null, accountId };
          const font = await validateFontUpload(services.fontInspector, input, owner, false);
          created = await services.fonts.insert(font);
        } catch (err) {
          if (err instanceof AppError) throw new Error(describeError(err), { cause: err });
          throw err;
        }
        const obj = toFontObject(created, true);
        if (opts.json) console.log(JSON.stringify(obj));
        else
          console.log(
            `legacy font ${obj.uuid} "${obj.title}" (${created.family || created.format}) added to account ${accountId}`,
          );
      });
    });
  font
    .command('list')
    .requiredOption('--account <id>', 'account whose legacy fonts to list')
    .option('--json', 'print JSON')
    .description('List the legacy fonts of an account.')
    .action(async (opts: { account: string; json?: boolean }) => {
      await withRuntime(async ({ services }) => {
        const list = await services.fonts.listLegacy(await resolveAccount(services, opts.account));
        if (opts.json) console.log(JSON.stringify(list.map((f) => toFontObject(f, true))));
        else
          for (const f of list)
            console.log(`${f.uuid}\t${f.title}\t${f.filename}\t${f.created_at}`);
      });
    });
  font
    .command('remove')
    .requiredOption('--account <id>', 'account that owns the legacy font')
    .argument('<uuid>', 'font uuid')
    .description('Delete a legacy font for good; templates using it fall back to the default font.')
    .action(async (uuid: string, opts: { account: string }) => {
      await withRuntime(async ({ services }) => {
        const accountId = await resolveAccount(services, opts.account);
        if (!(await services.fonts.removeLegacy(accountId, uuid)))
          throw new Error(`No legacy font ${uuid} in account ${opts.account}`);
        console.log(`legacy font ${uuid} removed`);
      });
    });
}
