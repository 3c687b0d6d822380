/**
 * Query parameters whose values never reach the log (docs/decisions/021 and 061), by name,
 * case-insensitive. Each grants access or identifies a person:
 * - phones and sign-in: `username`, `phone`, `mobile`, `password`, `passwordMore`, `oldPassword`;
 * - codes: the picture code's `sn` and `code`, `verifyCode`, WeChat's `wxcode`, and the OAuth
 *   return to /authorization (`code`, `state`: the state binds the sign-in to this browser);
 * - signed links: the external arrival list's `sign` (/external/record/list, the
 *   get-report-auto-count call), a private picture's `sig` (/uploads/…?exp=…&sig=…,
 *   modules/upload/picture-signer.ts), and what the storage services put in a presigned URL
 *   (`X-Amz-Signature`, `X-Amz-Credential`, `X-Amz-Security-Token`; OSS's `Signature`,
 *   `OSSAccessKeyId`, `security-token`; COS's `q-signature`, `q-ak`, `sign`);
 * - tokens and keys of upstream calls: `token`, `access_token`, `refresh_token`, `ticket`
 *   (WeChat's JS-SDK ticket), `secret`, `appsecret`, `key` (the company registry's account key),
 *   `AccessKeyId`, `api_key`, `apikey`, `authorization`.
 */
const SENSITIVE_NAMES = [
  'username',
  'phone',
  'mobile',
  'password',
  'passwordmore',
  'oldpassword',
  'sn',
  'code',
  'verifycode',
  'wxcode',
  'state',
  'sign',
  'sig',
  'signature',
  'x-amz-signature',
  'x-amz-credential',
  'x-amz-security-token',
  'ossaccesskeyid',
  'security-token',
  'q-signature',
  'q-ak',
  'token',
  'access_token',
  'refresh_token',
  'id_token',
  'ticket',
  'secret',
  'appsecret',
  'key',
  'accesskeyid',
  'api_key',
  'apikey',
  'authorization',
] as const;
const SENSITIVE = new Set<string>(SENSITIVE_NAMES);

export const REDACTED = '***';

/** A parameter name as the server reads it (`%67`, `+`), lower case; a malformed one as written. */
function paramName(raw: string): string {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' ')).toLowerCase();
  } catch {
    return raw.toLowerCase();
  }
}

export function isSensitiveParam(name: string): boolean {
  return SENSITIVE.has(paramName(name));
}

/** `?name=value` or `&name=value` of a URL's query: the value runs to the next `&`, as the server reads it. */
const URL_PARAM = /([?&])([^=&]+)=([^&]*)/g;
/**
 * The same in text quoting a URL or a `name=value` of its own (after a blank, `(`, `,` or `;`):
 * there the value also stops at `#`, a blank, a quote or a bracket.
 */
const TEXT_PARAM = /(^|[?&\s(,;])([^=&#?\s"'<>(),;]+)=([^&#\s"'<>(),;]*)/g;
/** `"name":"value"` in a JSON text (a provider's message quoting its request). */
const JSON_PARAM = /"([^"\\]{1,40})"(\s*:\s*)"((?:[^"\\]|\\.)*)"/g;

function redactParams(text: string, pattern: RegExp): string {
  return text.replace(pattern, (whole, separator: string, name: string) =>
    isSensitiveParam(name) ? `${separator}${name}=${REDACTED}` : whole,
  );
}

/**
 * A request or upstream URL as a log line may carry it: the value of every sensitive query
 * parameter replaced by `***`, the rest byte for byte.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  return url.slice(0, q) + redactParams(url.slice(q), URL_PARAM);
}

/**
 * Free text that may quote a URL or a JSON request (an error message, a provider's answer):
 * the same parameters redacted wherever they appear.
 */
export function redactText(text: string): string {
  if (!text.includes('=') && !text.includes('"')) return text;
  return redactParams(text, TEXT_PARAM).replace(JSON_PARAM, (whole, name: string, colon: string) =>
    SENSITIVE.has(name.toLowerCase()) ? `"${name}"${colon}"${REDACTED}"` : whole,
  );
}
