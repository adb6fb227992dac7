/**
 * Saves the design a moment after each change, with the revision it edited (If-Match). A failed
 * save is retried with growing pauses; a design the server refuses (4xx) is not sent again until
 * it changes, since the same design would only be refused again; a 409 (someone else saved
 * meanwhile) stops saving until the user reloads, so nothing is ever overwritten silently.
 */
import { ApiError, type Api } from '../api.ts';
import type { EditorDoc } from './doc.ts';

export type SaveState =
  | { state: 'saved' }
  | { state: 'saving' }
  | { state: 'pending' }
  /** retryIn: ms until the next try; absent when the design was refused and waits for a change. */
  | { state: 'failed'; message: string; retryIn?: number }
  | { state: 'conflict'; message: string };

/** Pause after the last change before saving, in ms. */
export const SAVE_DELAY_MS = 600;
const RETRY_MS = [2000, 5000, 15000, 30000];

/** A 4xx the same request would get again (not a timeout or a rate limit). */
const refused = (status: number) => status >= 400 && status < 500 && ![408, 429].includes(status);

export class Autosave {
  status: SaveState = { state: 'saved' };
  private timer: ReturnType<typeof setTimeout> | undefined;
  private savedVersion: number;
  private failures = 0;
  private running = false;

  constructor(
    private api: Api,
    private uuid: string,
    private doc: EditorDoc,
    public etag: string,
    private onStatus: (s: SaveState) => void,
  ) {
    this.savedVersion = doc.version;
    doc.subscribe(() => {
      if (doc.version !== this.savedVersion) this.schedule(SAVE_DELAY_MS);
    });
  }

  private set(s: SaveState): void {
    this.status = s;
    this.onStatus(s);
  }

  private schedule(ms: number): void {
    if (this.status.state === 'conflict') return;
    if (this.status.state !== 'failed') this.set({ state: 'pending' });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.save(), ms);
  }

  /** Saves now (also the "retry" button). */
  async save(): Promise<void> {
    if (this.running || this.status.state === 'conflict') return;
    clearTimeout(this.timer);
    const version = this.doc.version;
    const design = this.doc.design;
    this.running = true;
    this.set({ state: 'saving' });
    try {
      this.etag = await this.api.saveDesign(this.uuid, design, this.etag);
      this.savedVersion = version;
      this.failures = 0;
      this.set({ state: 'saved' });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        this.set({ state: 'conflict', message: err.message });
        return;
      }
      const message = err instanceof Error ? err.message : String(err);
      if (err instanceof ApiError && refused(err.status)) {
        this.set({ state: 'failed', message });
        return;
      }
      const wait = RETRY_MS[Math.min(this.failures, RETRY_MS.length - 1)];
      this.failures++;
      this.set({ state: 'failed', message, retryIn: wait });
      this.timer = setTimeout(() => void this.save(), wait);
      return;
    } finally {
      this.running = false;
    }
    if (this.doc.version !== this.savedVersion) this.schedule(SAVE_DELAY_MS);
  }

  /** True while changes are not saved yet (the page warns before it is left). */
  get dirty(): boolean {
    return this.doc.version !== this.savedVersion;
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}
