/**
 * The content streams of a PDF loaded with pdf-lib (pages, form XObjects, tiling patterns) with
 * the resource dictionaries their names refer to, and the resources a rewrite of them adds: the
 * overprint graphics states and the registration colour space.
 */
import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  type PDFDocument,
} from 'pdf-lib';

/** A content stream and the resource dictionary its names refer to (created when missing). */
export interface ContentStream {
  ref: PDFRef;
  resources: () => PDFDict;
}

/** The resources of `holder` (a page or a form), a new dictionary when it has none. */
function resourcesOf(doc: PDFDocument, holder: PDFDict): PDFDict {
  const found = holder.lookup(PDFName.of('Resources'));
  if (found instanceof PDFDict) return found;
  const created = doc.context.obj({});
  holder.set(PDFName.of('Resources'), created);
  return created;
}

/** The page content streams and form XObjects (where Skia writes colours) of a document. */
export function contentStreams(doc: PDFDocument): ContentStream[] {
  const found = new Map<PDFRef, ContentStream>();
  for (const page of doc.getPages()) {
    const contents = page.node.get(PDFName.of('Contents'));
    const refs =
      contents instanceof PDFRef
        ? [contents]
        : contents instanceof PDFArray
          ? contents.asArray().filter((i): i is PDFRef => i instanceof PDFRef)
          : [];
    const resources = () => page.node.Resources() ?? resourcesOf(doc, page.node);
    for (const ref of refs) found.set(ref, { ref, resources });
  }
  for (const [ref, obj] of doc.context.enumerateIndirectObjects()) {
    if (!(obj instanceof PDFRawStream)) continue;
    const subtype = obj.dict.get(PDFName.of('Subtype'));
    const patternType = obj.dict.get(PDFName.of('PatternType'));
    if (subtype === PDFName.of('Form') || patternType?.toString() === '1') {
      found.set(ref, { ref, resources: () => resourcesOf(doc, obj.dict) });
    }
  }
  return [...found.values()];
}

/** Adds `name` → `value` to the `category` dictionary of `resources`. */
export function addResource(
  doc: PDFDocument,
  resources: PDFDict,
  category: 'ExtGState' | 'ColorSpace',
  name: string,
  value: PDFRef,
): void {
  let dict = resources.lookup(PDFName.of(category));
  if (!(dict instanceof PDFDict)) {
    dict = doc.context.obj({});
    resources.set(PDFName.of(category), dict as PDFDict);
  }
  (dict as PDFDict).set(PDFName.of(name), value);
}

/** The line width (LW) of each ExtGState of `resources`, by name. */
export function lineWidths(resources: PDFDict): Map<string, number> {
  const out = new Map<string, number>();
  const states = resources.lookup(PDFName.of('ExtGState'));
  if (!(states instanceof PDFDict)) return out;
  for (const [name, value] of states.entries()) {
    const state = resources.context.lookup(value);
    const lw = state instanceof PDFDict ? state.lookup(PDFName.of('LW')) : undefined;
    if (lw instanceof PDFNumber) out.set(name.asString().slice(1), lw.asNumber());
  }
  return out;
}

/** The objects the rewritten content may name, registered when first needed. */
export function sharedResources(doc: PDFDocument) {
  const once = <T>(make: () => T) => {
    let made: T | undefined;
    return () => (made ??= make());
  };
  const state = (on: boolean) =>
    doc.context.register(
      doc.context.obj({ Type: 'ExtGState', OP: on, op: on, ...(on ? { OPM: 1 } : {}) }),
    );
  return {
    on: once(() => state(true)),
    off: once(() => state(false)),
    // Registration colour: the /All separation paints every plate of the device, 100% at tint 1.
    all: once(() =>
      doc.context.register(
        doc.context.obj([
          PDFName.of('Separation'),
          PDFName.of('All'),
          PDFName.of('DeviceCMYK'),
          doc.context.obj({
            FunctionType: 2,
            Domain: [0, 1],
            C0: [0, 0, 0, 0],
            C1: [1, 1, 1, 1],
            N: 1,
          }),
        ]),
      ),
    ),
  };
}
