/** Port: screenshots of web pages, taken by a browser in the processes that render. */

/** How to shoot one page. */
export interface ScreenshotOptions {
  /** The browser window, in CSS pixels. */
  viewport: { width: number; height: number };
  /** The whole page instead of the window (its height capped by the adapter). */
  fullPage: boolean;
  /** Extra wait after the page loaded, in ms. */
  waitMs: number;
  /** Clip to the first element this CSS selector matches. */
  selector: string | null;
}

/** Takes screenshots; errors carry user-safe messages and the failure code `asset_fetch`. */
export interface PageScreenshots {
  /** A PNG of the page at `url` (http or https). */
  capture(url: string, opts: ScreenshotOptions): Promise<Buffer>;
  /** Null when this process can take screenshots, else why not (for /ready and errors). */
  unavailableReason(): string | null;
  /** Ends the browser and everything it started. */
  close(): Promise<void>;
}
