/**
 * Encrypts transfer credentials so they can travel with their job (database row or queue) to
 * whichever process runs it, without ever being stored in clear. AES-256-GCM with a key derived
 * from IMPRINT_SECRET_KEY (HKDF-SHA256), a random 96-bit IV per message; the tag makes a
 * tampered or foreign-key message fail instead of decrypting to garbage.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { Transfer } from '../../storage/transfer/transfer.ts';

const VERSION = 'v1';
// Binds ciphertexts to their purpose: a sealed transfer is not valid as anything else.
const AAD = Buffer.from('imprint transfer credentials v1');

/** A sealed message that does not open with this key (another key, or altered). */
export class TransferUnsealError extends Error {
  constructor() {
    super('the sealed transfer credentials do not decrypt with this IMPRINT_SECRET_KEY');
    this.name = 'TransferUnsealError';
  }
}

/** Seals and opens transfer objects with one key shared by every process. */
export class TransferSealer {
  private readonly key: Buffer;

  constructor(secret: string) {
    this.key = Buffer.from(
      hkdfSync('sha256', secret, 'imprint', 'transfer-credentials', 32) as ArrayBuffer,
    );
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
  seal(t: Transfer): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(AAD);
    const body = Buffer.concat([cipher.update(JSON.stringify(t), 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
    return [VERSION, ...parts].join('.');
  }

  /** The transfer inside a sealed message; throws TransferUnsealError if it does not open. */
  open(sealed: string): Transfer {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new TransferUnsealError();
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(AAD);
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      const text = Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
      return JSON.parse(text) as Transfer;
    } catch {
      throw new TransferUnsealError();
    }
  }
}
