/** `imprint project credits <project-id> [--limit <n> | --unlimited]`: show or set a credit limit. */
import type { Command } from 'commander';
import { withRuntime } from './project-commands.ts';

/** Adds `credits` under the existing `project` command. */
export function registerCreditCommands(program: Command): void {
  const project =
    program.commands.find((c) => c.name() === 'project') ??
    program.command('project').description('Manage projects.');
  project
    .command('credits')
    .argument('<project-id>', 'project id')
    .option('--limit <n>', 'set the credit limit (a whole number ≥ 0)')
    .option('--unlimited', 'remove the credit limit')
    .option(
      '--json',
      'print JSON: { credits_used, credits_reserved, credit_limit, credits_remaining }',
    )
    .description(
      "Show a project's credits, or set its limit: creation answers 402 once a render would exceed it.",
    )
    .action(
      async (projectId: string, opts: { limit?: string; unlimited?: boolean; json?: boolean }) => {
        if (opts.limit !== undefined && opts.unlimited) {
          throw new Error('Use either --limit <n> or --unlimited, not both');
        }
        let limit: number | null | undefined;
        if (opts.unlimited) limit = null;
        else if (opts.limit !== undefined) {
          if (!/^\d+$/.test(opts.limit.trim())) {
            throw new Error(`--limit must be a whole number ≥ 0, got "${opts.limit}"`);
          }
          limit = Number(opts.limit.trim());
        }
        await withRuntime(async ({ services }) => {
          if (!(await services.projects.findProject(projectId))) {
            throw new Error(`No project with id ${projectId}`);
          }
          if (limit !== undefined) await services.generation.setCreditLimit(projectId, limit);
          const u = await services.generation.usage(projectId);
          if (opts.json) console.log(JSON.stringify(u));
          else
            console.log(
              `project ${projectId}: ${u.credits_used} credits used, ${u.credits_reserved} held by queued renders, ` +
                (u.credit_limit === null
                  ? 'no limit'
                  : `limit ${u.credit_limit}, ${u.credits_remaining} remaining`),
            );
        });
      },
    );
}
