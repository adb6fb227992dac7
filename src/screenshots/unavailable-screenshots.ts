/** PageScreenshots where none can be taken (IMPRINT_SCREENSHOTS=0, API-only processes). */
import type { PageScreenshots } from '../core/ports/page-screenshots.ts';
import { ScreenshotError } from './chromium-screenshots.ts';

/** Fails every screenshot with `reason`. */
export class UnavailableScreenshots implements PageScreenshots {
  private readonly reason: string;
  constructor(reason: string) {
    this.reason = reason;
  }

  unavailableReason(): string {
    return this.reason;
  }

  capture(url: string): Promise<Buffer> {
    return Promise.reject(
      new ScreenshotError(url, `a web page, and screenshots are unavailable: ${this.reason}`),
    );
  }

  async close(): Promise<void> {}
}
