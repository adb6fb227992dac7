/**
 * Encrypts transfer credentials so they can travel with their job (database row or queue) to
 * whichever process runs it, without ever being stored in clear (SecretSealer, purpose
 * "transfer-credentials").
 */
import type { Transfer } from '../../storage/transfer/transfer.ts';
import { SecretSealer, UnsealError } from '../secret-sealer.ts';

// Binds ciphertexts to their purpose: a sealed transfer is not valid as anything else.
const CONTEXT = 'imprint transfer credentials v1';

/** A sealed transfer that does not open with this key (another key, or altered). */
export class TransferUnsealError extends UnsealError {
  constructor() {
    super('the sealed transfer credentials do not decrypt with this IMPRINT_SECRET_KEY');
    this.name = 'TransferUnsealError';
  }
}

/** Seals and opens transfer objects with one key shared by every process. */
export class TransferSealer {
  private readonly sealer: SecretSealer;

  constructor(secret: string) {
    this.sealer = new SecretSealer(secret, 'transfer-credentials');
  }

  /** `v1.<iv>.<tag>.<ciphertext>`, base64url parts. */
  seal(t: Transfer): string {
    return this.sealer.seal(JSON.stringify(t), CONTEXT);
  }

  /** The transfer inside a sealed message; throws TransferUnsealError if it does not open. */
  open(sealed: string): Transfer {
    let text: string;
    try {
      text = this.sealer.open(sealed, CONTEXT);
    } catch {
      throw new TransferUnsealError();
    }
    return JSON.parse(text) as Transfer;
  }
}
