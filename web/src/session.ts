/** The signed-in token: kept in sessionStorage only (never in a URL or a cookie). */
const KEY = 'imprint.editor.token';

export function storedToken(): string | null {
  return sessionStorage.getItem(KEY);
}

export function storeToken(token: string): void {
  sessionStorage.setItem(KEY, token);
}

export function forgetToken(): void {
  sessionStorage.removeItem(KEY);
}

/** The code of a sign-in link (`/editor#link=<code>`), or null. */
export function linkCode(hash: string): string | null {
  const m = /^#link=([^&]+)/.exec(hash);
  return m ? decodeURIComponent(m[1]) : null;
}

/** Exchanges a sign-in link's code for a token of its project (POST /api/editor/session). */
export async function exchangeLink(code: string): Promise<{ token: string; project: string }> {
  const res = await fetch('/api/editor/session', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  const body = (await res.json().catch(() => ({}))) as {
    token?: string;
    message?: string;
    project?: { title: string };
  };
  if (!res.ok || !body.token) {
    throw new Error(body.message ?? `The sign-in link did not work (${res.status}).`);
  }
  return { token: body.token, project: body.project?.title ?? '' };
}
