/** Where the login page sends the user back to: `/login?redirect=<path>`. */
export const RETURN_PARAM = 'redirect';

/**
 * A return path from the query string, only if it is a path of this app: it must start with
 * a single '/', so '//evil.example' and 'https://…' are refused; the login page itself is
 * never a return target.
 */
export function safeReturnPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  const pathname = raw.split(/[?#]/, 1)[0] ?? '';
  if (pathname === '/login' || pathname.startsWith('/login/')) return null;
  return raw;
}

export function loginPath(returnTo?: string | null): string {
  const target = safeReturnPath(returnTo);
  return target ? `/login?${RETURN_PARAM}=${encodeURIComponent(target)}` : '/login';
}
