/**
 * The bodies of the stall attacks (test/helpers/stall-attacks.ts), built as JSON text rather than
 * through JSON.stringify: a body of 400,000 members is built in a fraction of the time and memory,
 * and a 2,000,000-deep array could not be stringified at all. Exported for the tests of the fixes,
 * which can send the very same bodies.
 */

/** `n` JSON members `"<prefix><i base 36>":0` joined with commas, built as text (no objects). */
function unknownMembers(prefix: string, n: number, value = '0'): string {
  const parts = new Array<string>(n);
  for (let i = 0; i < n; i++) parts[i] = `"${prefix}${i.toString(36)}":${value}`;
  return parts.join(',');
}

/**
 * Finding 1: a table layer whose rows hold `cells` distinct picture cells on `picturesBase`,
 * 4 to a row (10,000 rows at most): 40,000 cells are about a 3 MB body.
 */
export function manyPictureCellsBody(
  templateUuid: string,
  picturesBase: string,
  cells: number,
  tag: string,
): string {
  const rows: string[] = [];
  for (let r = 0; r * 4 < cells; r++) {
    const row: string[] = [];
    for (let c = 0; c < 4 && r * 4 + c < cells; c++)
      row.push(`{"type":"picture","url":"${picturesBase}/pic/${tag}/${r * 4 + c}.png"}`);
    rows.push(`[${row.join(',')}]`);
  }
  return `{"template_uuid":"${templateUuid}","layers":{"items":{"rows":[${rows.join(',')}]}}}`;
}

/** Finding 2: `count` properties the text layer `title` does not know (400,000: about 4 MB). */
export function unknownPropertiesBody(templateUuid: string, count: number): string {
  return `{"template_uuid":"${templateUuid}","layers":{"title":{"text":"x",${unknownMembers('p', count)}}}}`;
}

/** Finding 2: `count` layer names the template does not have (300,000: about 3.3 MB). */
export function unknownLayersBody(templateUuid: string, count: number): string {
  return `{"template_uuid":"${templateUuid}","layers":{${unknownMembers('l', count, '{}')}}}`;
}

/** Finding 3: a design whose text layer holds one unknown field of `keys` keys. */
export function hugeUnknownFieldDesign(keys: number, revision: number): string {
  const layer =
    `{"name":"title","type":"text","x":10,"y":10,"width":380,"height":60,"text":"Rev ${revision}",` +
    `"font_size":24,"extra":{${unknownMembers('k', keys)}}}`;
  return `{"width":400,"height":100,"background":"#ffffff","layers":[${layer}]}`;
}

/** Finding 10: a JSON array nested `depth` deep (2,000,000: 4 MB), as the whole body. */
export function deepArrayBody(depth: number): string {
  return '['.repeat(depth) + ']'.repeat(depth);
}

/** Finding 10: an object nested `depth` deep inside a layer (800,000: 4.8 MB). */
export function deepObjectBody(templateUuid: string, depth: number): string {
  return `{"template_uuid":"${templateUuid}","layers":{"title":{"text":"x","deep":${'{"a":'.repeat(depth)}0${'}'.repeat(depth)}}}}`;
}

/** Finding 10: one long string of `chars` characters as a layer's text. */
export function longStringBody(templateUuid: string, chars: number): string {
  return `{"template_uuid":"${templateUuid}","layers":{"title":{"text":"${'a'.repeat(chars)}"}}}`;
}

/** Finding 10: a flat array of `n` numbers in the passthrough. */
export function wideArrayBody(templateUuid: string, n: number): string {
  return `{"template_uuid":"${templateUuid}","passthrough":[${new Array(n).fill('1').join(',')}]}`;
}
