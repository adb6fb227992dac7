/**
 * `imprint batch`: renders one file per data row through the REST API of a running server, a few
 * rows at a time, and writes them into a folder. Before any row, the template is read (a wrong
 * uuid, token or address stops the run with one message) and the columns are checked against its
 * layers. Resumable: a row whose file exists is skipped, and a file appears only once complete
 * (written aside, then renamed), so an interrupted run leaves no half file that a later run would
 * take for done. Each row's creation carries an Idempotency-Key derived from the batch and the
 * row, and the rows in flight are recorded in the output folder (batch-state.ts), so a row
 * created but not yet downloaded when a run stopped is fetched again by the next run, not
 * rendered and charged twice.
 */
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createImprintClient, RenderFailedError, type ImprintClient } from '@imprint/client';
import type { Design } from '../../render/index.ts';
import { layersOf, outputName, type Layers, type Row } from './batch-rows.ts';
import { ProgressReporter, type ProgressCounts } from './batch-progress.ts';
import { BatchState } from './batch-state.ts';
import { checkColumns, columnProblemLines } from './column-check.ts';
import { rowKey, type BatchIdentity } from './row-key.ts';

/** Output formats of a batch. */
export const BATCH_FORMATS = ['png', 'jpg', 'pdf'] as const;

/** What a batch renders and where. */
export interface BatchOptions {
  /** The server's root URL. */
  url: string;
  token: string;
  template: string;
  rows: Row[];
  outDir: string;
  format: (typeof BATCH_FORMATS)[number];
  concurrency: number;
  /** Where the progress, warnings and notices go (stderr). */
  progress: NodeJS.WriteStream;
  /**
   * Render although some columns match no dynamic layer (their values are ignored); without it
   * such columns stop the batch before any row is rendered.
   */
  allowUnknownColumns?: boolean;
  /** Aborted: start no further row and finish the rows in flight (a first Ctrl-C). */
  stop?: AbortSignal;
  /** Aborted: leave the rows in flight at once, recorded for the next run (a second Ctrl-C). */
  abandon?: AbortSignal;
}

/** A row that did not render, numbered from 1 as in the data file. */
export interface FailedRow {
  row: number;
  file: string;
  reason: string;
}

/** The outcome of a batch. */
export interface BatchResult {
  total: number;
  rendered: number;
  skipped: number;
  failed: FailedRow[];
  /** Rows left in flight by an abandon (a second Ctrl-C), recorded in `stateFile`. */
  abandoned: Array<{ row: number; file: string }>;
  /**
   * Rows not rendered because the run stopped: never started after an interrupt, or refused with
   * an answer every later row would get too (401, 402, 403, 404), those after it included.
   */
  notStarted: number;
  /** Why the run ended early: `interrupt`, or the row and answer that ended it (`row 3 (0003.png): HTTP 404 …`). */
  stoppedBy?: string;
  /** Rows whose image or PDF came with warnings (each printed as it finished). */
  rowsWithWarnings: number;
  /** The resume state file, when rows are recorded in it; null when none is left. */
  stateFile: string | null;
  seconds: number;
}

/** One row ready to render, or the reason it cannot be. */
interface Job {
  row: number;
  file: string;
  layers?: Layers;
  problem?: string;
}

/** `HTTP 422: message (field: problem; …)` from an API error body. */
function describeApiError(status: number, body: unknown): string {
  const b = (body ?? {}) as { message?: unknown; errors?: unknown };
  const fields =
    b.errors && typeof b.errors === 'object' && !Array.isArray(b.errors)
      ? Object.entries(b.errors as Record<string, unknown>).map(
          ([field, msgs]) => `${field}: ${Array.isArray(msgs) ? msgs.join(' ') : String(msgs)}`,
        )
      : [];
  const message = typeof b.message === 'string' ? b.message : '';
  return `HTTP ${status}${message ? `: ${message}` : ''}${fields.length ? ` (${fields.join('; ')})` : ''}`;
}

/** Answers to a creation that every later row would get too: the batch stops at the first. */
const STOPPING_STATUSES = new Set([401, 402, 403, 404]);

/** A creation the server refused, with its status. */
class CreationRefused extends Error {
  readonly status: number;
  constructor(status: number, body: unknown) {
    super(describeApiError(status, body));
    this.status = status;
  }
}

