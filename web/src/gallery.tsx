/** The project's templates: search, filter, create, duplicate, rename, tag, collect, delete. */
import { useEffect, useState } from 'preact/hooks';
import type { Api, Collection, Starter, Template } from './api.ts';
import { ownUrl } from './own-url.ts';
import { PRESETS } from './presets.ts';
import { SPECS } from './specs.ts';

/** IMPRINT_PUBLIC_URL, which the server writes into the page (see own-url.ts). */
const PUBLIC_URL = document.querySelector<HTMLMetaElement>(
  'meta[name="imprint-public-url"]',
)?.content;

export function Gallery({ api, onSignOut }: { api: Api; onSignOut: () => void }) {
  const [templates, setTemplates] = useState<Template[] | null>(null);
  const [collections, setCollections] = useState<Collection[]>([]);
  const [title, setTitle] = useState('');
  const [tag, setTag] = useState('');
  const [collection, setCollection] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  const reload = () => setReloads((n) => n + 1);

  useEffect(() => {
    let live = true;
    const t = setTimeout(() => {
      api
        .listTemplates({ title, tag, collection })
        .then((list) => live && setTemplates(list))
        .catch((err: Error) => live && setError(err.message));
    }, 150);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [title, tag, collection, reloads]);
  useEffect(() => {
    api
      .collections()
      .then(setCollections)
      .catch((err: Error) => setError(err.message));
  }, [reloads]);

  const act = async (fn: () => Promise<unknown>) => {
    setError(null);
    try {
      await fn();
      reload();
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <div class="gallery">
      <header class="topbar">
        <h1>Templates</h1>
        <button type="button" onClick={onSignOut}>
          Sign out
        </button>
      </header>
      <main>
        <CreateForm api={api} onError={setError} />
        <Starters api={api} onError={setError} />
        <section aria-label="Find templates" class="filters">
          <label>
            Search by title
            <input type="search" value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
          </label>
          <label>
            Tag
            <input type="search" value={tag} onInput={(e) => setTag(e.currentTarget.value)} />
          </label>
          <label>
            Collection
            <select value={collection} onChange={(e) => setCollection(e.currentTarget.value)}>
              <option value="">All templates</option>
              {collections.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </select>
          </label>
        </section>
        {error && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
        {templates === null ? (
          <p>Loading…</p>
        ) : templates.length === 0 ? (
          <p>No templates match.</p>
        ) : (
          <ul class="cards" aria-label="Templates">
            {templates.map((t) => (
              <Card key={t.uuid} t={t} api={api} collections={collections} act={act} />
            ))}
          </ul>
        )}
      </main>
    </div>
  );
}

function CreateForm({ api, onError }: { api: Api; onError: (m: string) => void }) {
  const [title, setTitle] = useState('');
  const [preset, setPreset] = useState<string>(PRESETS[0].id);
  const [width, setWidth] = useState(800);
  const [height, setHeight] = useState(600);
  const submit = async (e: Event) => {
    e.preventDefault();
    const p = PRESETS.find((x) => x.id === preset);
    const size = p ? { width: p.width, height: p.height } : { width, height };
    // Templates are created in px; a paper preset then turns the design into pt (the public
    // API's two steps, as a script would take them).
    const toPx = SPECS.units[p?.unit ?? 'px'];
    try {
      const { body } = await api.json<Template>('POST', '/templates', {
        title: title.trim() || (p ? p.label : 'Untitled'),
        width: Math.round(size.width * toPx),
        height: Math.round(size.height * toPx),
      });
      if (p?.unit === 'pt') {
        const { design, etag } = await api.design(body.uuid);
        await api.saveDesign(body.uuid, { ...design, unit: 'pt', ...size }, etag);
      }
      location.hash = `#/t/${body.uuid}`;
    } catch (err) {
      onError(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <form class="create" onSubmit={submit} aria-label="New template">
      <h2>New template</h2>
      <label>
        Title
        <input value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
      </label>
      <label>
        Size
        <select value={preset} onChange={(e) => setPreset(e.currentTarget.value)}>
          {PRESETS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label} ({p.size})
            </option>
          ))}
          <option value="custom">Custom size</option>
        </select>
      </label>
      {preset === 'custom' && (
        <>
          <label>
            Width (px)
            <input
              type="number"
              min={1}
              max={16000}
              value={width}
              onInput={(e) => setWidth(Number(e.currentTarget.value))}
            />
          </label>
          <label>
            Height (px)
            <input
              type="number"
              min={1}
              max={16000}
              value={height}
              onInput={(e) => setHeight(Number(e.currentTarget.value))}
            />
          </label>
        </>
      )}
      <button type="submit">Create</button>
    </form>
  );
}

function Card(props: {
  t: Template;
  api: Api;
  collections: Collection[];
  act: (fn: () => Promise<unknown>) => Promise<void>;
}) {
  const { t, api, collections, act } = props;
  const [editing, setEditing] = useState(false);
  const [title, setTitle] = useState(t.title);
  const [tags, setTags] = useState(t.tags.join(', '));
  const [confirming, setConfirming] = useState(false);
  const save = (e: Event) => {
    e.preventDefault();
    void act(async () => {
      await api.json('PATCH', `/templates/${t.uuid}`, {
        title: title.trim(),
        tags: tags
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      });
      setEditing(false);
    });
  };
  return (
    <li class="card">
      <a href={`#/t/${t.uuid}`} class="thumb" aria-label={`Open ${t.title}`}>
        {t.thumbnail ? (
          <img src={ownUrl(t.thumbnail, PUBLIC_URL)} alt="" loading="lazy" />
        ) : (
          <span class="nothumb">
            {t.width}×{t.height}
          </span>
        )}
      </a>
      {editing ? (
        <form onSubmit={save} class="card-edit">
          <label>
            Title
            <input value={title} onInput={(e) => setTitle(e.currentTarget.value)} />
          </label>
          <label>
            Tags (comma-separated)
            <input value={tags} onInput={(e) => setTags(e.currentTarget.value)} />
          </label>
          <button type="submit">Save</button>
          <button type="button" onClick={() => setEditing(false)}>
            Cancel
          </button>
        </form>
      ) : (
        <div class="card-body">
          <h3>{t.title}</h3>
          <p class="meta">
            {t.width}×{t.height}
            {t.tags.length > 0 && ` · ${t.tags.join(', ')}`}
          </p>
          <div class="actions">
            <button
              type="button"
              onClick={() => {
                // Start from the template as it is, not from text a Cancel discarded.
                setTitle(t.title);
                setTags(t.tags.join(', '));
                setEditing(true);
              }}
            >
              Rename / tag
            </button>
            <button
              type="button"
              onClick={() =>
                void act(async () => {
                  // A copy keeps the source's title (the API's rule), so it is renamed after.
                  const { body } = await api.json<Template>('POST', '/templates', {
                    from_template: t.uuid,
                  });
                  await api.json('PATCH', `/templates/${body.uuid}`, {
                    title: `${t.title} (copy)`.slice(0, 255),
                  });
                })
              }
            >
              Duplicate
            </button>
            {collections.length > 0 && (
              <select
                aria-label={`Add ${t.title} to a collection`}
                value=""
                onChange={(e) => {
                  const id = e.currentTarget.value;
                  if (id)
                    void act(() =>
                      api.json('PATCH', `/collections/${id}`, { add_template_uuids: [t.uuid] }),
                    );
                }}
              >
                <option value="">Add to collection…</option>
                {collections.map((c) => (
                  <option key={c.id} value={c.id}>
                    {c.title}
                  </option>
                ))}
              </select>
            )}
            {confirming ? (
              <>
                <button
                  type="button"
                  class="danger"
                  onClick={() => void act(() => api.json('DELETE', `/templates/${t.uuid}`))}
                >
                  Delete for good
                </button>
                <button type="button" onClick={() => setConfirming(false)}>
                  Keep
                </button>
              </>
            ) : (
              <button type="button" onClick={() => setConfirming(true)}>
                Delete
              </button>
            )}
          </div>
        </div>
      )}
    </li>
  );
}

/** The starter templates: a click copies one into the project and opens it. */
function Starters({ api, onError }: { api: Api; onError: (m: string) => void }) {
  const [starters, setStarters] = useState<Starter[]>([]);
  useEffect(() => {
    api.starters().then(setStarters, (err: Error) => onError(err.message));
  }, []);
  if (starters.length === 0) return null;
  const use = async (s: Starter) => {
    try {
      const t = await api.copyStarter(s.id);
      location.hash = `#/t/${t.uuid}`;
    } catch (err) {
      onError(err instanceof Error ? err.message : String(err));
    }
  };
  return (
    <section class="starters" aria-labelledby="starters-title">
      <h2 id="starters-title">Start from a starter</h2>
      <ul>
        {starters.map((s) => (
          <li key={s.id}>
            <button type="button" onClick={() => void use(s)}>
              <img src={ownUrl(s.thumbnail, PUBLIC_URL)} alt="" loading="lazy" />
              <span>{s.title}</span>
              <span class="meta">
                {s.width}×{s.height}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
