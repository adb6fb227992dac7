/** Values to try for the dynamic layers, and the API calls that render the same picture. */
import type { Api, LayerData } from '../api.ts';
import { propsOf } from '../specs.ts';
import type { EditorDoc } from './doc.ts';

/** The property a request usually sends for a layer type. */
const MAIN: Record<string, string> = {
  text: 'text',
  picture: 'image',
  barcode: 'value',
  rating: 'value',
  shape: 'background_color',
  browserframe: 'url',
};

function mainProp(type: string): string | null {
  if (MAIN[type]) return MAIN[type];
  const first = propsOf(type).find(([, s]) => s.kind === 'string' || s.kind === 'url');
  return first ? first[0] : null;
}

interface Props {
  doc: EditorDoc;
  data: LayerData;
  setData: (d: LayerData) => void;
}

export function TestDataPanel({ doc, data, setData }: Props) {
  const dynamic = doc.design.layers.filter((l) => l.dynamic !== false);
  return (
    <section class="panel test-data" aria-label="Test data">
      <h2>Test data</h2>
      {dynamic.length === 0 && <p class="hint">No dynamic layers.</p>}
      {dynamic.map((l) => {
        const prop = mainProp(l.type);
        if (!prop) return null;
        const id = `data-${l.name}`;
        const value = data[l.name]?.[prop];
        return (
          <div class="field" key={l.name}>
            <label for={id}>
              {l.name} <span class="hint">{prop}</span>
            </label>
            <input
              id={id}
              value={value == null ? '' : String(value)}
              placeholder={l[prop] == null ? '' : String(l[prop])}
              onChange={(e) => {
                const v = e.currentTarget.value;
                const next = { ...data };
                if (v === '') delete next[l.name];
                else next[l.name] = { [prop]: l.type === 'rating' ? Number(v) : v };
                setData(next);
              }}
            />
          </div>
        );
      })}
    </section>
  );
}

/** The layer data that still applies: only dynamic layers that exist. */
function usable(doc: EditorDoc, data: LayerData): LayerData {
  const names = new Set(doc.design.layers.filter((l) => l.dynamic !== false).map((l) => l.name));
  return Object.fromEntries(Object.entries(data).filter(([n]) => names.has(n)));
}

export function UseInApi({
  uuid,
  doc,
  data,
}: {
  api: Api;
  uuid: string;
  doc: EditorDoc;
  data: LayerData;
}) {
  const layers = usable(doc, data);
  const body = JSON.stringify({ template_uuid: uuid, create_now: true, layers }, null, 2);
  const origin = location.origin;
  const curl = `curl -X POST ${origin}/api/rest/images \\
  -H "Authorization: Bearer $IMPRINT_TOKEN" \\
  -H "Content-Type: application/json" \\
  -d '${body.replace(/'/g, "'\\''")}'`;
  const js = `const res = await fetch('${origin}/api/rest/images', {
  method: 'POST',
  headers: {
    Authorization: \`Bearer \${process.env.IMPRINT_TOKEN}\`,
    'Content-Type': 'application/json',
  },
  body: JSON.stringify(${body.replace(/\n/g, '\n  ')}),
});
const image = await res.json(); // image.image_url is the picture`;
  const query = Object.entries(layers)
    .flatMap(([layer, props]) =>
      Object.entries(props).map(
        ([p, v]) =>
          `${encodeURIComponent(layer)}[${encodeURIComponent(p)}]=${encodeURIComponent(String(v))}`,
      ),
    )
    .join('&');
  const url = `${origin}/u/${uuid}?${query}${query ? '&' : ''}s=<signature>`;
  return (
    <details class="panel use-in-api">
      <summary>Use in API</summary>
      <h3>curl</h3>
      <pre tabIndex={0}>{curl}</pre>
      <h3>JavaScript</h3>
      <pre tabIndex={0}>{js}</pre>
      <h3>URL (GET /u)</h3>
      <pre tabIndex={0}>{url}</pre>
      <p class="hint">
        Sign the query with the project's URL-signing secret (HMAC-SHA256) and put it in place of
        &lt;signature&gt;; see docs/url-api.md.
      </p>
    </details>
  );
}
