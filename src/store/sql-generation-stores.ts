/** The SQL adapters of generation's stores, over one database. */
import type { GenerationStores } from '../core/ports/generation-stores.ts';
import type { IdempotencyKeyStore } from '../core/ports/idempotency-key-store.ts';
import type { Database } from './database.ts';
import { findKeyIn, pruneKeysIn } from './idempotency-keys.ts';
import { SqlCreditLedger } from './sql-credit-ledger.ts';
import { SqlFileRetentionStore } from './sql-file-retention-store.ts';
import { SqlRenderClaimStore } from './sql-render-claim-store.ts';
import { SqlRenderRowStore } from './sql-render-row-store.ts';

/** Idempotency-Keys in the SQL database (insert records them, see SqlRenderRowStore). */
export class SqlIdempotencyKeyStore implements IdempotencyKeyStore {
  private readonly db: Database;
  constructor(db: Database) {
    this.db = db;
  }

  find(projectId: string, key: string, notBefore: string) {
    return findKeyIn(this.db, projectId, key, notBefore);
  }

  prune(before: string): Promise<number> {
    return pruneKeysIn(this.db, before);
  }
}

/** Rows, claims, the credit ledger, file retention and keys of one database. */
export function sqlGenerationStores(db: Database): GenerationStores {
  return {
    rows: new SqlRenderRowStore(db),
    claims: new SqlRenderClaimStore(db),
    ledger: new SqlCreditLedger(db),
    retention: new SqlFileRetentionStore(db),
    keys: new SqlIdempotencyKeyStore(db),
  };
}
