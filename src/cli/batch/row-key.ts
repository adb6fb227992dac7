/**
 * The Idempotency-Key of one batch row: the same batch (output folder, template and its design
 * revision, format) and the same row data give the same key, so a rerun of an interrupted batch
 * gets the image or PDF the first run created for a row instead of rendering and charging it
 * again (the server keeps keys 24 hours). A changed row, a saved design or another folder is
 * another key, and renders anew.
 */
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Layers } from './batch-rows.ts';

/** What identifies a batch. */
export interface BatchIdentity {
  outDir: string;
  template: string;
  /** The design's ETag when the batch started ('' when it could not be read). */
  revision: string;
  format: string;
}

/** The key of row `row` (numbered from 1) with `layers`. */
export function rowKey(batch: BatchIdentity, row: number, layers: Layers): string {
  const identity = JSON.stringify([
    path.resolve(batch.outDir),
    batch.template,
    batch.revision,
    batch.format,
    row,
    layers,
  ]);
  return `imprint-batch-${createHash('sha256').update(identity).digest('hex')}`;
}
