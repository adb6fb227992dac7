/** Port: Idempotency-Keys and the objects they created (recorded by RenderRowStore.insert). */
import type { KeyedResource } from '../generation/render-row.ts';

/** Looks up and forgets Idempotency-Keys. */
export interface IdempotencyKeyStore {
  /** The object a project's key created at or after `notBefore` (ISO), if any. */
  find(projectId: string, key: string, notBefore: string): Promise<KeyedResource | undefined>;
  /** Deletes keys created before `before` (ISO); returns how many. */
  prune(before: string): Promise<number>;
}
