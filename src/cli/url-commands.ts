/**
 * `imprint url secret|rotate|unsigned --project <id>`: the URL API's per-project signing secret
 * (the HMAC key of `s`) and whether unsigned URLs are served.
 */
import type { Command } from 'commander';
import type { Services } from '../core/services.ts';
import { withRuntime } from './project-commands.ts';

/** Opens the runtime, checks that the project exists, and runs fn with the services. */
async function withProject(
  projectId: string,
  fn: (services: Services) => Promise<void>,
): Promise<void> {
  await withRuntime(async ({ services }) => {
    if (!(await services.projects.findProject(projectId)))
      throw new Error(`No project with id ${projectId}`);
    await fn(services);
  });
}

/** Registers `url secret`, `url rotate` and `url unsigned`. */
export function registerUrlCommands(program: Command): void {
  const url = program
    .command('url')
    .description('Manage the URL API (GET /u/{template_uuid}): signing secret and unsigned URLs.');
  url
    .command('secret')
    .requiredOption('--project <id>', 'project id')
    .option(
      '--set <value>',
      'set the secret, e.g. to a live token so existing Placid signers work unchanged',
    )
    .description("Print the project's URL-signing secret (created if missing), or set it.")
    .action(async (opts: { project: string; set?: string }) => {
      await withProject(opts.project, async (services) => {
        if (opts.set === undefined) {
          console.log(await services.urlImages.secret(opts.project));
          return;
        }
        await services.urlImages.setSecret(opts.project, opts.set);
        console.log(`URL-signing secret of project ${opts.project} set.`);
      });
    });
  url
    .command('rotate')
    .requiredOption('--project <id>', 'project id')
    .description('Replace the URL-signing secret and print the new one (old signatures fail).')
    .action(async (opts: { project: string }) => {
      await withProject(opts.project, async (services) => {
        console.log(await services.urlImages.rotateSecret(opts.project));
      });
    });
  url
    .command('unsigned')
    .requiredOption('--project <id>', 'project id')
    .option('--allow', 'serve URLs without a signature')
    .option('--deny', 'refuse URLs without a signature with 403 (the default)')
    .description('Allow or refuse unsigned URLs; without --allow or --deny, print the setting.')
    .action(async (opts: { project: string; allow?: boolean; deny?: boolean }) => {
      if (opts.allow && opts.deny) throw new Error('Use either --allow or --deny, not both');
      await withProject(opts.project, async (services) => {
        if (opts.allow || opts.deny) {
          await services.urlImages.setAllowUnsigned(opts.project, Boolean(opts.allow));
        }
        const allowed = await services.urlImages.unsignedAllowed(opts.project);
        console.log(
          `project ${opts.project}: unsigned URLs are ${allowed ? 'allowed' : 'refused (403)'}`,
        );
      });
    });
}
