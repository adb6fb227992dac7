/**
 * A look at a JSON text before JSON.parse sees it: how deep its arrays and objects nest and how
 * many object members it has, in one pass that jumps over strings. Within an accepted body size,
 * V8's JSON.parse holds the event loop for seconds on `[[[[…`, and far longer than on an ordinary
 * body on many object members or array items; this pass stops at the first bracket or member past
 * its bound and costs a small fraction of a parse (figures: docs/limits.md, "Parsing request
 * bodies", and docs/benchmarks.md, "Figures behind design choices").
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

/** Bounds of the pre-scan. */
export interface JsonBounds {
  /** Deepest nesting of arrays and objects (the outermost counts as level 1). */
  maxDepth: number;
  /** Most members (key–value pairs) of one object. */
  maxObjectMembers: number;
  /** Most object members in the whole text. */
  maxMembers: number;
  /** Most array items in the whole text (all arrays together). */
  maxArrayItems: number;
}

/** What a text passes: its nesting, one object's members, or all members. */
export type JsonBound = 'depth' | 'object-members' | 'members' | 'array-items';

/** The bound a text passed, and the path of the array or object where it did. */
export interface JsonBoundHit {
  bound: JsonBound;
  /** Dotted path of the container (`layers.title`, `pages.1.layers`); '' for the top level. */
  path: string;
}

/**
 * Which bound `text` passes, or null. Malformed text is not judged here: JSON.parse then says
 * what is wrong. Members are counted by their colons outside strings, each for the innermost
 * open bracket (which, in valid JSON, is the object it belongs to). The path is built only when
 * a bound is passed: the scan keeps, per open container, where its latest key starts and ends
 * (objects) or how many commas it has seen (arrays).
 */
export function jsonBoundExceeded(text: string, bounds: JsonBounds): JsonBoundHit | null {
  const size = bounds.maxDepth + 2;
  // Members of each open container by depth; depth never passes maxDepth here.
  const open = new Uint32Array(size);
  const isArray = new Uint8Array(size);
  const keyStart = new Int32Array(size);
  const keyEnd = new Int32Array(size);
  let lastStringStart = 0;
  let lastStringEnd = 0;
  let depth = 0;
  let members = 0;
  let items = 0;
  // Right after a `[`: its first item (anything but whitespace or `]`) is counted as it starts;
  // later items at their commas.
  let arrayOpened = false;
  const hit = (bound: JsonBound, at: number): JsonBoundHit => {
    const parts: string[] = [];
    for (let d = 1; d < at; d++) {
      parts.push(isArray[d] ? String(open[d]) : text.slice(keyStart[d], keyEnd[d]));
    }
    return { bound, path: parts.join('.') };
  };
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (arrayOpened && c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) {
      arrayOpened = false;
      if (c !== CLOSE_ARRAY && ++items > bounds.maxArrayItems) return hit('array-items', depth + 1);
    }
    if (c === QUOTE) {
      lastStringStart = i + 1;
      i = stringEnd(text, i + 1);
      lastStringEnd = i - 1;
      continue;
    }
    if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > bounds.maxDepth) return hit('depth', depth);
      open[depth] = 0;
      isArray[depth] = c === OPEN_ARRAY ? 1 : 0;
      arrayOpened = c === OPEN_ARRAY;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      if (depth > 0) depth--;
    } else if (c === COMMA) {
      // An array's position: its commas so far (objects count members at their colons).
      if (isArray[depth]) {
        open[depth]++;
        if (++items > bounds.maxArrayItems) return hit('array-items', depth + 1);
      }
    } else if (c === COLON) {
      keyStart[depth] = lastStringStart;
      keyEnd[depth] = lastStringEnd;
      if (++members > bounds.maxMembers) return hit('members', depth + 1);
      if (++open[depth] > bounds.maxObjectMembers) return hit('object-members', depth + 1);
    }
    i++;
  }
  return null;
}

/** The index after the quote that closes the string starting at `from` (n when unclosed). */
function stringEnd(text: string, from: number): number {
  let j = from;
  for (;;) {
    j = text.indexOf('"', j);
    if (j < 0) return text.length;
    // A quote after an odd number of backslashes is escaped.
    let slashes = 0;
    while (text.charCodeAt(j - 1 - slashes) === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return j + 1;
    j++;
  }
}
