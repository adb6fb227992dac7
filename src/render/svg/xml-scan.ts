/**
 * A small XML element reader: elements with their attributes and children, nothing else (text,
 * comments, CDATA, processing instructions and the DOCTYPE are skipped). It reads resvg's
 * simplified SVG (machine-written, always well-formed) and lets the input check count elements
 * and references before resvg expands them. It is not a validating parser: resvg is the one that
 * accepts or refuses the document.
 */

/** One element: its (prefixed) name, attributes with entities decoded, and child elements. */
export interface XmlElement {
  name: string;
  attrs: Record<string, string>;
  children: XmlElement[];
}

const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the predefined entities and character references of an attribute value. */
export function decodeXmlText(value: string): string {
  if (!value.includes('&')) return value;
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return PREDEFINED[ref] ?? whole;
    const code =
      ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

const ATTR = /([^\s=/>]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g;

/** The attributes of a start tag's inner text (after the name). */
export function readAttributes(raw: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of raw.matchAll(ATTR)) attrs[m[1]] = decodeXmlText(m[2] ?? m[3] ?? '');
  return attrs;
}

// Skipped constructs first, then end tags, then start tags (attribute values may hold '>').
const TOKEN =
  /<!--[\s\S]*?-->|<!\[CDATA\[[\s\S]*?\]\]>|<\?[\s\S]*?\?>|<!DOCTYPE(?:[^[>]*\[[\s\S]*?\])?[^>]*>|<\/\s*([^\s>]+)\s*>|<([^\s/>!?]+)((?:[^>"']|"[^"]*"|'[^']*')*?)(\/?)>/g;

/** The root element of an XML text, or undefined when it has none. */
export function scanXml(text: string): XmlElement | undefined {
  const top: XmlElement = { name: '', attrs: {}, children: [] };
  const stack: XmlElement[] = [top];
  for (const m of text.matchAll(TOKEN)) {
    const [, endName, startName, rawAttrs, selfClosing] = m;
    if (endName !== undefined) {
      if (stack.length > 1) stack.pop();
    } else if (startName !== undefined) {
      const el: XmlElement = { name: startName, attrs: readAttributes(rawAttrs), children: [] };
      stack[stack.length - 1].children.push(el);
      if (!selfClosing) stack.push(el);
    }
  }
  return top.children[0];
}

/** The first start tag of an XML text (the root): where its name ends, its name and attributes. */
export function firstStartTag(
  text: string,
): { nameEnd: number; name: string; attrs: Record<string, string> } | undefined {
  for (const m of text.matchAll(TOKEN)) {
    if (m[2] === undefined) continue;
    return { nameEnd: m.index + 1 + m[2].length, name: m[2], attrs: readAttributes(m[3]) };
  }
  return undefined;
}

/** The element's name without a namespace prefix (`svg:rect` → `rect`). */
export const localName = (name: string): string => name.slice(name.indexOf(':') + 1);
