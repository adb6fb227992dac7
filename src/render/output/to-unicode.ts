/**
 * Reads a ToUnicode CMap (PDF 32000-1 9.10.3): the text each character code of a font stands
 * for, from its `bfchar` and `bfrange` sections. Codes are the hex digits as written (`0041`).
 */

/** UTF-16BE hex (`00660069`) as a string. */
function utf16(hex: string): string {
  let s = '';
  for (let i = 0; i + 4 <= hex.length; i += 4)
    s += String.fromCharCode(parseInt(hex.slice(i, i + 4), 16));
  return s;
}

const HEX = /<([0-9A-Fa-f]*)>/g;

/** The hex strings and `[`/`]` of a section's body, in order. */
function tokens(body: string): string[] {
  return [...body.matchAll(/<[0-9A-Fa-f]*>|\[|\]/g)].map((m) => m[0]);
}

/** Code → text of a ToUnicode CMap; codes are lower-case hex of the code's bytes. */
export function parseToUnicode(cmap: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of cmap.matchAll(/beginbfchar([^]*?)endbfchar/g)) {
    const hex = [...m[1].matchAll(HEX)].map((h) => h[1]);
    for (let i = 0; i + 1 < hex.length; i += 2) out.set(hex[i].toLowerCase(), utf16(hex[i + 1]));
  }
  for (const m of cmap.matchAll(/beginbfrange([^]*?)endbfrange/g)) {
    const t = tokens(m[1]);
    let i = 0;
    while (i + 2 < t.length) {
      const lo = t[i].slice(1, -1);
      const from = parseInt(lo, 16);
      const to = parseInt(t[i + 1].slice(1, -1), 16);
      const code = (n: number) => n.toString(16).padStart(lo.length, '0');
      if (t[i + 2] === '[') {
        let j = i + 3;
        for (let n = from; j < t.length && t[j] !== ']'; n++, j++) {
          out.set(code(n), utf16(t[j].slice(1, -1)));
        }
        i = j + 1;
      } else {
        // The destination's last UTF-16 unit counts up with the code.
        const dst = utf16(t[i + 2].slice(1, -1));
        const head = dst.slice(0, -1);
        const last = dst.charCodeAt(dst.length - 1);
        for (let n = from; n <= to && n - from < 65536; n++) {
          out.set(code(n), head + String.fromCharCode(last + n - from));
        }
        i += 3;
      }
    }
  }
  return out;
}
