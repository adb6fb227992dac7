/**
 * Transfer credentials of pending jobs, in this process's memory only: used when no
 * IMPRINT_SECRET_KEY is set (a single process), so they are never written to the database, the
 * queue, logs or webhooks; a restart loses them, and the job then ends in error saying so.
 */
import type { Transfer } from '../../storage/transfer/transfer.ts';
import type { ResourceType } from './render-row.ts';

/** The message of a job whose transfer credentials did not survive a restart. */
export const TRANSFER_LOST_MESSAGE =
  'transfer: the transfer credentials were not kept (the service restarted before the transfer had finished, and without IMPRINT_SECRET_KEY credentials are only held in memory). Create the file again with its transfer.';

/** In-memory map from a resource to its transfer object. */
export class TransferVault {
  private readonly map = new Map<string, Transfer>();

  private static key(type: ResourceType, id: number): string {
    return `${type}:${id}`;
  }

  /** Keeps a transfer for a resource until the job takes it. */
  put(type: ResourceType, id: number, t: Transfer): void {
    this.map.set(TransferVault.key(type, id), t);
  }

  /** The transfer of a resource, if this process holds it. */
  get(type: ResourceType, id: number): Transfer | undefined {
    return this.map.get(TransferVault.key(type, id));
  }

  /** Forgets a resource's transfer (the job ended or the resource was deleted). */
  drop(type: ResourceType, id: number): void {
    this.map.delete(TransferVault.key(type, id));
  }

  /** Transfers held (for tests). */
  get size(): number {
    return this.map.size;
  }
}
