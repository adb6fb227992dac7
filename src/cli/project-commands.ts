/** `imprint project …` and `imprint token …`: operators create projects and manage tokens. */
import type { Command } from 'commander';
import { loadConfig } from '../config.ts';
import { createProjectWithTokens, issueToken, type TokenInfo } from '../core/projects.ts';
import { createRuntime, type Runtime } from '../main.ts';
import { announceNewDatabase } from './new-database-notice.ts';

/** Opens the runtime of the current config, runs fn, and closes it. */
export async function withRuntime<T>(fn: (runtime: Runtime) => Promise<T>): Promise<T> {
  const config = loadConfig();
  // A secret that does not open is reported by the command that reads it; `rotate` replaces it.
  const runtime = await createRuntime(config, undefined, {
    onNewDatabase: announceNewDatabase,
    allowUnreadableSecrets: true,
  });
  try {
    return await fn(runtime);
  } finally {
    await runtime.close();
  }
}

/**
 * One line of `token list`: id, kind (`editor session` for a token of an editor sign-in link),
 * project, state (active, revoked, or expired, with the time) and last use.
 */
export function tokenLine(t: TokenInfo, now: number): string {
  const kind = t.purpose === 'editor_session' ? `${t.kind} editor session` : t.kind;
  let state = 'active';
  if (t.revoked_at) state = `revoked ${t.revoked_at}`;
  else if (t.expires_at && Date.parse(t.expires_at) <= now) state = `expired ${t.expires_at}`;
  else if (t.expires_at) state = `active until ${t.expires_at}`;
  const used = t.last_used_at ? `last used ${t.last_used_at}` : 'never used';
  return `${t.id}\t${kind}\tproject ${t.project_id}\t${state}\t${used}`;
}

/** Registers `project` and `token`. */
export function registerProjectCommands(program: Command): void {
  const project = program.command('project').description('Manage projects.');
  project
    .command('create')
    .argument('<title>', 'project title')
    .option('--account <id>', 'account that owns the project (default: the first account)')
    .option('--json', 'print JSON: { id, title, token, test_token }')
    .description('Create a project with a live and a test token (shown once).')
    .action(async (rawTitle: string, opts: { json?: boolean; account?: string }) => {
      const title = rawTitle.trim();
      // Checked before opening the database: an empty title would make a nameless project.
      if (!title || [...title].length > 255)
        throw new Error('The project title must be 1 to 255 characters.');
      await withRuntime(async ({ services }) => {
        const {
          project: p,
          token,
          test_token,
        } = await createProjectWithTokens(services.projects, title, opts.account);
        if (opts.json) console.log(JSON.stringify({ id: p.id, title: p.title, token, test_token }));
        else
          console.log(
            `project ${p.id} "${p.title}"\n  live token: ${token}\n  test token: ${test_token}`,
          );
      });
    });
  project
    .command('list')
    .option('--json', 'print JSON')
    .description('List projects.')
    .action(async (opts: { json?: boolean }) => {
      await withRuntime(async ({ services }) => {
        const list = await services.projects.listProjects();
        if (opts.json) console.log(JSON.stringify(list));
        else
          for (const p of list)
            console.log(`${p.id}\t${p.title}\taccount ${p.account_id}\t${p.created_at}`);
      });
    });

  const token = program.command('token').description('Manage API tokens.');
  token
    .command('create')
    .requiredOption('--project <id>', 'project id')
    .option('--test', 'a test token: watermarked previews that cost no credits')
    .option('--json', 'print JSON: { id, project_id, kind, token }')
    .description('Create a token (shown once).')
    .action(async (opts: { project: string; test?: boolean; json?: boolean }) => {
      await withRuntime(async ({ services }) => {
        if (!(await services.projects.findProject(opts.project)))
          throw new Error(`No project with id ${opts.project}`);
        const { info, token: secret } = await issueToken(
          services.projects,
          opts.project,
          opts.test ? 'test' : 'live',
        );
        if (opts.json)
          console.log(
            JSON.stringify({
              id: info.id,
              project_id: info.project_id,
              kind: info.kind,
              token: secret,
            }),
          );
        else
          console.log(
            `token ${info.id} (${info.kind}) for project ${info.project_id}:\n  ${secret}`,
          );
      });
    });
  token
    .command('list')
    .option('--project <id>', 'only this project')
    .option('--json', 'print JSON')
    .description(
      'List tokens (ids, kinds, editor sessions with their expiry; secrets are never shown again).',
    )
    .action(async (opts: { project?: string; json?: boolean }) => {
      await withRuntime(async ({ services }) => {
        // Same as `token create`: an unknown project is a mistake, not an empty list.
        if (opts.project !== undefined && !(await services.projects.findProject(opts.project)))
          throw new Error(`No project with id ${opts.project}`);
        const list = await services.projects.listTokens(opts.project);
        if (opts.json) console.log(JSON.stringify(list));
        else for (const t of list) console.log(tokenLine(t, Date.now()));
      });
    });
  token
    .command('revoke')
    .argument('<id>', 'token id')
    .description('Revoke a token; requests with it answer 401 from then on.')
    .action(async (id: string) => {
      await withRuntime(async ({ services }) => {
        if (!(await services.projects.revokeToken(id)))
          throw new Error(`No active token with id ${id}`);
        console.log(`token ${id} revoked`);
      });
    });
}