/** POSTs, trying again after 429 and 503 (Retry-After, else a growing pause) up to 6 times. */
async function createWithRetry<T>(
  send: () => Promise<{ data?: T; error?: unknown; response: Response }>,
  signal?: AbortSignal,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const res = await send();
    if (res.response.ok && res.data) return res.data;
    const status = res.response.status;
    if ((status !== 429 && status !== 503) || attempt >= 6)
      throw new CreationRefused(status, res.error);
    const retryAfter = Number(res.response.headers.get('retry-after'));
    const ms =
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 500 * 2 ** attempt;
    await sleep(ms, undefined, { signal }); // an abandon cuts the pause short
  }
}

/** An image or PDF object as the batch reads it. */
interface Generated {
  id?: number;
  status?: 'queued' | 'finished' | 'error';
  image_url?: string | null;
  pdf_url?: string | null;
  warnings?: string[];
}

/** Creates the row's image or PDF with its Idempotency-Key `key`. */
async function createRow(
  client: ImprintClient,
  opts: BatchOptions,
  layers: Layers,
  key: string,
): Promise<Generated> {
  const headers = { 'Idempotency-Key': key };
  const signal = opts.abandon;
  const format = opts.format;
  if (format === 'pdf') {
    return createWithRetry(
      () =>
        client.POST('/api/rest/pdfs', {
          body: { pages: [{ template_uuid: opts.template, layers }] },
          headers,
          signal,
        }),
      signal,
    );
  }
  return createWithRetry(
    () =>
      client.POST('/api/rest/images', {
        body: {
          template_uuid: opts.template,
          layers,
          modifications: { image_format: format },
        },
        headers,
        signal,
      }),
    signal,
  );
}

/** The object of an id a stopped run recorded; undefined when the server no longer has it. */
async function fetchRecorded(
  client: ImprintClient,
  kind: 'image' | 'pdf',
  id: number,
  signal?: AbortSignal,
): Promise<Generated | undefined> {
  const params = { path: { id: String(id) } };
  const res =
    kind === 'pdf'
      ? await client.GET('/api/rest/pdfs/{id}', { params, signal })
      : await client.GET('/api/rest/images/{id}', { params, signal });
  if (res.response.ok && res.data) return res.data as Generated;
  if (res.response.status === 404) return undefined;
  throw new Error(describeApiError(res.response.status, res.error));
}

/** Waits for the object to finish (up to 10 minutes); returns its final state. */
function finish(client: ImprintClient, opts: BatchOptions, item: Generated): Promise<Generated> {
  const kind = opts.format === 'pdf' ? 'pdf' : 'image';
  return client.waitFor(
    { ...item, pdf_url: item.pdf_url ?? null },
    { initialDelayMs: 250, maxDelayMs: 2000, timeoutMs: 600_000, kind, signal: opts.abandon },
  );
}

/**
 * Downloads a file into `target`, through a temporary name so that it appears only whole. File
 * URLs need no token (they are unguessable) and may point at a bucket: the token is not sent.
 */
async function download(url: string, target: string, signal?: AbortSignal): Promise<void> {
  const res = await fetch(url, { signal });
  if (!res.ok) throw new Error(`download of ${url} answered HTTP ${res.status}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  const part = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.part`);
  fs.writeFileSync(part, bytes);
  fs.renameSync(part, target);
}

/** The cause of a failed fetch, e.g. `ECONNREFUSED`. */
function networkCause(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err as Error).message;
}

/**
 * The template's design and revision, read before any row: a wrong address, token or template
 * uuid stops the batch here with one message instead of failing every row alike. The revision is
 * part of what identifies this batch for its rows' keys, so rendering again after saving the
 * design makes new files rather than returning the earlier ones.
 */
