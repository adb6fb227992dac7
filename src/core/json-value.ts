/**
 * Client JSON kept and given back as sent (passthrough, custom_data): how its length limit counts
 * it, and the one value JSON cannot keep. JSON.parse reads a number beyond the double range
 * (1e309) as Infinity, which JSON.stringify would store as null: such a value is refused instead
 * of silently changed.
 */

/**
 * Length in characters (code points), so an emoji counts as one: the UTF-16 length less one per
 * surrogate pair. A charCode loop, not `for…of`, which makes a string per character and so holds
 * the main thread for long on a large body (figure: docs/benchmarks.md).
 */
export function charLength(value: string): number {
  let n = value.length;
  for (let i = 0; i < value.length - 1; i++) {
    const c = value.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        n--;
        i++;
      }
    }
  }
  return n;
}

/** The length a limit counts: a string its own characters, anything else its serialised JSON. */
export function keptLength(value: unknown): number {
  return charLength(typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
}

/** True when a number somewhere in the value is not finite (it came as e.g. 1e309). */
export function hasUnrepresentableNumber(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (value === null || typeof value !== 'object') return false;
  // Plain loops: Object.values copies an array of millions of items before looking at one.
  if (Array.isArray(value)) {
    for (const item of value) if (hasUnrepresentableNumber(item)) return true;
    return false;
  }
  for (const key in value) {
    if (hasUnrepresentableNumber((value as Record<string, unknown>)[key])) return true;
  }
  return false;
}

/** The 422 message for such a value of `field`. */
export function unrepresentableNumberMessage(field: string): string {
  return `The ${field} field holds a number too large to represent (e.g. 1e309); send it as a string.`;
}
