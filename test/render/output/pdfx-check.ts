/**
 * The PDF/X-4 checks of docs/print.md, read from qpdf's JSON of the objects (no validator is
 * installed): each returns the problems it finds, named as the docs name the check.
 */
import { tool } from './output-kit.ts';

type Obj = Record<string, unknown>;
interface QpdfObject {
  value?: unknown;
  stream?: { dict: Obj; data?: string };
}

/** The file's objects as qpdf reads them, streams decoded, and a look-up of references. */
export async function qpdfObjects(pdf: Buffer): Promise<{
  objects: Record<string, QpdfObject>;
  get: (ref: unknown) => unknown;
  stream: (ref: unknown) => { dict: Obj; text: string } | undefined;
}> {
  const out = await tool(
    'qpdf',
    (f) => [
      '--json=2',
      '--json-key=qpdf',
      '--json-stream-data=inline',
      '--decode-level=generalized',
      f,
    ],
    pdf,
  );
  const [, objects] = (JSON.parse(out) as { qpdf: [unknown, Record<string, QpdfObject>] }).qpdf;
  const entry = (ref: unknown) =>
    typeof ref === 'string' && / R$/.test(ref) ? objects[`obj:${ref}`] : undefined;
  return {
    objects,
    get: (ref) => {
      const o = entry(ref);
      return o ? (o.value ?? o.stream?.dict) : ref;
    },
    stream: (ref) => {
      const s = entry(ref)?.stream;
      return s && { dict: s.dict, text: Buffer.from(s.data ?? '', 'base64').toString('utf8') };
    },
  };
}

/** A qpdf JSON string ("u:text" or "b:hex") as text. */
export function text(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  if (v.startsWith('u:')) return v.slice(2);
  if (v.startsWith('b:')) return Buffer.from(v.slice(2), 'hex').toString('latin1');
  return undefined;
}

