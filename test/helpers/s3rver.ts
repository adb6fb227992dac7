/**
 * A real S3-protocol server (s3rver, in a process of its own: see s3rver-main.mjs) on a free
 * loopback port with a temporary folder, and the settings that point Imprint's S3 storage at it. Credentials go through the AWS SDK's standard
 * chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY), as in production.
 */
import { GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { spawnChild, stopChild, type TestOwner } from './child-processes.ts';

const MAIN = new URL('./s3rver-main.mjs', import.meta.url).pathname;

/** s3rver's fixed credentials. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/** A running s3rver with one bucket. */
export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The folder s3rver keeps its objects in. */
  dir: string;
  /** Imprint's storage settings plus the SDK's credential variables for this server. */
  env(prefix?: string): Record<string, string>;
  close(): Promise<void>;
}

/** Starts s3rver with an empty bucket; stopped when test `t` (else the test file) ends. */
export async function startS3(bucket = 'imprint-files', t?: TestOwner): Promise<TestS3> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'imprint-s3rver-'));
  const child = spawnChild(process.execPath, ['--openssl-legacy-provider', MAIN, dir, bucket], {
    stdio: ['ignore', 'pipe', 'pipe'],
    t,
  });
  let errors = '';
  child.stderr!.on('data', (d: Buffer) => (errors += d.toString()));
  const exited = new Promise((r) => child.once('exit', r));
  const lines = readline.createInterface({ input: child.stdout! });
  const first = await Promise.race([
    new Promise<string>((r) => lines.once('line', r)),
    exited.then(() => {
      throw new Error(`s3rver exited before it listened: ${errors}`);
    }),
  ]);
  lines.close();
  const { port } = JSON.parse(first) as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    dir,
    env: (prefix = '') => ({
      IMPRINT_STORAGE: 's3',
      IMPRINT_S3_BUCKET: bucket,
      IMPRINT_S3_ENDPOINT: endpoint,
      IMPRINT_S3_REGION: 'us-east-1',
      IMPRINT_S3_PREFIX: prefix,
      AWS_ACCESS_KEY_ID: S3RVER_CREDENTIALS.accessKeyId,
      AWS_SECRET_ACCESS_KEY: S3RVER_CREDENTIALS.secretAccessKey,
    }),
    close: async () => {
      await stopChild(child);
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The bytes of one object of an s3rver at `endpoint`, read with the AWS SDK as a user would. */
export async function readS3rverObject(endpoint: string, bucket: string, key: string) {
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: S3RVER_CREDENTIALS,
    // s3rver does not know the SDK's newer default checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  try {
    const obj = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
    return Buffer.from(await obj.Body!.transformToByteArray());
  } finally {
    client.destroy();
  }
}
