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
/**
 * The largest body a keepalive request may carry (the Fetch standard's 64 KiB, shared by the
 * page's keepalive requests in flight): a bigger design cannot be saved as the page is left.
 */
export const KEEPALIVE_MAX_BYTES = 64 * 1024;
const RETRY_MS = [2000, 5000, 15000, 30000];

/** A 4xx the same request would get again (not a timeout or a rate limit). */
const refused = (status: number) => status >= 400 && status < 500 && ![408, 429].includes(status);

export class Autosave {
  status: SaveState = { state: 'saved' };
  private timer: ReturnType<typeof setTimeout> | undefined;
  private savedVersion: number;
  private failures = 0;
  private running = false;
  /** The last save of this design failed (also while it is being retried). */
  private lastFailed = false;
  /** The design version the save timer was last set for: selection changes do not touch it. */
  private scheduledVersion: number;

  private api: Api;
  private uuid: string;
  private doc: EditorDoc;
  etag: string;
  private onStatus: (s: SaveState) => void;
  constructor(
    api: Api,
    uuid: string,
    doc: EditorDoc,
    etag: string,
    onStatus: (s: SaveState) => void,
  ) {
    this.api = api;
    this.uuid = uuid;
    this.doc = doc;
    this.etag = etag;
    this.onStatus = onStatus;
    this.savedVersion = doc.version;
    this.scheduledVersion = doc.version;
    // The doc also tells of selection changes; only a new version of the design (re)starts the
    // timer, so clicking around never postpones a save.
    doc.subscribe(() => {
      if (doc.version === this.scheduledVersion) return;
      this.scheduledVersion = doc.version;
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

  /**
   * Saves now (also the "retry" button). With `keepalive` (the page is being hidden or left) the
   * request outlives the page; a design above KEEPALIVE_MAX_BYTES is sent as a normal request,
   * which the browser may cancel when the page goes.
   */
  async save(keepalive = false): Promise<void> {
    if (this.running || this.status.state === 'conflict') return;
    clearTimeout(this.timer);
    const version = this.doc.version;
    const design = this.doc.design;
    this.running = true;
    this.set({ state: 'saving' });
    try {
      const fits = keepalive && !this.tooLargeToKeepAlive();
      this.etag = await this.api.saveDesign(this.uuid, design, this.etag, fits);
      this.savedVersion = version;
      this.failures = 0;
      this.lastFailed = false;
      this.set({ state: 'saved' });
    } catch (err) {
      this.lastFailed = true;
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

  /** True while changes are not saved yet. */
  get dirty(): boolean {
    return this.doc.version !== this.savedVersion;
  }

  /** The design is too large for a keepalive request (KEEPALIVE_MAX_BYTES). */
  tooLargeToKeepAlive(): boolean {
    return new Blob([JSON.stringify(this.doc.design)]).size > KEEPALIVE_MAX_BYTES;
  }

  /**
   * The page is being hidden or left: a change waiting for its timer is sent at once, with
   * keepalive. A failed or refused save is left to its own retry (the page prompts instead).
   */
  flush(): void {
    if (this.dirty && this.status.state === 'pending') void this.save(true);
  }

  /**
   * Leaving now would lose a change: a save is failing or was refused, the template changed
   * elsewhere, or a pending design is too large to be sent as the page goes.
   */
  get wouldLoseWork(): boolean {
    if (!this.dirty) return false;
    return this.lastFailed || this.tooLargeToKeepAlive();
  }

  stop(): void {
    clearTimeout(this.timer);
  }
}
