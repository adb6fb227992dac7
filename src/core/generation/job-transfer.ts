/**
 * The transfer credentials of a job: from this process's memory (no IMPRINT_SECRET_KEY), or
 * opened from the sealed copy stored with the row. Missing or unreadable credentials fail the job
 * with a message that says so.
 */
import type { Transfer } from '../../storage/transfer/transfer.ts';
import type { RenderRowStore } from '../ports/render-row-store.ts';
import { RenderJobFailure } from './job-failure.ts';
import type { RenderRow } from './render-row.ts';
import { TransferUnsealError, type TransferSealer } from './transfer-sealer.ts';
import { TRANSFER_LOST_MESSAGE, type TransferVault } from './transfer-vault.ts';

/** The message of a job whose sealed credentials this process cannot open. */
const TRANSFER_UNREADABLE_MESSAGE =
  'transfer: the transfer credentials could not be read by the process that ran the job (its IMPRINT_SECRET_KEY is missing or differs from the one of the process that accepted the request). Create the file again with its transfer.';

/** Where transfer credentials of jobs are kept. */
export interface TransferSources {
  vault: TransferVault;
  /** Opens credentials sealed with IMPRINT_SECRET_KEY; null without the key. */
  sealer: TransferSealer | null;
  rows: Pick<RenderRowStore, 'sealedTransfer'>;
  log?: { error(obj: object, msg: string): void };
}

/** The transfer credentials of a row that has a transfer. */
export async function transferOf(src: TransferSources, row: RenderRow): Promise<Transfer> {
  const held = src.vault.get(row.type, row.id);
  if (held) return held;
  const sealed = await src.rows.sealedTransfer(row.type, row.id);
  if (!sealed) throw new RenderJobFailure('transfer', [TRANSFER_LOST_MESSAGE]);
  if (!src.sealer) {
    src.log?.error({}, 'a transfer job arrived at a process without IMPRINT_SECRET_KEY');
    throw new RenderJobFailure('transfer', [TRANSFER_UNREADABLE_MESSAGE]);
  }
  try {
    return src.sealer.open(sealed);
  } catch (err) {
    if (!(err instanceof TransferUnsealError)) throw err;
    src.log?.error({}, 'transfer credentials sealed with another IMPRINT_SECRET_KEY');
    throw new RenderJobFailure('transfer', [TRANSFER_UNREADABLE_MESSAGE]);
  }
}
