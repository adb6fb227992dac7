/**
 * `imprint batch`: renders one file per data row through the REST API of a running server, a few
 * rows at a time, and writes them into a folder. Resumable: a row whose file exists is skipped,
 * and a file appears only once complete (written aside, then renamed), so an interrupted run
 * leaves no half file that a later run would take for done. Each row's creation carries an
 * Idempotency-Key derived from the batch and the row, so a row created but not yet downloaded
 * when a run stopped is fetched again by the next run, not rendered and charged twice.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createImprintClient, type ImprintClient } from '@imprint/client';
import { layersOf, outputName, type Layers, type Row } from './batch-rows.ts';
import { ProgressReporter, type ProgressCounts } from './batch-progress.ts';
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
  /** Where the progress goes (stderr). */
  progress: NodeJS.WriteStream;
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
  seconds: number;
}

/** One row ready to render, or the reason it cannot be. */
interface Job {
  row: number;
  file: string;
  layers?: Layers;
  problem?: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

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

/** POSTs, trying again after 429 and 503 (Retry-After, else a growing pause) up to 6 times. */
async function createWithRetry<T>(
  send: () => Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    const res = await send();
    if (res.response.ok && res.data) return res.data;
    const status = res.response.status;
    if ((status !== 429 && status !== 503) || attempt >= 6)
      throw new Error(describeApiError(status, res.error));
    const retryAfter = Number(res.response.headers.get('retry-after'));
    await sleep(
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : 500 * 2 ** attempt,
    );
  }
}

/** Renders one row and returns the URL of its file; `key` is the row's Idempotency-Key. */
async function renderRow(
  client: ImprintClient,
  opts: BatchOptions,
  layers: Layers,
  key: string,
): Promise<string> {
  const waitOptions = { initialDelayMs: 250, maxDelayMs: 2000, timeoutMs: 600_000 };
  const format = opts.format;
  const headers = { 'Idempotency-Key': key };
  if (format === 'pdf') {
    const created = await createWithRetry(() =>
      client.POST('/api/rest/pdfs', {
        body: { pages: [{ template_uuid: opts.template, layers }] },
        headers,
      }),
    );
    const done = await client.waitFor(
      { ...created, pdf_url: created.pdf_url ?? null },
      waitOptions,
    );
    return done.pdf_url as string;
  }
  const created = await createWithRetry(() =>
    client.POST('/api/rest/images', {
      body: { template_uuid: opts.template, layers, modifications: { image_format: format } },
      headers,
    }),
  );
  const done = await client.waitFor(created, { ...waitOptions, kind: 'image' });
  return done.image_url as string;
}

/**
 * Downloads a file into `target`, through a temporary name so that it appears only whole. File
 * URLs need no token (they are unguessable) and may point at a bucket: the token is not sent.
 */
async function download(url: string, target: string): Promise<void> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`download of ${url} answered HTTP ${res.status}`);
  const bytes = Buffer.from(await res.arrayBuffer());
  const part = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.part`);
  fs.writeFileSync(part, bytes);
  fs.renameSync(part, target);
}

/**
 * What identifies this batch for its rows' keys: with the design's revision, so rendering again
 * after saving the design makes new files rather than returning the earlier ones.
 */
async function batchIdentity(client: ImprintClient, opts: BatchOptions): Promise<BatchIdentity> {
  let revision = '';
  try {
    const { response } = await client.GET('/api/rest/templates/{template_uuid}/design', {
      params: { path: { template_uuid: opts.template } },
    });
    revision = (response.ok && response.headers.get('etag')) || '';
  } catch {
    // Unreachable now: the rows report it (and their keys still tell rows apart).
  }
  return { outDir: opts.outDir, template: opts.template, revision, format: opts.format };
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

/** Runs the batch; never throws for a failing row (see `failed`). */
export async function runBatch(opts: BatchOptions): Promise<BatchResult> {
  const started = Date.now();
  fs.mkdirSync(opts.outDir, { recursive: true });
  const client = createImprintClient({ baseUrl: opts.url, token: opts.token });
  const jobs = planJobs(opts);
  const identity = await batchIdentity(client, opts);
  const counts: ProgressCounts = { done: 0, failed: 0, skipped: 0, total: jobs.length };
  const failed: FailedRow[] = [];
  const progress = new ProgressReporter(opts.progress);
  progress.update(counts, true);
  let next = 0;
  const work = async () => {
    while (next < jobs.length) {
      const job = jobs[next++];
      const target = path.join(opts.outDir, job.file);
      try {
        if (job.problem) throw new Error(job.problem);
        if (fs.existsSync(target)) {
          counts.skipped++;
        } else {
          const layers = job.layers ?? {};
          const url = await renderRow(client, opts, layers, rowKey(identity, job.row, layers));
          await download(url, target);
          counts.done++;
        }
      } catch (err) {
        counts.failed++;
        failed.push({ row: job.row, file: job.file, reason: (err as Error).message });
      }
      progress.update(counts);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency) }, work));
  progress.finish(counts);
  failed.sort((a, b) => a.row - b.row);
  return {
    total: jobs.length,
    rendered: counts.done,
    skipped: counts.skipped,
    failed,
    seconds: (Date.now() - started) / 1000,
  };
}
