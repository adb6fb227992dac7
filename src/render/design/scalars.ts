/**
 * Numbers and booleans spelled as strings. Low-code tools (n8n, Make, Zapier, form posts) send
 * every field as text, and Placid reads "4.5" as 4.5 and "true" as true; Imprint does the same,
 * in one step before validation, for every property whose kind is a number or a boolean. A string
 * that spells nothing of that kind is left as it is, so the property's checker reports it with
 * what is allowed and what was received.
 */

/** The kind of a scalar property that may arrive as a string. */
export type ScalarKind = 'number' | 'boolean';

/** Property name → kind, for the properties a coercion step reads from strings. */
export type ScalarKinds = Readonly<Record<string, ScalarKind>>;

/** A plain decimal: optional sign, digits with an optional fraction (no exponent, hex or "px"). */
const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

const BOOLEANS: Readonly<Record<string, boolean>> = { true: true, false: false, 1: true, 0: false };

/** `value` read as `kind` when it is a string spelling one (spaces trimmed); otherwise unchanged. */
export function readScalar(value: unknown, kind: ScalarKind): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim();
  if (kind === 'number') return DECIMAL.test(text) ? Number(text) : value;
  const flag = BOOLEANS[text.toLowerCase()];
  return flag === undefined ? value : flag;
}

/**
 * A copy of `props` with every property named in `kinds` read by readScalar. A blank string or
 * null there is left out, "not given", as Laravel (Placid) reads it: tools with a box per
 * property (n8n, Activepieces, Make) send "" for the boxes left empty (a form body's "" arrives
 * as null), and the template's value then stays.
 */
export function coerceScalars(
  props: Record<string, unknown>,
  kinds: ScalarKinds,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...props };
  for (const [key, value] of Object.entries(props)) {
    const kind = Object.prototype.hasOwnProperty.call(kinds, key) ? kinds[key] : undefined;
    if (!kind) continue;
    if (value === null || (typeof value === 'string' && value.trim() === '')) delete out[key];
    else out[key] = readScalar(value, kind);
  }
  return out;
}
