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
