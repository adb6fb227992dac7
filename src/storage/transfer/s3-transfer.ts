/**
 * Copies a finished file to the caller's S3-compatible bucket (the spec's transfer object) with the
 * AWS SDK v3. The endpoint is held to the same address policy as every other outbound request, and
 * every failure becomes a TransferError whose message names the bucket and path but never the
 * credentials.
 */
import http from 'node:http';
import https from 'node:https';
import { PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { blockedAddressReason, ipLiteral } from '../../net/address-policy.ts';
import { BlockedAddressError, guardedLookup } from '../../net/guarded-lookup.ts';
import type { Transfer } from './transfer.ts';

export { validateTransfer, type Transfer, type TransferProblem } from './transfer.ts';

/** A transfer failed; the message is safe to show (no key, secret or token in it). */
export class TransferError extends Error {
  /** Its job failure code (core/generation/job-failure.ts); its message is safe to show. */
  readonly failure = 'transfer' as const;

  constructor(message: string) {
    super(message);
    this.name = 'TransferError';
  }
}

/** Options of transferToS3 beyond the transfer object. */
export interface TransferOptions {
  /** Allow endpoints on loopback/private addresses (IMPRINT_ALLOW_PRIVATE_URLS=1); default false. */
  allowPrivate?: boolean;
  /** Time limit of the upload (default 60 s). */
  timeoutMs?: number;
}

const SDK_MESSAGES: Record<string, string> = {
  NoSuchBucket: 'the bucket does not exist',
  InvalidAccessKeyId: 'the access key is not valid',
  SignatureDoesNotMatch: 'the secret does not match the access key',
  AccessDenied: 'access denied by the storage service',
  InvalidBucketName: 'the bucket name is not valid',
  AccessControlListNotSupported:
    'the bucket does not accept ACLs; use visibility "private" and a bucket policy',
  ExpiredToken: 'the session token has expired',
  InvalidToken: 'the session token is not valid',
  PermanentRedirect: 'the bucket is in another region',
  AuthorizationHeaderMalformed: 'the region does not match the bucket',
};

/** Uploads the bytes to t.bucket at t.path, overwriting what is there. Throws TransferError. */
export async function transferToS3(
  t: Transfer,
  bytes: Buffer,
  contentType: string,
  opts: TransferOptions = {},
): Promise<void> {
  const where = `Transfer to bucket "${t.bucket}" at "${t.path}" failed`;
  const allowPrivate = opts.allowPrivate ?? false;
  if (t.endpoint && !allowPrivate) {
    const literal = ipLiteral(new URL(t.endpoint).hostname);
    const why = literal && blockedAddressReason(literal);
    if (why) throw new TransferError(`${where}: endpoint address ${literal} is ${why}`);
  }
  const timeoutMs = opts.timeoutMs ?? 60_000;
  const agentOpts = allowPrivate ? {} : { lookup: guardedLookup };
  const httpAgent = new http.Agent(agentOpts);
  const httpsAgent = new https.Agent(agentOpts);
  const client = new S3Client({
    region: t.region || 'us-east-1',
    credentials: {
      accessKeyId: t.key,
      secretAccessKey: t.secret,
      ...(t.token ? { sessionToken: t.token } : {}),
    },
    ...(t.endpoint ? { endpoint: t.endpoint, forcePathStyle: true } : {}),
    // Without this the current SDK adds streaming checksums some S3-compatible servers store
    // as part of the object, corrupting it.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 2,
    requestHandler: { httpAgent, httpsAgent, requestTimeout: timeoutMs, connectionTimeout: 10_000 },
  });
  try {
    await client.send(
      new PutObjectCommand({
        Bucket: t.bucket,
        Key: t.path.replace(/^\/+/, ''),
        Body: bytes,
        ContentType: contentType,
        ContentLength: bytes.length,
        ...(t.visibility === 'public' ? { ACL: 'public-read' as const } : {}),
      }),
      { abortSignal: AbortSignal.timeout(timeoutMs) },
    );
  } catch (err) {
    throw new TransferError(scrub(`${where}: ${describe(err, timeoutMs)}`, t));
  } finally {
    client.destroy();
    httpAgent.destroy();
    httpsAgent.destroy();
  }
}

function describe(err: unknown, timeoutMs: number): string {
  const chain: Array<Error & { code?: string }> = [];
  for (let e: unknown = err; e instanceof Error && chain.length < 5; e = e.cause) chain.push(e);
  const blocked = chain.find((e) => e instanceof BlockedAddressError);
  if (blocked) return `endpoint ${blocked.message}`;
  if (err instanceof S3ServiceException) {
    const known = SDK_MESSAGES[err.name];
    const status = err.$metadata?.httpStatusCode;
    return `${known ?? err.message ?? 'the storage service refused the upload'} (${err.name}${status ? `, HTTP ${status}` : ''})`;
  }
  const code = chain.map((e) => e.code).find((c) => typeof c === 'string') ?? '';
  const name = chain[0]?.name ?? '';
  if (name === 'AbortError' || name === 'TimeoutError' || code === 'ETIMEDOUT') {
    return `no answer within ${timeoutMs / 1000} s`;
  }
  if (code === 'ECONNREFUSED') return 'connection to the endpoint refused';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return 'the endpoint host could not be resolved';
  if (code) return `the upload failed (${code})`;
  // An answer the SDK could not read as S3's (an HTML error page, a proxy, not an S3 service).
  const answered = chain
    .map((e) => (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode)
    .find((s) => typeof s === 'number');
  if (answered) {
    return `the endpoint answered HTTP ${answered} with a body that is not an S3 reply (is it an S3-compatible endpoint?)`;
  }
  return 'the upload failed';
}

// Belt and braces: whatever a server echoes back, the credentials never leave in a message.
function scrub(message: string, t: Transfer): string {
  let out = message;
  for (const s of [t.secret, t.token, t.key]) {
    if (s && s.length >= 4) out = out.split(s).join('***');
  }
  return out;
}
