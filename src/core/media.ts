/**
 * Uploaded media (POST /api/rest/media): files a client uploads to use by URL in a later request
 * (a picture layer's `image`), as Placid's temporary storage does. The bytes go to BlobStorage
 * under an unguessable key and are served at /files/<key>; a row per file records its project,
 * type, size and expiry, and a periodic sweep removes expired media (blob and row).
 */
import type { BlobStorage } from './ports/blob-storage.ts';
import { fileUrl, newFileKey } from '../storage/file-url.ts';
import { sniffPicture, sniffVideoSource } from '../net/sniff.ts';
import { AppError, validationError, type FieldErrors } from './errors.ts';
import { newId } from './ids.ts';
import type { MediaStore } from './ports/media-store.ts';

/** Files one upload may carry (Placid's limit). */
export const MEDIA_FILES_PER_UPLOAD = 5;

/** Content type of each accepted format, judged from the bytes, never from what the client says. */
const MEDIA_TYPES: Readonly<Record<string, { contentType: string; ext: string }>> = {
  jpeg: { contentType: 'image/jpeg', ext: 'jpg' },
  png: { contentType: 'image/png', ext: 'png' },
  webp: { contentType: 'image/webp', ext: 'webp' },
  gif: { contentType: 'image/gif', ext: 'gif' },
  svg: { contentType: 'image/svg+xml', ext: 'svg' },
  // Sources of videos (docs/videos.md): a picture layer's `video`, a clip's `audio`, an `srt`.
  mp4: { contentType: 'video/mp4', ext: 'mp4' },
  mov: { contentType: 'video/quicktime', ext: 'mov' },
  webm: { contentType: 'video/webm', ext: 'webm' },
  m4a: { contentType: 'audio/mp4', ext: 'm4a' },
  mp3: { contentType: 'audio/mpeg', ext: 'mp3' },
  aac: { contentType: 'audio/aac', ext: 'aac' },
  wav: { contentType: 'audio/wav', ext: 'wav' },
  srt: { contentType: 'application/x-subrip', ext: 'srt' },
};

/** The accepted formats, for messages and docs. */
export const MEDIA_FORMATS =
  'JPEG, PNG, WebP, GIF or SVG image, an MP4, MOV or WebM video, MP3, AAC, M4A or WAV audio, or SRT subtitles';

/** One stored media file. */
export interface MediaRecord {
  id: string;
  project_id: string;
  /** Storage key, `media/<random>/<filename>`. */
  file_key: string;
  content_type: string;
  size_bytes: number;
  created_at: string;
  expires_at: string;
}

/** One file part of an upload. */
export interface MediaUpload {
  /** The form field it came in: answered back as `file_key`. */
  field: string;
  filename: string;
  bytes: Buffer;
}

/** One entry of the answer: Placid's `{file_key, file_id}`, file_id being the URL to use. */
export interface MediaObject {
  file_key: string;
  file_id: string;
}

/** What MediaService needs. */
export interface MediaDeps {
  repo: MediaStore;
  storage: BlobStorage;
  publicUrl: string;
  /** Largest file in bytes (IMPRINT_MEDIA_MAX_BYTES). */
  maxBytes: number;
  /** Days a file is kept (IMPRINT_MEDIA_RETENTION_DAYS). */
  retentionDays: number;
  now?: () => Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How often the sweep runs where jobs are processed. */
const SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** The file's stem without its extension, kept to letters, digits, ".", "_" and "-". */
function safeStem(filename: string): string {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const stem = base
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .normalize('NFKD')
    .replace(/[^A-Za-z0-9_-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 100);
  return stem || 'file';
}

/** Media uploads and their expiry. */
export class MediaService {
  private timer: NodeJS.Timeout | undefined;
  private readonly now: () => Date;

  private readonly deps: MediaDeps;
  constructor(deps: MediaDeps) {
    this.deps = deps;
    this.now = deps.now ?? (() => new Date());
  }

  /**
   * Stores the files of one upload for a project and returns their URLs. Every file is checked
   * first (format by its bytes, size), so a bad one stores nothing and the 4xx names its field.
   */
  async upload(projectId: string, files: MediaUpload[]): Promise<MediaObject[]> {
    if (files.length === 0) {
      throw validationError({
        file: ['Send at least one file (any field name) as multipart/form-data.'],
      });
    }
    const tooLarge: FieldErrors = {};
    const bad: FieldErrors = {};
    const typed = files.map((f) => {
      if (f.bytes.length > this.deps.maxBytes) {
        tooLarge[f.field] = [
          `must not be larger than ${this.deps.maxBytes} bytes; received ${f.bytes.length} bytes`,
        ];
      }
      const format = sniffPicture(f.bytes) ?? sniffVideoSource(f.bytes);
      const type = format ? MEDIA_TYPES[format] : undefined;
      if (!type) bad[f.field] = [`must be a ${MEDIA_FORMATS}; the bytes are none of these`];
      return { ...f, type };
    });
    if (Object.keys(tooLarge).length > 0) {
      const [first] = Object.values(tooLarge);
      throw new AppError('payload_too_large', `${Object.keys(tooLarge)[0]} ${first[0]}`, {
        fields: tooLarge,
      });
    }
    if (Object.keys(bad).length > 0) throw validationError(bad);
    const created = this.now();
    const expires = new Date(created.getTime() + this.deps.retentionDays * DAY_MS);
    const out: MediaObject[] = [];
    for (const f of typed) {
      const type = f.type!;
      const key = newFileKey('media', `${safeStem(f.filename)}.${type.ext}`);
      await this.deps.storage.put(key, f.bytes, type.contentType);
      await this.deps.repo.insert({
        id: newId(),
        project_id: projectId,
        file_key: key,
        content_type: type.contentType,
        size_bytes: f.bytes.length,
        created_at: created.toISOString(),
        expires_at: expires.toISOString(),
      });
      out.push({ file_key: f.field, file_id: fileUrl(this.deps.publicUrl, key) });
    }
    return out;
  }

  /** Removes every expired media file (blob first, then row); returns how many. */
  async sweepExpired(): Promise<number> {
    let removed = 0;
    for (;;) {
      const rows = await this.deps.repo.listExpired(this.now().toISOString(), 100);
      if (rows.length === 0) return removed;
      for (const row of rows) await this.deps.storage.delete(row.file_key);
      await this.deps.repo.delete(rows.map((r) => r.id));
      removed += rows.length;
    }
  }

  /** Runs the sweep now and then every hour, until stop(); failures wait for the next round. */
  start(onError: (err: unknown) => void = () => undefined): void {
    if (this.timer) return;
    const run = () => void this.sweepExpired().catch(onError);
    run();
    this.timer = setInterval(run, SWEEP_INTERVAL_MS);
    this.timer.unref();
  }

  /** Stops the periodic sweep. */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
