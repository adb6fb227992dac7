/** The stores of generation, one port per concern, as the composition root hands them over. */
import type { CreditLedger } from './credit-ledger.ts';
import type { FileRetentionStore } from './file-retention-store.ts';
import type { IdempotencyKeyStore } from './idempotency-key-store.ts';
import type { RenderClaimStore } from './render-claim-store.ts';
import type { RenderRowStore } from './render-row-store.ts';

/** Rows, claims, the credit ledger, file retention and Idempotency-Keys. */
export interface GenerationStores {
  rows: RenderRowStore;
  claims: RenderClaimStore;
  ledger: CreditLedger;
  retention: FileRetentionStore;
  keys: IdempotencyKeyStore;
}
