/**
 * `imprint templates pull|push --project <id> --dir <folder>`: templates as code, one readable
 * JSON file per template (docs/templates-as-code.md). The work is loaded only when a command runs,
 * so the rest of the CLI starts without it.
 */
import type { Command } from 'commander';
import { withRuntime } from './project-commands.ts';

/** Registers `templates pull` and `templates push`. */
export function registerTemplateCommands(program: Command): void {
  const templates = program
    .command('templates')
    .description('Templates as code: pull a project’s templates into JSON files, push them back.');
  templates
    .command('pull')
    .requiredOption('--project <id>', 'project id')
    .requiredOption('--dir <folder>', 'folder of the template files (created if missing)')
    .description('Write each template of the project as a JSON file: <title-slug>-<uuid>.json.')
    .action(async (opts: { project: string; dir: string }) => {
      const { pullTemplates } = await import('./templates-as-code/pull-templates.ts');
      await withRuntime(async ({ services }) => {
        const r = await pullTemplates(services, opts.project, opts.dir);
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
    .description('Create or update the project’s templates from the files, printing a diff first.')
    .action(async (opts: { project: string; dir: string; dryRun?: boolean }) => {
      const { pushTemplates } = await import('./templates-as-code/push-templates.ts');
      await withRuntime(async ({ services }) => {
        const r = await pushTemplates(services, opts.project, opts.dir, {
          dryRun: Boolean(opts.dryRun),
          print: (diff) => process.stdout.write(diff),
        });
        for (const title of r.newCollections)
          console.log(`${opts.dryRun ? 'would create' : 'created'} collection "${title}"`);
        const verb = opts.dryRun ? 'dry run, nothing changed: would create' : 'created';
        console.log(
          `${verb} ${r.created.length}, ${opts.dryRun ? 'would update' : 'updated'} ${r.updated.length}, unchanged ${r.unchanged.length}`,
        );
      });
    });
}
