/**
 * Client JSON kept and given back as sent (passthrough, custom_data): how its length limit counts
 * it, and the one value JSON cannot keep. JSON.parse reads a number beyond the double range
 * (1e309) as Infinity, which JSON.stringify would store as null: such a value is refused instead
 * of silently changed.
 */

/** Length in characters (code points), so an emoji counts as one. */
export function charLength(value: string): number {
  let n = 0;
  for (const _ of value) n++;
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
  return Object.values(value).some(hasUnrepresentableNumber);
}

/** The 422 message for such a value of `field`. */
export function unrepresentableNumberMessage(field: string): string {
  return `The ${field} field holds a number too large to represent (e.g. 1e309); send it as a string.`;
}
