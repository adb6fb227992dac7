/**
 * The progress of `imprint batch` on stderr: a bar redrawn in place with `\r` when stderr is a
 * terminal, else a plain line every few seconds (logs and CI have no use for a bar).
 */

/** Counts shown by the progress line. */
export interface ProgressCounts {
  done: number;
  failed: number;
  skipped: number;
  total: number;
}

/** Seconds as `1m05s` or `12s`. */
export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.max(0, Math.round(seconds));
  return s >= 60 ? `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s` : `${s}s`;
}

/** One progress line: count, rate and ETA (rate over the rows rendered in this run). */
export function progressLine(c: ProgressCounts, elapsedMs: number, barWidth = 24): string {
  const finished = c.done + c.failed + c.skipped;
  const rendered = c.done + c.failed;
  const rate = elapsedMs > 0 ? rendered / (elapsedMs / 1000) : 0;
  const eta = rate > 0 ? formatDuration((c.total - finished) / rate) : '?';
  const filled = c.total ? Math.round((finished / c.total) * barWidth) : barWidth;
  const bar = `[${'#'.repeat(filled)}${'-'.repeat(barWidth - filled)}]`;
  const failed = c.failed ? `, ${c.failed} failed` : '';
  return `${bar} ${finished}/${c.total}${failed}  ${rate.toFixed(1)} rows/s  ETA ${eta}`;
}

/** Draws the progress on a stream; `update` is cheap to call often. */
export class ProgressReporter {
  private readonly started = Date.now();
  private lastPrint = 0;
  /** The counts of the last line written, so the closing line never repeats it. */
  private lastCounts = '';
  /** A bar is on screen (a terminal), to be cleared before a note. */
  private drawn = false;

  private readonly stream: NodeJS.WriteStream;
  private readonly intervalMs: number;
  constructor(stream: NodeJS.WriteStream, intervalMs = 5000) {
    this.stream = stream;
    this.intervalMs = intervalMs;
  }

  /** Shows the counts: redrawn in place on a terminal, at most every intervalMs otherwise. */
  update(counts: ProgressCounts, force = false): void {
    const line = progressLine(counts, Date.now() - this.started);
    if (this.stream.isTTY) {
      this.stream.write(`\r${line}\x1b[K`);
      this.drawn = true;
      return;
    }
    if (!force && Date.now() - this.lastPrint < this.intervalMs) return;
    this.lastPrint = Date.now();
    this.lastCounts = JSON.stringify(counts);
    this.stream.write(`${line}\n`);
  }

  /** A line of its own (a warning, a notice); on a terminal the bar is redrawn below it. */
  note(text: string, counts?: ProgressCounts): void {
    this.stream.write(`${this.drawn ? '\r\x1b[K' : ''}${text}\n`);
    this.drawn = false;
    if (counts && this.stream.isTTY) this.update(counts);
  }

  /**
   * Ends the progress: the final counts, unless the last plain line already showed them (no
   * line twice in a log), and on a terminal a line break so that what follows starts anew.
   */
  finish(counts: ProgressCounts): void {
    if (this.stream.isTTY || this.lastCounts !== JSON.stringify(counts)) this.update(counts, true);
    if (this.stream.isTTY) this.stream.write('\n');
    this.drawn = false;
  }
}
