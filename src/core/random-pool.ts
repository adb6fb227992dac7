/**
 * Random bytes for identifiers, served from a pool that is refilled 4 KB at a time. Each image
 * draws several ids (job, ledger entry, webhook delivery, file key); a `randomBytes` call per id
 * allocates a Buffer and enters the CSPRNG every time, which showed up in the main thread's
 * profile. The bytes come from the same CSPRNG and each byte is handed out once.
 */
import { randomFillSync } from 'node:crypto';

const POOL_BYTES = 4096;
const pool = Buffer.alloc(POOL_BYTES);
let offset = POOL_BYTES;

/** `n` fresh random bytes (a view into the pool: read them before the next call). */
export function pooledRandomBytes(n: number): Buffer {
  if (!Number.isInteger(n) || n < 1 || n > POOL_BYTES) {
    throw new RangeError(`pooledRandomBytes: 1 to ${POOL_BYTES} bytes, got ${n}`);
  }
  if (offset + n > POOL_BYTES) {
    randomFillSync(pool);
    offset = 0;
  }
  const bytes = pool.subarray(offset, offset + n);
  offset += n;
  return bytes;
}
