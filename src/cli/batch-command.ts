/**
 * `imprint batch`: one rendered file per row of a CSV or JSON file, through the API of a running
 * server (docs/templates-as-code.md). The rendering code is loaded only when the command runs.
 */
import { InvalidArgumentError, type Command } from 'commander';

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

/** Registers `batch`. */
export function registerBatchCommand(program: Command): void {
  program
    .command('batch')
    .requiredOption('--template <uuid>', 'template to render')
    .requiredOption('--data <file>', 'rows: a .csv file with a header row, or a .json array')
    .requiredOption('--out <folder>', 'folder of the output files (created if missing)')
    .option('--format <format>', 'png, jpg or pdf', parseFormat, 'png')
    .option('--concurrency <n>', 'rows rendered at once (1–64)', parseConcurrency, 4)
    .option('--url <url>', 'server root URL (default: $IMPRINT_URL)')
    .option('--token <token>', 'project API token (default: $IMPRINT_TOKEN)')
    .description(
      'Render one file per data row through a running server; rows whose file exists are skipped.',
    )
    .action(
      async (opts: {
        template: string;
        data: string;
        out: string;
        format: 'png' | 'jpg' | 'pdf';
        concurrency: number;
        url?: string;
        token?: string;
      }) => {
        const url = opts.url ?? process.env.IMPRINT_URL;
        const token = opts.token ?? process.env.IMPRINT_TOKEN;
        if (!url) throw new Error('Give the server with --url or IMPRINT_URL');
        if (!/^https?:\/\/[^/]/.test(url))
          throw new Error(`--url (or IMPRINT_URL) must be an http(s) URL; got ${url}`);
        if (!token) throw new Error('Give an API token with --token or IMPRINT_TOKEN');
        const { readRows } = await import('./batch/batch-rows.ts');
        const { runBatch } = await import('./batch/run-batch.ts');
        const rows = readRows(opts.data);
        const result = await runBatch({
          url,
          token,
          template: opts.template,
          rows,
          outDir: opts.out,
          format: opts.format,
          concurrency: opts.concurrency,
          progress: process.stderr,
        });
        console.log(
          `${result.total} rows: ${result.rendered} rendered, ${result.skipped} skipped (already in ${opts.out}), ${result.failed.length} failed in ${result.seconds.toFixed(1)}s`,
        );
        if (result.failed.length > 0) {
          console.error(`failed rows:`);
          for (const f of result.failed) console.error(`  row ${f.row} (${f.file}): ${f.reason}`);
          process.exitCode = 1;
        }
      },
    );
}
