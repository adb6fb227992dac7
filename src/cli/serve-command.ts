/** `imprint serve`: migrate, create the first project on an empty database, and serve the API. */
import type { Command } from 'commander';
import { loadConfig } from '../config.ts';
import { createProjectWithTokens } from '../core/projects.ts';
import { createHttpApp, createRuntime, startJobProcessing, type Runtime } from '../main.ts';

/** On an empty database: creates the project "Default" and prints its tokens once. */
export async function bootstrapFirstProject(runtime: Runtime): Promise<void> {
  const existing = await runtime.services.projects.listProjects();
  if (existing.length > 0) return;
  const created = await createProjectWithTokens(runtime.services.projects, 'Default');
  console.log(
    [
      '',
      'First start: created project "Default" (id ' + created.project.id + ').',
      'These tokens are shown once; store them now.',
      `  live token: ${created.token}`,
      `  test token: ${created.test_token}   (watermarked previews, no credits)`,
      'More tokens:   npx imprint token create --project ' + created.project.id + ' [--test]',
      'More projects: npx imprint project create "<title>"',
      '',
    ].join('\n'),
  );
}

/** Registers `serve`. */
export function registerServeCommand(program: Command): void {
  program
    .command('serve')
    .description('Serve the REST API (PORT, HOST, DATABASE_URL, IMPRINT_DATA_DIR, …).')
    .action(async () => {
      const config = loadConfig();
      const runtime = await createRuntime(config);
      await bootstrapFirstProject(runtime);
      const app = await createHttpApp(runtime);
      const shutdown = async () => {
        await app.close();
        await runtime.close();
        process.exit(0);
      };
      process.once('SIGINT', () => void shutdown());
      process.once('SIGTERM', () => void shutdown());
      await app.listen({ port: config.port, host: config.host });
      // Embedded mode: this process also renders queued images and PDFs (IMPRINT_RUN_JOBS=0: API only).
      if (config.runJobs) startJobProcessing(runtime);
      console.log(`Imprint listening on ${config.publicUrl} (API docs: ${config.publicUrl}/docs)`);
    });
}
