/**
 * The console's session token, in localStorage under its own key: the console and the mobile
 * app share the origin, and an operator's token must never be read by the mobile app (nor a
 * broker's by the console). The tenant is the page host's company (decision 001), kept here
 * once the start-up has read it, for the `companyId` header.
 */
const TOKEN_KEY = 'baobei.console.token';

let companyId: number | null = null;
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readToken(): string | null {
  return storage()?.getItem(TOKEN_KEY) ?? null;
}

export function saveToken(token: string): void {
  storage()?.setItem(TOKEN_KEY, token);
  listeners.forEach((listener) => listener());
}

export function clearToken(): void {
  storage()?.removeItem(TOKEN_KEY);
  listeners.forEach((listener) => listener());
}

/** Called when the token is saved or cleared (useSyncExternalStore). */
export function onTokenChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setCompanyId(id: number | null): void {
  companyId = id;
}

export function currentCompanyId(): number | null {
  return companyId;
}