async function readTemplate(
  client: ImprintClient,
  opts: BatchOptions,
): Promise<{ design: Design; identity: BatchIdentity }> {
  let res;
  try {
    res = await client.GET('/api/rest/templates/{template_uuid}/design', {
      params: { path: { template_uuid: opts.template } },
      signal: opts.abandon,
    });
  } catch (err) {
    if (opts.abandon?.aborted) throw new Error('interrupted; nothing was rendered', { cause: err });
    throw new Error(
      `cannot reach the server at ${opts.url} (${networkCause(err)}); nothing was rendered`,
      { cause: err },
    );
  }
  const status = res.response.status;
  if (status === 404)
    throw new Error(
      `template ${opts.template} not found (HTTP 404): check --template and that the token belongs to the template's project; nothing was rendered`,
    );
  if (!res.response.ok || !res.data)
    throw new Error(
      `reading template ${opts.template} answered ${describeApiError(status, res.error)}; nothing was rendered`,
    );
  const design = res.data as unknown as Design;
  if (!Array.isArray(design.layers))
    throw new Error(`the design of template ${opts.template} has no layers list`);
  const revision = res.response.headers.get('etag') ?? '';
  return {
    design,
    identity: { outDir: opts.outDir, template: opts.template, revision, format: opts.format },
  };
}

/**
 * Checks the columns against the template. Without allowUnknownColumns a problem stops the batch
 * before any row; with it the problems are printed once and the paths returned, so that the
 * rows' own warnings about the same columns are not printed again for every row.
 */
function checkColumnsOrStop(
  design: Design,
  opts: BatchOptions,
  progress: ProgressReporter,
): Set<string> {
  const problems = checkColumns(design, opts.rows);
  if (problems.length === 0) return new Set();
  const lines = columnProblemLines(problems).map((l) => `  ${l}`);
  const count = problems.reduce((n, p) => n + p.columns.length, 0);
  const what = `${count} ${count === 1 ? 'column matches' : 'columns match'} no dynamic layer of template ${opts.template}`;
  if (!opts.allowUnknownColumns)
    throw new Error(
      `${what}; nothing was rendered:\n${lines.join('\n')}\nRename ${count === 1 ? 'it' : 'them'}, or add --allow-unknown-columns to render anyway (the values of ${count === 1 ? 'this column are' : 'these columns are'} ignored).`,
    );
  progress.note(
    `warning: ${what}; their values are ignored in every row (--allow-unknown-columns):\n${lines.join('\n')}`,
  );
  return new Set(problems.map((p) => p.path));
}

/** The jobs of the rows: names, layer data, and problems found before any request. */
function planJobs(opts: BatchOptions): Job[] {
  const ext = opts.format;
  const firstRowOf = new Map<string, number>();
  return opts.rows.map((row, i) => {
    const file = outputName(row, i, opts.rows.length, ext);
    const job: Job = { row: i + 1, file };
    const first = firstRowOf.get(file);
    if (first !== undefined) {
      job.problem = `filename ${file} is also the file of row ${first}`;
      return job;
    }
    firstRowOf.set(file, i + 1);
    try {
      job.layers = layersOf(row);
    } catch (err) {
      job.problem = (err as Error).message;
    }
    return job;
  });
}

/** A warning's path without the page prefix of a one-page PDF (`pages.0.layers.x` → `layers.x`). */
const warningPath = (warning: string): string =>
  warning.slice(0, Math.max(0, warning.indexOf(': '))).replace(/^pages\.0\./, '');

/**
 * Runs the batch. Throws before any row when the template cannot be read or a column matches no
 * dynamic layer (see allowUnknownColumns); never throws for a failing row (see `failed`).
 */
