/**
 * The final cost of a row whose pages are known only once rendered: a merge (its files' pages)
 * and a PDF whose tables flowed onto new pages. Creation reserved the least such a row can cost;
 * the row then holds its full cost, and when the project's limit does not leave room for it the
 * render fails with the reason a 402 gives, and nothing is charged.
 */
import type { CreditLedger } from '../ports/credit-ledger.ts';
import { pixelSize, type Design } from '../../render/index.ts';
import { mergeCredits, pdfCredits } from './credits.ts';
import { RenderJobFailure } from './job-failure.ts';
import type { RenderRow } from './render-row.ts';

/** What pricing reads and writes. */
export type PricingLedger = Pick<CreditLedger, 'setCredits' | 'getCreditLimit' | 'usage'>;

/** Sets a merge's cost once its pages are counted (1 credit per started 100 pages). */
export async function priceMerge(
  ledger: PricingLedger,
  row: RenderRow,
  pages: number,
): Promise<void> {
  await setCost(
    ledger,
    row,
    mergeCredits(pages),
    `this merge of ${pages} pages`,
    '1 per started 100 pages',
  );
}

/**
 * Sets a PDF's cost once its pages are counted: a table that continues on new pages adds pages
 * (2 credits each, at the canvas factor of the request's largest page).
 */
export async function priceFlowedPdf(
  ledger: PricingLedger,
  row: RenderRow,
  designs: Design[],
  pages: number,
): Promise<void> {
  const extra = pages - designs.length;
  if (extra <= 0) return;
  const sizes = designs.map((d) => pixelSize(d));
  const largest = sizes.reduce((a, b) =>
    Math.max(b.width, b.height) > Math.max(a.width, a.height) ? b : a,
  );
  const credits = pdfCredits([...sizes, ...Array.from({ length: extra }, () => largest)]);
  await setCost(
    ledger,
    row,
    credits,
    `this PDF of ${pages} pages`,
    `2 per page; its tables added ${extra}`,
  );
}

/**
 * Raises (or sets) the cost of a queued row once it is known. Two rows raising their cost at once
 * each see the other's, so they can never overspend the limit together.
 */
export async function setCost(
  ledger: PricingLedger,
  row: RenderRow,
  credits: number,
  what: string,
  rule: string,
): Promise<void> {
  if (row.test_mode || credits === row.credits) return;
  // A row deleted meanwhile is not finished either; nothing to price.
  if (!(await ledger.setCredits(row.type, row.id, credits))) return;
  const limit = await ledger.getCreditLimit(row.project_id);
  if (limit === null) return;
  const { used, reserved } = await ledger.usage(row.project_id);
  if (used + reserved <= limit) return;
  const left = Math.max(0, limit - used - (reserved - credits));
  throw new RenderJobFailure('credits', [
    `credits: Not enough credits: ${what} costs ${credits} credit${credits === 1 ? '' : 's'} (${rule}), but only ${left} of the project's limit of ${limit} ${left === 1 ? 'is' : 'are'} left. Raise the limit with "imprint project credits <project-id> --limit <n>".`,
  ]);
}
