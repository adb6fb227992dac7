/**
 * `imprint templates pull|push --project <id> --dir <folder>`: templates as code, one readable
 * JSON file per template (docs/templates-as-code.md). The work is loaded only when a command runs,
 * so the rest of the CLI starts without it.
 */
import { InvalidArgumentError, type Command } from 'commander';
import { withRuntime } from './project-commands.ts';

/** A version number: a whole number ≥ 1. */
function versionNumber(value: string): number {
  if (!/^[1-9]\d*$/.test(value)) throw new InvalidArgumentError('must be a whole number ≥ 1');
  return Number(value);
}

/** Registers `templates pull` and `templates push`. */
export function registerTemplateCommands(program: Command): void {
  const templates = program
    .command('templates')
    .description('Templates as code: pull a project’s templates into JSON files, push them back.');
  templates
    .command('pull')
    .requiredOption('--project <id>', 'project id')
    .requiredOption('--dir <folder>', 'folder of the template files (created if missing)')
    .option('--template <uuid>', 'only this template')
    .option(
      '--version <n>',
      'the design of this version of --template (default: the latest)',
      versionNumber,
    )
    .description('Write each template of the project as a JSON file: <title-slug>-<uuid>.json.')
    .action(async (opts: { project: string; dir: string; template?: string; version?: number }) => {
      const { pullTemplates } = await import('./templates-as-code/pull-templates.ts');
      await withRuntime(async ({ services }) => {
        const r = await pullTemplates(services, opts.project, opts.dir, {
          template: opts.template,
          version: opts.version,
        });
        for (const name of r.written) console.log(`wrote ${name}`);
        for (const name of r.removed) console.log(`removed ${name} (the template was renamed)`);
        console.log(
          `${r.written.length} written, ${r.unchanged.length} unchanged, ${r.removed.length} removed in ${opts.dir}`,
        );
      });
    });
  templates
    .command('push')
    .requiredOption('--project <id>', 'project id')
    .requiredOption('--dir <folder>', 'folder of the template files')
    .option('--dry-run', 'print the diff only; change nothing')
    .option('--publish', 'publish each template’s latest version: renders use it')
    .description(
      'Create or update the project’s templates from the files, printing a diff first; each changed design becomes a new version.',
    )
    .action(async (opts: { project: string; dir: string; dryRun?: boolean; publish?: boolean }) => {
      const { pushTemplates } = await import('./templates-as-code/push-templates.ts');
      await withRuntime(async ({ services }) => {
        const r = await pushTemplates(services, opts.project, opts.dir, {
          dryRun: Boolean(opts.dryRun),
          publish: Boolean(opts.publish),
          print: (diff) => process.stdout.write(diff),
        });
        for (const title of r.newCollections)
          console.log(`${opts.dryRun ? 'would create' : 'created'} collection "${title}"`);
        for (const v of r.versions) {
          if (v.version === null)
            console.log(`${v.uuid}: design unchanged, no new version (${v.fileName})`);
          else if (v.previous === null)
            console.log(`${v.uuid}: new template, version ${v.version} (${v.fileName})`);
          else
            console.log(
              `${v.uuid}: version ${v.version} (${v.fileName}); version ${v.previous} is kept: imprint templates pull --template ${v.uuid} --version ${v.previous}`,
            );
        }
        for (const p of r.published)
          console.log(
            opts.dryRun
              ? `would publish the latest version of ${p.uuid ?? `the new template of ${p.fileName}`}`
              : `published version ${p.version} of ${p.uuid}`,
          );
        const verb = opts.dryRun ? 'dry run, nothing changed: would create' : 'created';
        console.log(
          `${verb} ${r.created.length}, ${opts.dryRun ? 'would update' : 'updated'} ${r.updated.length}, unchanged ${r.unchanged.length}`,
        );
      });
    });
}
