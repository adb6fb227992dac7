/**
 * `imprint batch`: one rendered file per row of a CSV or JSON file, through the API of a running
 * server (docs/templates-as-code.md). The rendering code is loaded only when the command runs.
 * Ctrl-C stops starting rows and waits for those in flight; a second Ctrl-C leaves them, recorded
 * for the next run. Either way the summary ends with the command that resumes.
 */
import { InvalidArgumentError, type Command } from 'commander';
import type { BatchResult } from './batch/run-batch.ts';

/** The options of the command as parsed. */
interface BatchCommandOptions {
  template: string;
  data: string;
  out: string;
  format: 'png' | 'jpg' | 'pdf';
  concurrency: number;
  allowUnknownColumns?: boolean;
  url?: string;
  token?: string;
}

/** Parses --concurrency: a whole number from 1 to 64. */
function parseConcurrency(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw new InvalidArgumentError('must be a whole number from 1 to 64.');
  return n;
}

/** Parses --format: png, jpg or pdf. */
function parseFormat(value: string): 'png' | 'jpg' | 'pdf' {
  if (value === 'png' || value === 'jpg' || value === 'pdf') return value;
  throw new InvalidArgumentError('must be png, jpg or pdf.');
}

/** `arg` quoted for a POSIX shell when it needs it. */
function shellQuote(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`;
}

/**
 * The command that resumes this batch: the same options, so the same output folder and row keys.
 * A token given with --token is not printed again (a summary may land in a log): the command
 * reads it from IMPRINT_TOKEN instead.
 */
export function resumeCommand(opts: BatchCommandOptions): string {
  const args = ['--template', opts.template, '--data', opts.data, '--out', opts.out];
  args.push('--format', opts.format, '--concurrency', String(opts.concurrency));
  if (opts.allowUnknownColumns) args.push('--allow-unknown-columns');
  if (opts.url !== undefined) args.push('--url', opts.url);
  const token = opts.token !== undefined ? ' --token "$IMPRINT_TOKEN"' : '';
  return `npx imprint batch ${args.map(shellQuote).join(' ')}${token}`;
}

/** The summary line and what follows it: failures, the reason of a stop, how to resume. */
function printSummary(opts: BatchCommandOptions, r: BatchResult): void {
  const parts = [
    `${r.rendered} rendered`,
    `${r.skipped} skipped (already in ${opts.out})`,
    `${r.failed.length} failed`,
  ];
  if (r.abandoned.length) parts.push(`${r.abandoned.length} left in flight`);
  if (r.notStarted) parts.push(`${r.notStarted} not started`);
  const warned = r.rowsWithWarnings ? `; ${r.rowsWithWarnings} with warnings (above)` : '';
  console.log(`${r.total} rows: ${parts.join(', ')} in ${r.seconds.toFixed(1)}s${warned}`);
  if (r.failed.length > 0) {
    console.error(`failed rows:`);
    for (const f of r.failed) console.error(`  row ${f.row} (${f.file}): ${f.reason}`);
    process.exitCode = 1;
  }
  if (r.stoppedBy === 'interrupt') {
    if (r.stateFile)
      console.error(
        `rows left in flight (${r.abandoned.map((a) => a.row).join(', ')}) are recorded in ${r.stateFile}: the next run fetches them instead of rendering them again`,
      );
    console.error(`interrupted; resume with:\n  ${resumeCommand(opts)}`);
    if (opts.token !== undefined)
      console.error('  (with the token in IMPRINT_TOKEN, or put --token back: it is not printed)');
    process.exitCode = 130;
  } else if (r.stoppedBy !== undefined) {
    console.error(
      `stopped at ${r.stoppedBy}\nevery later row would get the same answer, so no further row was started`,
    );
    process.exitCode = 1;
  }
}

/** Registers `batch`. */
export function registerBatchCommand(program: Command): void {
  program
    .command('batch')
    .requiredOption('--template <uuid>', 'template to render')
    .requiredOption('--data <file>', 'rows: a .csv file with a header row, or a .json array')
    .requiredOption('--out <folder>', 'folder of the output files (created if missing)')
    .option('--format <format>', 'png, jpg or pdf', parseFormat, 'png')
    .option('--concurrency <n>', 'rows rendered at once (1–64)', parseConcurrency, 4)
    .option(
      '--allow-unknown-columns',
      'render even when columns match no dynamic layer of the template (their values are ignored)',
    )
    .option('--url <url>', 'server root URL (default: $IMPRINT_URL)')
    .option('--token <token>', 'project API token (default: $IMPRINT_TOKEN)')
    .description(
      'Render one file per data row through a running server; rows whose file exists are skipped.',
    )
    .action(async (opts: BatchCommandOptions) => {
      const url = opts.url ?? process.env.IMPRINT_URL;
      const token = opts.token ?? process.env.IMPRINT_TOKEN;
      if (!url) throw new Error('Give the server with --url or IMPRINT_URL');
      if (!/^https?:\/\/[^/]/.test(url))
        throw new Error(`--url (or IMPRINT_URL) must be an http(s) URL; got ${url}`);
      if (!token) throw new Error('Give an API token with --token or IMPRINT_TOKEN');
      const { readRows } = await import('./batch/batch-rows.ts');
      const { runBatch } = await import('./batch/run-batch.ts');
      const rows = readRows(opts.data);
      // First Ctrl-C: no further row, wait for those in flight; second: leave them (recorded).
      const stop = new AbortController();
      const abandon = new AbortController();
      const onSigint = () => (stop.signal.aborted ? abandon : stop).abort();
      process.on('SIGINT', onSigint);
      try {
        const result = await runBatch({
          url,
          token,
          template: opts.template,
          rows,
          outDir: opts.out,
          format: opts.format,
          concurrency: opts.concurrency,
          allowUnknownColumns: Boolean(opts.allowUnknownColumns),
          progress: process.stderr,
          stop: stop.signal,
          abandon: abandon.signal,
        });
        printSummary(opts, result);
      } finally {
        process.off('SIGINT', onSigint);
      }
    });
}
