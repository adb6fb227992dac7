/**
 * The bytes of a PDF string token as a content stream writes it (PDF 32000-1 7.3.4): a hex
 * string `<0041>` or a literal `(A\101\n)` with its escapes; undefined for anything else.
 */

const ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, b: 8, f: 12 };

function literalBytes(body: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (c !== '\\') {
      out.push(c.charCodeAt(0) & 255);
      continue;
    }
    const next = body[++i];
    if (next === undefined) break;
    if (next in ESCAPES) out.push(ESCAPES[next]);
    else if (/[0-7]/.test(next)) {
      let octal = next;
      while (octal.length < 3 && /[0-7]/.test(body[i + 1] ?? '')) octal += body[++i];
      out.push(parseInt(octal, 8) & 255);
    } else if (next === '\r') {
      if (body[i + 1] === '\n') i++; // a line continuation
    } else if (next !== '\n') out.push(next.charCodeAt(0) & 255);
  }
  return out;
}

/** The bytes of `token`; undefined when it is no string. */
export function stringBytes(token: string): number[] | undefined {
  if (token.startsWith('(') && token.endsWith(')')) return literalBytes(token.slice(1, -1));
  const hex = /^<([0-9A-Fa-f\s]*)>$/.exec(token)?.[1].replace(/\s/g, '');
  if (hex === undefined) return undefined;
  const padded = hex.length % 2 ? `${hex}0` : hex;
  const out: number[] = [];
  for (let i = 0; i < padded.length; i += 2) out.push(parseInt(padded.slice(i, i + 2), 16));
  return out;
}

/** Bytes as lower-case hex. */
export const hexOf = (bytes: readonly number[]): string =>
  bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
