/**
 * Makes untrusted SVG text safe to hand to resvg: entity declarations are refused (they can
 * expand a small file into megabytes of text to lay out), every `href` that is not a reference
 * inside the document or an embedded PNG/JPEG/GIF/WebP is emptied (resvg's native build reads
 * local files by path, and browsers load nothing external for an SVG image either), and documents
 * whose `<use>` and `url(#…)` references would expand beyond a bound are refused before resvg
 * expands them. For shape layers, the layer colour becomes the root's `fill` and `color`.
 */
import { firstStartTag, localName, scanXml, type XmlElement } from './xml-scan.ts';

/** Why an SVG was refused: the message completes "<url> is an SVG that …" in the caller's 422. */
export class SvgRefusedError extends Error {}

/** Most elements an SVG may have once its references are expanded. */
export const MAX_SVG_ELEMENTS = 100_000;

const SAFE_HREF = /^(?:#|data:image\/(?:png|jpe?g|gif|webp)[;,])/i;
const HREF_ATTR = /(\s)((?:[^\s=/>:]+:)?href)(\s*=\s*)("[^"]*"|'[^']*')/g;

/** Empties hrefs that point outside the document (files, URLs, nested SVG data). */
function neutraliseHrefs(text: string): string {
  return text.replace(
    HREF_ATTR,
    (whole, space: string, name: string, eq: string, quoted: string) => {
      const value = decodeRefs(quoted.slice(1, -1)).trim();
      return SAFE_HREF.test(value) ? whole : `${space}${name}${eq}""`;
    },
  );
}

/** Character references decoded the way an XML parser will (so `&#47;etc` is seen as `/etc`). */
function decodeRefs(value: string): string {
  return value.replace(/&#(x[0-9a-f]+|[0-9]+);/gi, (_, ref: string) => {
    const code = ref[0] === 'x' || ref[0] === 'X' ? parseInt(ref.slice(1), 16) : Number(ref);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
}

/** Elements after expanding `<use>` and `url(#id)` references (cycles count as the bound). */
export function expandedElementCount(root: XmlElement): number {
  const byId = new Map<string, XmlElement>();
  const index = (el: XmlElement): void => {
    if (el.attrs.id) byId.set(el.attrs.id, el);
    el.children.forEach(index);
  };
  index(root);
  const memo = new Map<XmlElement, number>();
  const visiting = new Set<XmlElement>();
  const refsOf = (el: XmlElement): XmlElement[] => {
    const ids: string[] = [];
    for (const [name, value] of Object.entries(el.attrs)) {
      if (localName(name) === 'href' && value.startsWith('#')) ids.push(value.slice(1));
      for (const m of value.matchAll(/url\(\s*['"]?#([^)'"\s]+)/g)) ids.push(m[1]);
    }
    return ids.map((id) => byId.get(id)).filter((t): t is XmlElement => t !== undefined);
  };
  const size = (el: XmlElement): number => {
    const known = memo.get(el);
    if (known !== undefined) return known;
    if (visiting.has(el)) return MAX_SVG_ELEMENTS + 1;
    visiting.add(el);
    let n = 1;
    for (const child of el.children) n = Math.min(n + size(child), MAX_SVG_ELEMENTS + 1);
    for (const target of refsOf(el)) n = Math.min(n + size(target), MAX_SVG_ELEMENTS + 1);
    visiting.delete(el);
    memo.set(el, n);
    return n;
  };
  return size(root);
}

/**
 * The SVG text ready for resvg; SvgRefusedError for what Imprint refuses, an Error for text that
 * is not SVG. `color` sets the root fill and colour.
 */
export function prepareSvg(bytes: Buffer, color?: string): string {
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  // XML forbids NUL, and resvg-js aborts the whole process when its error message would quote one.
  if (text.includes('\0')) throw new Error('it contains a NUL character, which XML does not allow');
  if (/<!ENTITY/i.test(text)) {
    throw new SvgRefusedError('declares entities (<!ENTITY>), which Imprint does not expand');
  }
  text = neutraliseHrefs(text);
  const root = scanXml(text);
  if (!root || localName(root.name) !== 'svg') throw new Error('it has no <svg> root');
  if (expandedElementCount(root) > MAX_SVG_ELEMENTS) {
    throw new SvgRefusedError(
      `has references (<use>, url(#…)) that expand to more than ${MAX_SVG_ELEMENTS} elements`,
    );
  }
  if (color) {
    const tag = firstStartTag(text)!;
    const extra = ['fill', 'color']
      .filter((a) => tag.attrs[a] === undefined)
      .map((a) => ` ${a}="${color.replace(/[&<"]/g, '')}"`)
      .join('');
    text = text.slice(0, tag.nameEnd) + extra + text.slice(tag.nameEnd);
  }
  return text;
}