/** The instant of a PDF date (D:YYYYMMDDHHmmSSZ or with an offset). */
export function pdfDateMs(v: string | undefined): number {
  const m = /^D:(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(Z|[+-]\d{2}'\d{2}'?)?/.exec(v ?? '');
  if (!m) return NaN;
  const zone = !m[7] || m[7] === 'Z' ? 'Z' : `${m[7].slice(0, 3)}:${m[7].slice(4, 6)}`;
  return Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6]}${zone}`);
}

/** The text of one XMP element `name` (the first rdf:li inside it for lists). */
export function xmpValue(xmp: string, name: string): string | undefined {
  const m = new RegExp(`<${name}>([^]*?)</${name}>`).exec(xmp);
  if (!m) return undefined;
  const li = /<rdf:li[^>]*>([^]*?)<\/rdf:li>/.exec(m[1]);
  return (li ? li[1] : m[1]).replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

const inside = (a: number[], b: number[]) =>
  a[0] >= b[0] - 1e-6 && a[1] >= b[1] - 1e-6 && a[2] <= b[2] + 1e-6 && a[3] <= b[3] + 1e-6;

/** What keeps `pdf` from being PDF/X-4, check by check; empty when nothing does. */
export async function pdfX4Problems(pdf: Buffer): Promise<string[]> {
  const problems: string[] = [];
  const { objects, get, stream } = await qpdfObjects(pdf);
  if (pdf.subarray(0, 8).toString('latin1') !== '%PDF-1.6') problems.push('header: not %PDF-1.6');
  const trailer = (objects.trailer?.value ?? {}) as Obj;
  const id = trailer['/ID'];
  if (!Array.isArray(id) || id.length !== 2) problems.push('trailer ID: missing');
  if (trailer['/Encrypt']) problems.push('encryption: the file is encrypted');
  const info = (get(trailer['/Info']) ?? {}) as Obj;
  const catalog = (get(trailer['/Root']) ?? {}) as Obj;
  if (catalog['/Version'] && catalog['/Version'] !== '/1.6')
    problems.push('catalog Version: not 1.6');
  if (text(info['/GTS_PDFXVersion']) !== 'PDF/X-4')
    problems.push('Info GTS_PDFXVersion: not PDF/X-4');
  if (info['/Trapped'] !== '/False' && info['/Trapped'] !== '/True')
    problems.push('Info Trapped: not True or False');
  if (!text(info['/Title'])) problems.push('Info Title: missing');
  const names = (get(catalog['/Names']) ?? {}) as Obj;
  if (names['/JavaScript'] || catalog['/OpenAction'] || catalog['/AA'])
    problems.push('JavaScript: present');

  const xmpStream = stream(catalog['/Metadata']);
  const xmp = xmpStream?.text ?? '';
  if (
    !xmpStream ||
    xmpStream.dict['/Subtype'] !== '/XML' ||
    xmpStream.dict['/Type'] !== '/Metadata'
  ) {
    problems.push('XMP: no /Metadata stream of type /Metadata /XML on the catalog');
  }
  const equal = (what: string, a: unknown, b: unknown) => {
    if (a === undefined || a !== b) problems.push(`${what}: ${String(a)} ≠ ${String(b)}`);
  };
  equal('XMP GTS_PDFXVersion', xmpValue(xmp, 'pdfxid:GTS_PDFXVersion'), 'PDF/X-4');
  equal('XMP Producer = Info Producer', xmpValue(xmp, 'pdf:Producer'), text(info['/Producer']));
  equal('XMP CreatorTool = Info Creator', xmpValue(xmp, 'xmp:CreatorTool'), text(info['/Creator']));
  equal('XMP title = Info Title', xmpValue(xmp, 'dc:title'), text(info['/Title']));
  equal('XMP Trapped = Info Trapped', `/${xmpValue(xmp, 'pdf:Trapped')}`, info['/Trapped']);
  const created = pdfDateMs(text(info['/CreationDate']));
  equal(
    'XMP CreateDate = Info CreationDate',
    Date.parse(xmpValue(xmp, 'xmp:CreateDate') ?? ''),
    created,
  );
  equal(
    'XMP ModifyDate = Info ModDate',
    Date.parse(xmpValue(xmp, 'xmp:ModifyDate') ?? ''),
    pdfDateMs(text(info['/ModDate'])),
  );
  if (!xmpValue(xmp, 'xmp:MetadataDate')) problems.push('XMP MetadataDate: missing');
  for (const key of ['xmpMM:DocumentID', 'xmpMM:InstanceID']) {
    if (!/^uuid:[0-9a-f-]{36}$/.test(xmpValue(xmp, key) ?? ''))
      problems.push(`XMP ${key}: not a uuid`);
  }
  for (const key of ['xmpMM:VersionID', 'xmpMM:RenditionClass']) {
    if (!xmpValue(xmp, key)) problems.push(`XMP ${key}: missing`);
  }
  if ((xmp.match(/Producer/g) ?? []).length !== 2) problems.push('XMP: not exactly one Producer');

  const intents = (get(catalog['/OutputIntents']) ?? []) as unknown[];
  const pdfx = intents.map((i) => get(i) as Obj).filter((i) => i['/S'] === '/GTS_PDFX');
  if (pdfx.length !== 1) problems.push(`output intent: ${pdfx.length} GTS_PDFX intents`);
  for (const intent of pdfx) {
    if (!text(intent['/OutputConditionIdentifier']))
      problems.push('output intent: no OutputConditionIdentifier');
    const profile = stream(intent['/DestOutputProfile']);
    if (!profile || ![3, 4].includes(profile.dict['/N'] as number))
      problems.push('output intent: no DestOutputProfile');
  }

  const pages = Object.values(objects)
    .map((o) => o.value as Obj | undefined)
    .filter((v): v is Obj => v?.['/Type'] === '/Page');
  if (pages.length === 0) problems.push('pages: none');
  pages.forEach((page, i) => {
    const box = (key: string) => {
      const b = get(page[key]);
      return Array.isArray(b) ? (b as number[]) : undefined;
    };
    const [media, trim, bleed] = [box('/MediaBox'), box('/TrimBox'), box('/BleedBox')];
    if (!trim) problems.push(`page ${i + 1} TrimBox: missing`);
    else if (media && !inside(trim, bleed ?? media))
      problems.push(`page ${i + 1} TrimBox: outside BleedBox/MediaBox`);
    if (bleed && media && !inside(bleed, media))
      problems.push(`page ${i + 1} BleedBox: outside MediaBox`);
    const annots = (get(page['/Annots']) ?? []) as unknown[];
    const other = annots.map((a) => get(a) as Obj).filter((a) => a['/Subtype'] !== '/PrinterMark');
    if (other.length > 0)
      problems.push(`page ${i + 1} annotations: ${other.map((a) => a['/Subtype']).join(', ')}`);
  });
  return problems;
}
