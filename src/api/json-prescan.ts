/**
 * A look at a JSON text before JSON.parse sees it: how deep its arrays and objects nest and how
 * many object members it has, in one pass that jumps over strings. V8's JSON.parse takes seconds
 * for a few megabytes of `[[[[…` (a 2,000,000-deep array: about 2 s of CPU) or of members of one
 * object (400,000 keys in 8 MB: about 0.85 s; 100,000 in one object 150 ms, in objects of 10,000
 * 70 ms), while arrays of strings and numbers parse fast (a 5 MiB table: under 60 ms). This pass
 * stops at the first bracket or member past its bound and reads a 5 MiB body in about 7 ms.
 */

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
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
}

/** What a text passes: its nesting, one object's members, or all members. */
export type JsonBound = 'depth' | 'object-members' | 'members';

/**
 * Which bound `text` passes, or null. Malformed text is not judged here: JSON.parse then says
 * what is wrong. Members are counted by their colons outside strings, each for the innermost
 * open bracket (which, in valid JSON, is the object it belongs to).
 */
export function jsonBoundExceeded(text: string, bounds: JsonBounds): JsonBound | null {
  // Members of each open container by depth; depth never passes maxDepth here.
  const open = new Uint32Array(bounds.maxDepth + 2);
  let depth = 0;
  let members = 0;
  const n = text.length;
  let i = 0;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      i = stringEnd(text, i + 1);
      continue;
    }
    if (c === OPEN_ARRAY || c === OPEN_OBJECT) {
      if (++depth > bounds.maxDepth) return 'depth';
      open[depth] = 0;
    } else if (c === CLOSE_ARRAY || c === CLOSE_OBJECT) {
      if (depth > 0) depth--;
    } else if (c === COLON) {
      if (++members > bounds.maxMembers) return 'members';
      if (++open[depth] > bounds.maxObjectMembers) return 'object-members';
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
