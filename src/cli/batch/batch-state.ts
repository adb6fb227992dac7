/**
 * The resume state of `imprint batch`: the rows in flight, kept in `<out>/.imprint-batch.json`
 * while a run goes. A row is written there before its creation is sent (with its Idempotency-Key)
 * and again with the id the server answered; it leaves once its file is written or it failed. So
 * after a stop (Ctrl-C twice, a crash, a closed terminal) the file names every row that was
 * created or being created but has no file yet, and the next run of the same command waits for
 * those images or PDFs by id (or sends the same key again) instead of rendering them a second
 * time; rows with a file are skipped, rows never started render. The file is removed when no
 * row is left in it.
 */
import fs from 'node:fs';
import path from 'node:path';

/** The name of the state file inside the output folder. */
export const STATE_FILE = '.imprint-batch.json';

/** A row in flight: its file, its creation's key and, once answered, the object's id. */
export interface InFlightRow {
  file: string;
  key: string;
  kind: 'image' | 'pdf';
  id?: number;
}

interface StateFile {
  about: string;
  rows: Record<string, InFlightRow>;
}

const ABOUT =
  'imprint batch: rows created (or being created) whose file is not written yet; the next run of the same command fetches them instead of rendering them again';

const isRow = (v: unknown): v is InFlightRow => {
  const r = v as InFlightRow;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.file === 'string' &&
    typeof r.key === 'string' &&
    (r.kind === 'image' || r.kind === 'pdf') &&
    (r.id === undefined || Number.isInteger(r.id))
  );
};

/** The rows in flight of one output folder, saved on every change. */
export class BatchState {
  readonly file: string;
  private readonly rows = new Map<number, InFlightRow>();

  /** Reads the state a stopped run left in `outDir` (an unreadable file counts as none). */
  constructor(outDir: string) {
    this.file = path.join(outDir, STATE_FILE);
    let parsed: Partial<StateFile> | undefined;
    try {
      parsed = JSON.parse(fs.readFileSync(this.file, 'utf8')) as Partial<StateFile>;
    } catch {
      // None, or damaged: the Idempotency-Keys still find what a stopped run created.
    }
    for (const [row, entry] of Object.entries(parsed?.rows ?? {})) {
      if (/^\d+$/.test(row) && isRow(entry)) this.rows.set(Number(row), entry);
    }
  }

  /** The rows recorded (numbers from 1). */
  recorded(): number[] {
    return [...this.rows.keys()].sort((a, b) => a - b);
  }

  /** The record of a row, if any. */
  get(row: number): InFlightRow | undefined {
    return this.rows.get(row);
  }

  /** Records a row about to be created (or an answer: `id`). */
  set(row: number, entry: InFlightRow): void {
    this.rows.set(row, entry);
    this.save();
  }

  /** Forgets a row: its file is written, or it failed. */
  delete(row: number): void {
    if (this.rows.delete(row)) this.save();
  }

  /** Writes the file (aside, then renamed: never half a file), or removes it when empty. */
  save(): void {
    if (this.rows.size === 0) {
      fs.rmSync(this.file, { force: true });
      return;
    }
    const body: StateFile = {
      about: ABOUT,
      rows: Object.fromEntries([...this.rows].sort(([a], [b]) => a - b)),
    };
    const part = `${this.file}.${process.pid}.part`;
    fs.writeFileSync(part, `${JSON.stringify(body, null, 2)}\n`);
    fs.renameSync(part, this.file);
  }
}
