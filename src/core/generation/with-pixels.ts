/** Renders hold pixels of the process's budget while they run in a thread. */
import type { PixelBudget } from './pixel-budget.ts';

/**
 * Runs `work` (a render in a thread) holding `pixels` of the budget: waits for them first,
 * rather than exceeding the budget, and gives them back however it ends.
 */
export async function withPixels<T>(
  budget: PixelBudget,
  pixels: number,
  work: () => Promise<T>,
): Promise<T> {
  const release = await budget.acquire(pixels);
  try {
    return await work();
  } finally {
    release();
  }
}
