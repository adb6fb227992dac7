/**
 * The MediaDownloader adapter: video sources go straight to a file through safeFetch (address
 * policy on every hop, byte and time limits), never whole into memory. A URL of Imprint's own
 * files (an earlier output, a /media upload) is copied from BlobStorage, as pictures are.
 */
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import type { BlobStorage } from '../core/ports/blob-storage.ts';
import type { MediaDownloader, MediaDownloadLimits } from '../core/ports/media-downloader.ts';
import { ownFileKey } from '../storage/own-file-key.ts';
import { FetchError, formatBytes } from './fetch-error.ts';
import { safeFetch } from './safe-fetch.ts';

/** Settings of the downloader. */
export interface MediaDownloaderOptions {
  /** IMPRINT_ALLOW_PRIVATE_URLS. */
  allowPrivate: boolean;
  /** Where Imprint's own file URLs are read from. */
  ownFiles?: { publicUrl: string; storage: BlobStorage };
}

/** Downloads video job sources to files. */
export class FileMediaDownloader implements MediaDownloader {
  private readonly opts: MediaDownloaderOptions;
  constructor(opts: MediaDownloaderOptions) {
    this.opts = opts;
  }

  async download(url: string, path: string, limits: MediaDownloadLimits): Promise<void> {
    try {
      await this.fetchTo(url, path, limits);
    } catch (err) {
      // A part of a file is no source: nothing of a failed download stays on disk.
      await fs.promises.rm(path, { force: true });
      throw err;
    }
  }

  private async fetchTo(url: string, path: string, limits: MediaDownloadLimits): Promise<void> {
    const own = this.opts.ownFiles;
    const key = own ? ownFileKey(url, own.publicUrl) : null;
    if (own && key) return copyOwn(url, key, own.storage, path, limits.maxBytes);
    const res = await safeFetch(url, {
      maxBytes: limits.maxBytes,
      timeoutMs: limits.timeoutMs,
      allowPrivate: this.opts.allowPrivate,
      headers: { accept: 'video/*, audio/*, application/x-subrip, */*;q=0.5' },
      toFile: path,
    });
    if (res.status < 200 || res.status > 299) {
      throw new FetchError(url, 'http_status', `the server answered ${res.status}`, res.status);
    }
  }
}

/** Copies a stored file to `path`, bounded by `maxBytes`. */
async function copyOwn(
  url: string,
  key: string,
  storage: BlobStorage,
  path: string,
  maxBytes: number,
): Promise<void> {
  const blob = await storage.open(key);
  if (!blob)
    throw new FetchError(url, 'http_status', 'no such file here (deleted or expired)', 404);
  let total = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _enc, done) {
      total += chunk.length;
      if (total > maxBytes) {
        done(new FetchError(url, 'too_large', `the file is larger than ${formatBytes(maxBytes)}`));
      } else done(null, chunk);
    },
  });
  await pipeline(blob.body, limit, fs.createWriteStream(path));
}