export async function runBatch(opts: BatchOptions): Promise<BatchResult> {
  const started = Date.now();
  const client = createImprintClient({ baseUrl: opts.url, token: opts.token });
  const jobs = planJobs(opts);
  const progress = new ProgressReporter(opts.progress);
  const { design, identity } = await readTemplate(client, opts);
  const knownProblems = checkColumnsOrStop(design, opts, progress);
  fs.mkdirSync(opts.outDir, { recursive: true });
  const state = new BatchState(opts.outDir);
  const kind = opts.format === 'pdf' ? 'pdf' : 'image';
  const counts: ProgressCounts = { done: 0, failed: 0, skipped: 0, total: jobs.length };
  const failed: FailedRow[] = [];
  const abandoned: Array<{ row: number; file: string }> = [];
  let notStarted = 0;
  let rowsWithWarnings = 0;
  let stoppedBy: string | undefined;
  let inFlight = 0;

  const onStop = () => {
    stoppedBy ??= 'interrupt';
    progress.note(
      inFlight > 0
        ? `Ctrl-C: starting no further row; waiting for the ${inFlight} ${inFlight === 1 ? 'row' : 'rows'} in flight (Ctrl-C again to leave ${inFlight === 1 ? 'it' : 'them'} for the next run)`
        : 'Ctrl-C: starting no further row',
      counts,
    );
  };
  const onAbandon = () => {
    stoppedBy ??= 'interrupt';
    if (inFlight > 0)
      progress.note(
        // The summary then says where they are recorded: not twice.
        `Ctrl-C again: leaving the ${inFlight} ${inFlight === 1 ? 'row' : 'rows'} in flight`,
        counts,
      );
  };
  opts.stop?.addEventListener('abort', onStop, { once: true });
  opts.abandon?.addEventListener('abort', onAbandon, { once: true });
  if (opts.stop?.aborted) stoppedBy = 'interrupt'; // while the template was read
  const stopping = () => stoppedBy !== undefined || opts.stop?.aborted || opts.abandon?.aborted;

  /** Prints the row's warnings, except those the column check already reported for all rows. */
  const reportWarnings = (job: Job, warnings: string[] | undefined) => {
    const shown = (warnings ?? []).filter((w) => !knownProblems.has(warningPath(w)));
    if (shown.length === 0) return;
    rowsWithWarnings++;
    for (const w of shown) progress.note(`row ${job.row} (${job.file}): warning: ${w}`, counts);
  };

  /** Renders one row: the recorded object of a stopped run when there is one, else a new one. */
  const render = async (job: Job, target: string) => {
    const layers = job.layers ?? {};
    const key = rowKey(identity, job.row, layers);
    const recorded = state.get(job.row);
    let item: Generated | undefined;
    if (recorded?.key === key && recorded.kind === kind && recorded.id !== undefined)
      item = await fetchRecorded(client, kind, recorded.id, opts.abandon);
    if (!item) {
      state.set(job.row, { file: job.file, key, kind });
      item = await createRow(client, opts, layers, key);
      if (typeof item.id === 'number')
        state.set(job.row, { file: job.file, key, kind, id: item.id });
    }
    let done: Generated;
    try {
      done = await finish(client, opts, item);
    } catch (err) {
      if (err instanceof RenderFailedError)
        reportWarnings(job, (err.item as Generated | undefined)?.warnings);
      throw err;
    }
    const url = kind === 'pdf' ? done.pdf_url : done.image_url;
    if (!url) throw new Error(`${kind} ${done.id} finished without a file URL`);
    await download(url, target, opts.abandon);
    reportWarnings(job, done.warnings);
  };

  progress.update(counts, true);
  let next = 0;
  const work = async () => {
    while (next < jobs.length && !stopping()) {
      const job = jobs[next++];
      const target = path.join(opts.outDir, job.file);
      inFlight++;
      try {
        if (job.problem) throw new Error(job.problem);
        if (fs.existsSync(target)) {
          counts.skipped++;
          state.delete(job.row);
        } else {
          await render(job, target);
          counts.done++;
          state.delete(job.row);
        }
      } catch (err) {
        if (opts.abandon?.aborted) {
          // Left in flight: its record stays, so the next run fetches it instead of re-creating.
          abandoned.push({ row: job.row, file: job.file });
        } else if (err instanceof CreationRefused && STOPPING_STATUSES.has(err.status)) {
          // Not rendered, like the rows after it: a rerun renders it once the cause is fixed.
          state.delete(job.row);
          notStarted++;
          // The first such answer is the reason, reported once; every later row would get it.
          if (stoppedBy === undefined || stoppedBy === 'interrupt')
            stoppedBy = `row ${job.row} (${job.file}): ${err.message}`;
        } else {
          state.delete(job.row);
          counts.failed++;
          failed.push({ row: job.row, file: job.file, reason: (err as Error).message });
        }
      } finally {
        inFlight--;
      }
      progress.update(counts);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.max(1, opts.concurrency) }, work));
  } finally {
    opts.stop?.removeEventListener('abort', onStop);
    opts.abandon?.removeEventListener('abort', onAbandon);
    state.save();
  }
  notStarted += jobs.length - next;
  progress.finish(counts);
  failed.sort((a, b) => a.row - b.row);
  abandoned.sort((a, b) => a.row - b.row);
  return {
    total: jobs.length,
    rendered: counts.done,
    skipped: counts.skipped,
    failed,
    abandoned,
    notStarted,
    stoppedBy,
    rowsWithWarnings,
    stateFile: state.recorded().length > 0 ? state.file : null,
    seconds: (Date.now() - started) / 1000,
  };
}
