/** `imprint webhook secret|rotate --project <id>`: the per-project key that signs webhooks. */
import type { Command } from 'commander';
import { withRuntime } from './project-commands.ts';

/** Registers `webhook secret` and `webhook rotate`. */
export function registerWebhookCommands(program: Command): void {
  const webhook = program.command('webhook').description('Manage webhook signing secrets.');
  webhook
    .command('secret')
    .requiredOption('--project <id>', 'project id')
    .description("Print the project's webhook signing secret (created if missing).")
    .action(async (opts: { project: string }) => {
      await withRuntime(async ({ services }) => {
        if (!(await services.projects.findProject(opts.project)))
          throw new Error(`No project with id ${opts.project}`);
        console.log(await services.webhooks.secret(opts.project));
      });
    });
  webhook
    .command('rotate')
    .requiredOption('--project <id>', 'project id')
    .description('Replace the webhook signing secret and print the new one.')
    .action(async (opts: { project: string }) => {
      await withRuntime(async ({ services }) => {
        if (!(await services.projects.findProject(opts.project)))
          throw new Error(`No project with id ${opts.project}`);
        console.log(await services.webhooks.rotateSecret(opts.project));
      });
    });
}
