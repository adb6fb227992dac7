/** Bounded concurrency for the steps of a video job (probes, downloads, stills). */

/**
 * Runs `fn` on every item, at most `limit` at once, and resolves with the results in the items'
 * order. After a failure no new item starts; once those started have settled, it rejects with
 * the failure of the earliest item that failed (clip 0's error before clip 2's, as a loop would
 * report them when both fail).
 */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results = new Array<R>(items.length);
  const failures = new Map<number, unknown>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && failures.size === 0) {
      const i = next++;
      try {
        results[i] = await fn(items[i], i);
      } catch (err) {
        failures.set(i, err);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failures.size > 0) throw failures.get(Math.min(...failures.keys()));
  return results;
}
