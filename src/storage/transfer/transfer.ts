/**
 * The transfer object of the spec (2.6): copy a finished file to the caller's S3-compatible
 * bucket. Its credentials live in memory for the job only; nothing here writes them anywhere.
 */

/** A validated transfer request. */
export interface Transfer {
  to: 's3';
  key: string;
  secret: string;
  /** Optional session token (STS). */
  token?: string | null;
  /** Default us-east-1. */
  region?: string | null;
  bucket: string;
  /** public → ACL public-read; private (default) → no ACL, i.e. the bucket's private default. */
  visibility?: 'public' | 'private' | null;
  /** Full object key from the bucket root, with filename and extension. */
  path: string;
  /** Custom S3-compatible endpoint (http or https URL); default AWS. */
  endpoint?: string | null;
}

/** One bad field of a transfer object: its JSON path and a message naming it. */
export interface TransferProblem {
  path: string;
  message: string;
}

const REQUIRED_STRINGS = ['key', 'secret', 'bucket', 'path'] as const;
const OPTIONAL_STRINGS = ['token', 'region', 'endpoint', 'visibility'] as const;

/** Every problem of a transfer object (empty list = valid); `path` prefixes the field names. */
export function validateTransfer(t: unknown, path = 'transfer'): TransferProblem[] {
  const problems: TransferProblem[] = [];
  const add = (field: string, message: string) => problems.push({ path: field, message });
  if (typeof t !== 'object' || t === null || Array.isArray(t)) {
    add(path, `The ${path} field must be an object.`);
    return problems;
  }
  const o = t as Record<string, unknown>;
  if (o.to === undefined || o.to === null || o.to === '')
    add(`${path}.to`, `The ${path}.to field is required.`);
  else if (o.to !== 's3') add(`${path}.to`, `The ${path}.to field must be s3.`);
  for (const f of REQUIRED_STRINGS) {
    const v = o[f];
    if (v === undefined || v === null || v === '')
      add(`${path}.${f}`, `The ${path}.${f} field is required.`);
    else if (typeof v !== 'string') add(`${path}.${f}`, `The ${path}.${f} field must be a string.`);
  }
  for (const f of OPTIONAL_STRINGS) {
    const v = o[f];
    if (v !== undefined && v !== null && typeof v !== 'string') {
      add(`${path}.${f}`, `The ${path}.${f} field must be a string.`);
    }
  }
  if (typeof o.path === 'string' && o.path !== '') {
    const key = o.path.replace(/^\/+/, '');
    if (!key) add(`${path}.path`, `The ${path}.path field must name a file, not the bucket root.`);
    else if (Buffer.byteLength(key) > 1024) {
      add(`${path}.path`, `The ${path}.path field must not be longer than 1024 bytes.`);
    }
  }
  if (
    typeof o.bucket === 'string' &&
    o.bucket !== '' &&
    !/^[A-Za-z0-9._-]{1,255}$/.test(o.bucket)
  ) {
    add(
      `${path}.bucket`,
      `The ${path}.bucket field must be a bucket name (letters, digits, ".", "_", "-").`,
    );
  }
  if (typeof o.visibility === 'string' && !['public', 'private'].includes(o.visibility)) {
    add(`${path}.visibility`, `The ${path}.visibility field must be one of: public, private.`);
  }
  if (typeof o.endpoint === 'string' && o.endpoint !== '') {
    let ok: boolean;
    try {
      ok = ['http:', 'https:'].includes(new URL(o.endpoint).protocol);
    } catch {
      ok = false;
    }
    if (!ok) add(`${path}.endpoint`, `The ${path}.endpoint field must be an http or https URL.`);
  }
  return problems;
}
