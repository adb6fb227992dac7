/**
 * A PDF content stream as a list of operators with their operands and where each starts, enough
 * to insert operators before a given one (black overprint) without rewriting the rest: the
 * syntax of PDF 32000-1 7.2 (numbers, names, literal and hex strings, arrays, dictionaries,
 * comments). Inline images (BI … ID … EI) hold raw bytes that cannot be tokenised: a stream with
 * one is left alone (Skia never writes them).
 */

/**
 * One operator: its name, operand tokens, the offset of its first operand (or itself) and the
 * offset just after the operator.
 */
export interface ContentOp {
  op: string;
  operands: string[];
  start: number;
  end: number;
}

const WHITE = new Set([' ', '\n', '\r', '\t', '\f', '\0']);
const DELIMITERS = new Set(['(', ')', '<', '>', '[', ']', '{', '}', '/', '%']);
/** Tokens that are operands though they are not numbers, names or strings. */
const OPERAND_WORDS = new Set(['true', 'false', 'null']);

/** End of the literal string starting at `i` (its `(`): balanced parentheses, `\` escapes. */
function literalEnd(s: string, i: number): number {
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    const c = s[j];
    if (c === '\\') j++;
    else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return j + 1;
  }
  return s.length;
}

/** The end of a regular token (a number, an operator, or a name after its `/`). */
function wordEnd(s: string, i: number): number {
  let j = i;
  while (j < s.length && !WHITE.has(s[j]) && !DELIMITERS.has(s[j])) j++;
  return j;
}

/** The operators of `content`, or undefined when it holds an inline image. */
export function contentOps(content: string): ContentOp[] | undefined {
  const ops: ContentOp[] = [];
  let operands: string[] = [];
  let start = -1;
  let i = 0;
  const operand = (from: number, to: number) => {
    if (start < 0) start = from;
    operands.push(content.slice(from, to));
    i = to;
  };
  while (i < content.length) {
    const c = content[i];
    if (WHITE.has(c)) i++;
    else if (c === '%') {
      while (i < content.length && content[i] !== '\n' && content[i] !== '\r') i++;
    } else if (c === '(') operand(i, literalEnd(content, i));
    else if (c === '<' && content[i + 1] === '<') operand(i, i + 2);
    else if (c === '>' && content[i + 1] === '>') operand(i, i + 2);
    else if (c === '<') {
      const end = content.indexOf('>', i);
      operand(i, end < 0 ? content.length : end + 1);
    } else if (c === '/') operand(i, wordEnd(content, i + 1));
    else if (c === '[' || c === ']' || c === '{' || c === '}') operand(i, i + 1);
    else {
      const end = Math.max(wordEnd(content, i), i + 1);
      const word = content.slice(i, end);
      if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word) || OPERAND_WORDS.has(word)) operand(i, end);
      else {
        if (word === 'BI') return undefined;
        ops.push({ op: word, operands, start: start < 0 ? i : start, end });
        operands = [];
        start = -1;
        i = end;
      }
    }
  }
  return ops;
}
