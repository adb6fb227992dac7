/**
 * Port: downloads one video job's source files (videos, audio tracks, SRT files) onto this
 * machine's disk, streaming, under the outbound address policy with byte and time limits
 * (net/media-download.ts). Imprint's own file and /media URLs are read from storage instead.
 */

/** Limits of one download. */
export interface MediaDownloadLimits {
  maxBytes: number;
  timeoutMs: number;
}

export interface MediaDownloader {
  /**
   * Writes the body of `url` to `path`. Rejects with an error whose message is safe to show
   * (it names the URL and why: refused address, too large, too slow, HTTP status…).
   */
  download(url: string, path: string, limits: MediaDownloadLimits): Promise<void>;
}
