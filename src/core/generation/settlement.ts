/**
 * Settlement: what follows a render, in this order: the file is stored, copied to the caller's
 * bucket (transfer), the row is finished (which charges its credits in the same statement), and
 * its webhook is enqueued. A failure anywhere ends the row in error instead (its reserved credits
 * released) and enqueues the error webhook. Every step is idempotent for a re-delivered job: only
 * a queued row changes, a charge is recorded once per resource, and a webhook once per event.
 */
import type { RenderedFile } from '../../render/index.ts';
import { newKeyFor, type FileNaming } from '../../storage/blob-sink.ts';
import type { StoredFile } from '../ports/renderer.ts';
import type { CreditLedger } from '../ports/credit-ledger.ts';
import type { GenerationDeps } from './generation-deps.ts';
import { classifyFailure, RenderJobFailure, type JobFailureCode } from './job-failure.ts';
import type { RenderRow } from './render-row.ts';
import { toResourceObject } from './resource-object.ts';
import type { Transfer } from '../../storage/transfer/transfer.ts';
import { appendWarnings } from './warning-list.ts';

/** What settlement needs: where files go, the ledger, webhooks and the URLs of objects. */
export type SettlementDeps = Pick<
  GenerationDeps,
  'storage' | 'transfer' | 'webhooks' | 'metrics' | 'log' | 'publicUrl' | 'filesBaseUrl'
> & { ledger: Pick<CreditLedger, 'markFinished' | 'markError' | 'charge'> };

/** How settling a render ended: the row as it is now, or undefined when it was deleted. */
export interface Settled {
  row: RenderRow | undefined;
  /** The failure's code, when the row ended in error here. */
  failure?: JobFailureCode;
}

/** How a row's file is named: its kind's folder, the requested filename, else the row id. */
export function fileNaming(row: RenderRow): FileNaming {
  return {
    prefix: `${row.type}s`,
    filename: row.request.modifications.filename,
    fallback: String(row.id),
  };
}

/**
 * Stores the file (unless the render thread stored it already), runs the transfer and finishes
 * the row. Returns the finished row, or undefined when the row was deleted (or finished
 * elsewhere) meanwhile; its copy is then deleted.
 */
export async function finishRow(
  deps: SettlementDeps,
  row: RenderRow,
  file: RenderedFile | StoredFile,
  transfer?: Transfer,
): Promise<RenderRow | undefined> {
  const key = 'key' in file ? file.key : newKeyFor(fileNaming(row), file.ext);
  if ('bytes' in file) {
    try {
      await deps.storage.put(key, file.bytes, file.mime);
    } catch (err) {
      deps.log?.error({ err }, 'storing a rendered file failed');
      throw new RenderJobFailure('storage', ['storage: the rendered file could not be stored']);
    }
  }
  try {
    // A transfer needs the bytes here, so its render never stores the file in its thread.
    if (transfer && 'bytes' in file) await deps.transfer(transfer, file.bytes, file.mime);
    // The request's warnings were listed at creation; the render adds only what drawing found.
    const warnings = appendWarnings(row.warnings, file.warnings ?? []);
    const done = await deps.ledger.markFinished(row.type, row.id, key, warnings);
    // Deleted (or finished elsewhere) while rendering: this copy of the file is not wanted.
    if (!done) await deps.storage.delete(key);
    // markFinished charged the credits in the same statement.
    else if (!done.test_mode) deps.metrics?.creditsCharged(done.credits);
    return done;
  } catch (err) {
    await deps.storage.delete(key).catch(() => undefined);
    throw err;
  }
}

/** Ends a row in error with the failure's messages; undefined when it was deleted meanwhile. */
export async function failRow(
  deps: SettlementDeps,
  row: RenderRow,
  err: unknown,
): Promise<Settled> {
  const { code, messages } = classifyFailure(err, deps.log);
  return { row: await deps.ledger.markError(row.type, row.id, messages), failure: code };
}

/**
 * Charges a finished row and enqueues its webhook; both are no-ops the second time. `charged`:
 * the caller has just finished the row, which charged it in the same statement.
 */
export async function settleRow(
  deps: SettlementDeps,
  row: RenderRow,
  charged = false,
): Promise<void> {
  const payload = toResourceObject(row, deps.publicUrl, deps.filesBaseUrl);
  const base = { projectId: row.project_id, resourceType: row.type, resourceId: row.id, payload };
  if (row.status === 'finished') {
    if (!charged && !row.test_mode && row.credits > 0) {
      await deps.ledger.charge({
        projectId: row.project_id,
        type: row.type,
        id: row.id,
        credits: row.credits,
      });
    }
    if (row.webhook_success)
      await deps.webhooks.enqueue({ ...base, event: 'success', url: row.webhook_success });
  } else if (row.status === 'error' && row.webhook_error) {
    await deps.webhooks.enqueue({ ...base, event: 'error', url: row.webhook_error });
  }
}
