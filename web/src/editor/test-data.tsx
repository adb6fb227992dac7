/**
 * Values to try for the dynamic layers, and the API calls that render the same picture. A
 * picture layer's value is a URL, or a file (chosen or dropped) uploaded with POST /media, whose
 * URL then becomes the value.
 */
import { useState } from 'preact/hooks';
import type { Api, Layer, LayerData } from '../api.ts';
import { propsOf } from '../specs.ts';
import type { EditorDoc } from './doc.ts';
import { DraftField } from './draft-field.tsx';
import { fileDropHandlers } from './file-drop.ts';
import { TableTestData } from './table-test-data.tsx';

/** The property a request usually sends for a layer type. */
const MAIN: Record<string, string> = {
  text: 'text',
  picture: 'image',
  barcode: 'value',
  rating: 'value',
  shape: 'background_color',
  browserframe: 'url',
  table: 'rows',
};

/** The property the test data panel sets for a layer type (null: the type has none). */
export function mainProp(type: string): string | null {
  if (MAIN[type]) return MAIN[type];
  const first = propsOf(type).find(([, s]) => s.kind === 'string' || s.kind === 'url');
  return first ? first[0] : null;
}

interface Props {
  api: Api;
  doc: EditorDoc;
  data: LayerData;
  setData: (d: LayerData) => void;
}

/** What POST /media accepts (it judges the bytes; this only filters the file dialog). */
const PICTURE_TYPES = 'image/png,image/jpeg,image/webp,image/gif,image/svg+xml';

/** A file input and drop zone that upload a picture and hand back its URL. */
function PictureUpload({
  api,
  layer,
  onUrl,
}: {
  api: Api;
  layer: Layer;
  onUrl: (url: string) => void;
}) {
  const [status, setStatus] = useState<string | null>(null);
  const [over, setOver] = useState(false);
  const upload = async (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (!file) return;
    setStatus(`Uploading ${file.name}…`);
    try {
      onUrl(await api.uploadMedia(file));
      setStatus(`${file.name} uploaded.`);
    } catch (err) {
      setStatus(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <div
      class={`picture-drop${over ? ' drop' : ''}`}
      {...fileDropHandlers(setOver, (files) => void upload(files))}
    >
      <label class="button">
        Upload a picture…
        <input
          type="file"
          class="visually-hidden"
          accept={PICTURE_TYPES}
          aria-label={`Upload a picture for ${layer.name}`}
          onChange={(e) => void upload(e.currentTarget.files)}
        />
      </label>
      <span class="hint">or drop one here</span>
      {status && (
        <p role="status" class="hint">
          {status}
        </p>
      )}
    </div>
  );
}

export function TestDataPanel({ api, doc, data, setData }: Props) {
  const dynamic = doc.design.layers.filter((l) => l.dynamic !== false);
  return (
    <section class="panel test-data" aria-label="Test data">
      <h2>Test data</h2>
      {dynamic.length === 0 && <p class="hint">No dynamic layers.</p>}
      {dynamic.map((l) => {
        if (l.type === 'table')
          return <TableTestData key={l.name} layer={l} data={data} setData={setData} />;
        const prop = mainProp(l.type);
        if (!prop) return null;
        const id = `data-${l.name}`;
        const value = data[l.name]?.[prop];
        const setValue = (v: unknown) => {
          const next = { ...data };
          if (v === '' || v === undefined) delete next[l.name];
          else next[l.name] = { [prop]: l.type === 'rating' ? Number(v) : v };
          setData(next);
        };
        return (
          <div class="field" key={l.name}>
            <label for={id}>
              {l.name} <span class="hint">{prop}</span>
            </label>
            <DraftField
              id={id}
              rows={prop === 'text' ? 2 : undefined}
              value={value == null ? '' : String(value)}
              placeholder={l[prop] == null ? '' : String(l[prop])}
              onCommit={(field) => setValue(field.value)}
            />
            {l.type === 'picture' && <PictureUpload api={api} layer={l} onUrl={setValue} />}
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
      <p class="hint">
        Set IMPRINT_TOKEN to the project's token first. The picture is a JPEG when the canvas is
        opaque (image_format "auto"); add "modifications": {'{'}"image_format": "png"{'}'} for the
        PNG the canvas shows.
      </p>
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
