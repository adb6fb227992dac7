/**
 * The `errors` an image or PDF row keeps: the first MAX_STORED_ERRORS messages and one line
 * counting the rest. A job whose hundred pictures all fail would otherwise store (and return on
 * every GET and in its webhook) a hundred near-identical lines; the first ones say what is wrong.
 */

/** Messages kept on a row before the "… and N more" line. */
export const MAX_STORED_ERRORS = 20;

/** `errors` as stored: at most MAX_STORED_ERRORS messages, plus a count of those left out. */
export function storedErrors(errors: string[], max = MAX_STORED_ERRORS): string[] {
  if (errors.length <= max) return errors;
  const more = errors.length - max;
  return [...errors.slice(0, max), `… and ${more} more error${more === 1 ? '' : 's'}`];
}
