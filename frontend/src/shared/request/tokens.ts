/** Where the session tokens live (localStorage, so a reload or a new tab stays signed in). */
const TOKEN_KEY = 'token';
const REFRESH_TOKEN_KEY = 'refreshToken';

/** Header value the server sends when it refused a refresh token: the session is over. */
export const INVALID_TOKEN = 'invalid_token';

/**
 * A token this close to expiry is treated as expired: sent now, it could expire on the way and cost a
 * round trip that fails.
 */
const EXPIRY_MARGIN_MS = 5_000;

export function getToken(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function getRefreshToken(): string | null {
  return localStorage.getItem(REFRESH_TOKEN_KEY);
}

export function setTokens(tokens: { token?: string; refreshToken?: string }): void {
  if (tokens.token) localStorage.setItem(TOKEN_KEY, tokens.token);
  if (tokens.refreshToken) localStorage.setItem(REFRESH_TOKEN_KEY, tokens.refreshToken);
}

export function clearTokens(): void {
  localStorage.removeItem(TOKEN_KEY);
  localStorage.removeItem(REFRESH_TOKEN_KEY);
}

/** True when the token is a JWT whose `exp` has passed; a token we cannot read is left to the server. */
export function isTokenExpired(token: string, now = Date.now()): boolean {
  const payload = token.split('.')[1];
  if (!payload) return false;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/');
    const { exp } = JSON.parse(atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='))) as { exp?: unknown };
    return typeof exp === 'number' && exp * 1000 <= now + EXPIRY_MARGIN_MS;
  } catch {
    return false;
  }
}
