/** The editor's shell: sign-in, then the gallery (#/) or a template (#/t/<uuid>). */
import { useEffect, useState } from 'preact/hooks';
import { Api, ApiError } from './api.ts';
import { exchangeLink, forgetToken, linkCode, storedToken, storeToken } from './session.ts';
import { Gallery } from './gallery.tsx';
import { Editor } from './editor/editor.tsx';

function route(): { view: 'gallery' } | { view: 'template'; uuid: string } {
  const m = /^#\/t\/([^/?#]+)/.exec(location.hash);
  return m ? { view: 'template', uuid: decodeURIComponent(m[1]) } : { view: 'gallery' };
}

/** A sign-in link's code, taken out of the address bar at once so it is not kept in history. */
const initialLink = linkCode(location.hash);
if (initialLink) history.replaceState(null, '', location.pathname + location.search);

export function App() {
  const [token, setToken] = useState(initialLink ? null : storedToken());
  const [where, setWhere] = useState(route());
  const [linkState, setLinkState] = useState<string | null>(
    initialLink ? 'Signing in with the link…' : null,
  );
  useEffect(() => {
    if (!initialLink) return;
    exchangeLink(initialLink).then(
      ({ token: t }) => {
        forgetToken();
        storeToken(t);
        setLinkState(null);
        setToken(t);
      },
      (err: Error) => setLinkState(err.message),
    );
  }, []);
  useEffect(() => {
    const onHash = () => setWhere(route());
    addEventListener('hashchange', onHash);
    return () => removeEventListener('hashchange', onHash);
  }, []);
  if (!token) return <SignIn onToken={(t) => (storeToken(t), setToken(t))} notice={linkState} />;
  const api = new Api(token);
  const signOut = () => {
    forgetToken();
    setToken(null);
  };
  return where.view === 'template' ? (
    <Editor key={where.uuid} api={api} uuid={where.uuid} onSignOut={signOut} />
  ) : (
    <Gallery api={api} onSignOut={signOut} />
  );
}

function SignIn({ onToken, notice }: { onToken: (token: string) => void; notice: string | null }) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: Event) => {
    e.preventDefault();
    const token = value.trim();
    if (!token) return setError('Paste a project token (it starts with imp_).');
    setBusy(true);
    setError(null);
    try {
      // Any cheap authenticated call proves the token.
      await new Api(token).json('GET', '/templates?per_page=1');
      onToken(token);
    } catch (err) {
      setError(
        err instanceof ApiError && err.status === 401
          ? 'This token is not valid.'
          : err instanceof Error
            ? err.message
            : String(err),
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <main class="signin">
      <h1>Imprint editor</h1>
      {notice && (
        <p role="alert" class="notice">
          {notice}
        </p>
      )}
      <form onSubmit={submit}>
        <label for="token">Project token</label>
        <input
          id="token"
          type="password"
          autocomplete="off"
          value={value}
          onInput={(e) => setValue(e.currentTarget.value)}
        />
        <p class="hint">
          The token stays in this tab only (sessionStorage) and is sent to this server alone. Or
          open a sign-in link from <code>npx imprint editor-link --project &lt;id&gt;</code>.
        </p>
        <button type="submit" disabled={busy}>
          Sign in
        </button>
        {error && (
          <p role="alert" class="error">
            {error}
          </p>
        )}
      </form>
    </main>
  );
}
