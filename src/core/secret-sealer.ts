/**
 * Seals secrets with IMPRINT_SECRET_KEY so they can be stored or sent (database rows, queue
 * payloads) without ever being written in clear: AES-256-GCM with a key derived from
 * IMPRINT_SECRET_KEY for one purpose (HKDF-SHA256, so each purpose has its own key), a random
 * 96-bit IV per message, and associated data that binds a message to what it is (a sealed
 * secret copied to another purpose or row does not open). The tag makes a tampered or
 * foreign-key message fail instead of decrypting to garbage.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/** A sealed message that does not open with this key (another key, or altered). */
export class UnsealError extends Error {
  constructor(message = 'the sealed message does not decrypt with this IMPRINT_SECRET_KEY') {
    super(message);
    this.name = 'UnsealError';
  }
}

/** Seals and opens text for one purpose with the key every process of an installation shares. */
export class SecretSealer {
  private readonly key: Buffer;

  /** `purpose`: what the messages are (the HKDF info), e.g. "transfer-credentials". */
  constructor(secretKey: string, purpose: string) {
    this.key = Buffer.from(hkdfSync('sha256', secretKey, 'imprint', purpose, 32) as ArrayBuffer);
  }

  /** `v1.<iv>.<tag>.<ciphertext>` (base64url parts); `context` must be given again to open it. */
  seal(text: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context, 'utf8'));
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
    return [VERSION, ...parts].join('.');
  }

  /** The text inside a sealed message; throws UnsealError if it does not open. */
  open(sealed: string, context: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || body === undefined) throw new UnsealError();
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context, 'utf8'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    } catch {
      throw new UnsealError();
    }
  }
}
