/** Query parameters whose values never reach the log (phones, codes, passwords, tokens). */
const SENSITIVE_PARAMS = /^(username|phone|mobile|code|sn|verifycode|password|passwordmore|oldpassword|wxcode|token)$/i;

export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const params = new URLSearchParams(url.slice(q + 1));
  for (const key of [...params.keys()]) if (SENSITIVE_PARAMS.test(key)) params.set(key, '***');
  return `${url.slice(0, q)}?${params.toString()}`;
}
