/** `imprint serve`: migrate, create the first project on an empty database, and serve the API. */
import type { Command } from 'commander';
import { pino } from 'pino';
import { loadConfig } from '../config.ts';
import { createProjectWithTokens } from '../core/projects.ts';
import { checkSharedSetup } from './start-checks.ts';
import { portProblem } from './port-check.ts';
import { processLoggerOptions } from '../api/log-redaction.ts';
import { createHttpApp, createRuntime, startJobProcessing, type Runtime } from '../main.ts';
import { announceNewDatabase } from './new-database-notice.ts';
import { installShutdown } from './graceful-shutdown.ts';

/**
 * On an empty database: creates the project "Default" and prints its tokens once, on stderr so
 * they never enter the JSON log stream on stdout (and a log shipper never stores them).
 */
export async function bootstrapFirstProject(runtime: Runtime): Promise<void> {
  const existing = await runtime.services.projects.listProjects();
  if (existing.length > 0) return;
  const created = await createProjectWithTokens(runtime.services.projects, 'Default');
  console.error(
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
      for (const warning of checkSharedSetup(config, 'serve')) console.warn(`imprint: ${warning}`);
      const portTaken = await portProblem(config.port, config.host);
      if (portTaken) {
        console.error(`imprint: ${portTaken}`);
        process.exit(1);
      }
      // One JSON logger for requests, jobs and webhooks, on stdout; secrets are redacted.
      const log = pino(processLoggerOptions(config.logLevel));
      const runtime = await createRuntime(config, undefined, {
        log,
        processMetrics: true,
        onNewDatabase: announceNewDatabase,
      });
      await bootstrapFirstProject(runtime);
      const app = await createHttpApp(runtime);
      installShutdown({
        log,
        timeoutMs: config.shutdownTimeoutMs,
        // Stop accepting and finish the requests in flight, then the jobs, then the rest.
        steps: () => [
          { name: 'HTTP requests in flight', run: () => app.close() },
          ...runtime.closeSteps(),
        ],
      });
      await app.listen({ port: config.port, host: config.host });
      // Embedded mode: this process also renders queued images and PDFs (IMPRINT_RUN_JOBS=0: API only).
      if (config.runJobs) startJobProcessing(runtime);
      // API only: still queue the rows whose job could not be queued when they were created.
      else runtime.services.generation.startRecovery();
      const listening = `Imprint listening on ${config.publicUrl} (API docs: ${config.publicUrl}/docs, editor: ${config.publicUrl}/editor)`;
      // For the person starting it, whatever LOG_LEVEL says (stderr, outside the JSON stream).
      console.error(listening);
      log.info({ url: config.publicUrl, run_jobs: config.runJobs }, listening);
    });
}
