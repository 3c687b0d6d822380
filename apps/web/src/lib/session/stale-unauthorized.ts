/**
 * Whether a 401 is about the session this client holds now. A call carries the token of its
 * moment; its 401 is stale, and says nothing about the session now, when the session moved on
 * meanwhile (signed out, or signed in again as someone) or when this client is itself revoking
 * that token (logging out: a badge's poll that crosses the logout is refused by the revoke). A
 * stale 401 must neither reset the session nor show the login-expired dialog.
 */
export function isStaleUnauthorized(sent: string | null, current: string | null, revoking: ReadonlySet<string>): boolean {
  if (!sent) return false;
  return sent !== current || revoking.has(sent);
}
