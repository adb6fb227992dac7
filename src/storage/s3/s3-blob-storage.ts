/**
 * BlobStorage in an S3-protocol bucket (AWS S3, MinIO, R2, Ceph…), so every process of an
 * installation reads what any other wrote. Credentials come from the AWS SDK's default chain
 * (environment, shared files, instance or task roles), never from Imprint's settings. PutObject
 * stores an object whole or not at all, so a reader never meets half a file. Downloads stream the
 * object's body; nothing here buffers a whole file except get(), meant for small files.
 */
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import { assertBlobKey } from '../blob-key.ts';
import {
  type BlobInfo,
  type BlobStorage,
  type ByteRange,
  type ListedBlob,
  type OpenedBlob,
  type StoredBlob,
} from '../../core/ports/blob-storage.ts';

// Connections to the bucket per process: uploads, listings and streamed downloads together.
const MAX_SOCKETS = 512;

/** Where the bucket is (IMPRINT_S3_*). */
export interface S3StorageOptions {
  bucket: string;
  /** AWS region; S3-compatible servers usually accept any (default us-east-1). */
  region: string | null;
  /** Endpoint of an S3-compatible server, e.g. http://minio:9000; null for AWS S3. */
  endpoint: string | null;
  /** Prepended to every key, e.g. `imprint/`, so one bucket can hold other things too. */
  prefix: string;
  /** Path-style URLs (`<endpoint>/<bucket>/<key>`), which most self-hosted servers need. */
  forcePathStyle: boolean;
  /** Keys per ListObjectsV2 page (the server's default, 1000, when absent). */
  listPageSize?: number;
  /** Explicit credentials (tests); the SDK's default chain when absent. */
  credentials?: { accessKeyId: string; secretAccessKey: string };
}

/** Objects in one bucket under one prefix. */
export class S3BlobStorage implements BlobStorage {
  private readonly client: S3Client;

  private readonly options: S3StorageOptions;
  constructor(options: S3StorageOptions) {
    this.options = options;
    this.client = new S3Client({
      region: options.region || 'us-east-1',
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle,
      ...(options.credentials ? { credentials: options.credentials } : {}),
      // Without this the current SDK adds streaming checksums some S3-compatible servers store
      // as part of the object, corrupting it.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      // A download holds its connection while the client reads, so the SDK's 50 sockets would
      // queue the 51st download behind slow readers. No idle timeout for the same reason.
      requestHandler: {
        httpAgent: new http.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
        httpsAgent: new https.Agent({ keepAlive: true, maxSockets: MAX_SOCKETS }),
        connectionTimeout: 10_000,
      },
    });
  }

  /** Stores the bytes with one PutObject. */
  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    assertBlobKey(key);
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.options.bucket,
        Key: this.objectKey(key),
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
      }),
    );
  }

  /** The whole object in memory, or null. */
  async get(key: string): Promise<StoredBlob | null> {
    const opened = await this.open(key);
    if (!opened) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of opened.body) chunks.push(chunk as Buffer);
    return { bytes: Buffer.concat(chunks), contentType: opened.contentType };
  }

  /** HeadObject, or null for a missing object. */
  async head(key: string): Promise<BlobInfo | null> {
    assertBlobKey(key);
    try {
      const res = await this.client.send(
        new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
      );
      return {
        size: res.ContentLength ?? 0,
        contentType: res.ContentType || 'application/octet-stream',
        etag: res.ETag ?? `"${key}"`,
        lastModified: res.LastModified ?? new Date(0),
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  /** GetObject (with a Range header when asked), its body as a stream, or null. */
  async open(key: string, range?: ByteRange): Promise<OpenedBlob | null> {
    assertBlobKey(key);
    try {
      const res = await this.client.send(
        new GetObjectCommand({
          Bucket: this.options.bucket,
          Key: this.objectKey(key),
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      // The total size is in Content-Range when a range was asked for.
      const total = /\/(\d+)$/.exec(res.ContentRange ?? '')?.[1];
      return {
        size: total ? Number(total) : (res.ContentLength ?? 0),
        contentType: res.ContentType || 'application/octet-stream',
        etag: res.ETag ?? `"${key}"`,
        lastModified: res.LastModified ?? new Date(0),
        body: res.Body instanceof Readable ? res.Body : Readable.from([]),
      };
    } catch (err) {
      if (isNotFound(err)) return null;
      throw err;
    }
  }

  /** DeleteObject; S3 answers success for a missing key too. */
  async delete(key: string): Promise<void> {
    assertBlobKey(key);
    await this.client.send(
      new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }),
    );
  }

  /**
   * ListObjectsV2 page by page and prefix by prefix, keys without the configured prefix. A prefix
   * inside another one given (`images/` and `images/a/`) is not listed on its own: the outer
   * listing holds its keys, and listing both would name them twice.
   */
  async *list(...prefixes: string[]): AsyncIterable<ListedBlob> {
    for (const prefix of outermost(prefixes)) yield* this.listOne(prefix);
  }

  private async *listOne(prefix: string): AsyncIterable<ListedBlob> {
    let token: string | undefined;
    do {
      const res = await this.client.send(
        new ListObjectsV2Command({
          Bucket: this.options.bucket,
          Prefix: this.objectKey(prefix),
          ContinuationToken: token,
          MaxKeys: this.options.listPageSize,
        }),
      );
      for (const o of res.Contents ?? []) {
        if (!o.Key) continue;
        yield {
          key: o.Key.slice(this.options.prefix.length),
          lastModified: o.LastModified ?? new Date(0),
        };
      }
      token = res.IsTruncated ? res.NextContinuationToken : undefined;
    } while (token);
  }

  /** A presigned GET valid for `seconds`, which makes browsers save the file as `filename`. */
  async presignedUrl(key: string, seconds: number, filename: string): Promise<string> {
    assertBlobKey(key);
    return getSignedUrl(
      this.client,
      new GetObjectCommand({
        Bucket: this.options.bucket,
        Key: this.objectKey(key),
        ResponseContentDisposition: `inline; filename="${filename}"`,
      }),
      { expiresIn: seconds },
    );
  }

  /** Closes the client's connections. */
  close(): void {
    this.client.destroy();
  }

  private objectKey(key: string): string {
    return `${this.options.prefix}${key}`;
  }
}

function isNotFound(err: unknown): boolean {
  if (!(err instanceof S3ServiceException)) return false;
  return (
    err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404
  );
}

/** The prefixes not inside another one of the list, each once. */
function outermost(prefixes: readonly string[]): string[] {
  const unique = [...new Set(prefixes)];
  return unique.filter((p) => !unique.some((q) => q !== p && p.startsWith(q)));
}
