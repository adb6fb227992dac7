/**
 * The `imprint` command line: serve, worker, project, token and the commands other modules add.
 * Every command reads the same validated config as the server.
 */
import fs from 'node:fs';
import { Command, CommanderError } from 'commander';
import { ConfigError } from '../config.ts';
import { registerServeCommand } from './serve-command.ts';
import { registerProjectCommands } from './project-commands.ts';
import { registerWorkerCommand } from './worker-command.ts';
import { registerRenderCommand } from './render-command.ts';
import { registerCreditCommands } from './credit-commands.ts';
import { registerWebhookCommands } from './webhook-commands.ts';
import { registerFontCommands } from './font-commands.ts';
import { registerIccCommands } from './icc-commands.ts';
import { registerUrlCommands } from './url-commands.ts';
import { registerTemplateCommands } from './template-commands.ts';
import { registerBatchCommand } from './batch-command.ts';
import { registerEditorLinkCommand } from './editor-link-command.ts';
import { registerGenerationListCommands } from './generation-list-command.ts';

/** The version in package.json (the same file from src/cli/ and from the compiled dist/cli/). */
export function packageVersion(): string {
  const pkg = fs.readFileSync(new URL('../../package.json', import.meta.url), 'utf8');
  return (JSON.parse(pkg) as { version: string }).version;
}

/** Builds the program; exported so tests can run commands in-process. */
export function buildProgram(): Command {
  const program = new Command('imprint')
    .description('Imprint: render images and PDFs from templates.')
    .version(packageVersion(), '-V, --version', 'print the version of Imprint')
    .showHelpAfterError()
    // The program's own options (--version) only before a command, so that a command may have a
    // --version of its own (`templates pull --version 3`).
    .enablePositionalOptions()
    .exitOverride();
  registerServeCommand(program);
  registerProjectCommands(program);
  registerWorkerCommand(program);
  registerRenderCommand(program);
  registerCreditCommands(program);
  registerWebhookCommands(program);
  registerFontCommands(program);
  registerIccCommands(program);
  registerUrlCommands(program);
  registerTemplateCommands(program);
  registerBatchCommand(program);
  registerEditorLinkCommand(program);
  registerGenerationListCommands(program);
  return program;
}

/** Runs the CLI with process arguments; prints clean errors and sets the exit code. */
export async function runCli(argv: string[]): Promise<void> {
  try {
    await buildProgram().parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      process.exitCode = err.exitCode;
      return;
    }
    if (err instanceof ConfigError) {
      console.error(`imprint: ${err.message}`);
      process.exitCode = 78;
      return;
    }
    console.error(`imprint: ${err instanceof Error ? err.message : String(err)}`);
    process.exitCode = 1;
  }
}
