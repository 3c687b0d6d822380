import { createHmac, timingSafeEqual } from 'node:crypto';
import { UPLOAD_PREFIX, uploadKeyOf } from '@baobei/shared/rules/upload-url';
import type { UploadStorage } from './storage/upload-storage';

/**
 * Short-lived signed URLs of private pictures (docs/decisions/018):
 * '/uploads/<key>?exp=<unix seconds>&sig=<HMAC-SHA256(key, exp), base64url>'. The expiry is
 * rounded to the hour and one hour added, so a picture keeps one URL for an hour (the browser
 * caches it) and every URL handed out stays valid for one to two hours. With pictures in S3
 * (STORAGE=s3) the same hours make a presigned URL of the bucket instead: signed at the start of
 * the hour, valid two hours, so it too stays the same for an hour and lives one to two.
 */
export const SIGNED_URL_HOUR = 3600;

export type SignatureCheck = 'ok' | 'missing' | 'invalid' | 'expired';

export interface PictureSigner {
  /** A signed URL for an upload URL (plain or already signed); any other string as it is. */
  sign(url: string): string;
  signAll(urls: readonly string[]): string[];
  /** Checks the `exp` and `sig` of a request for the picture `key`. */
  check(key: string, exp: unknown, sig: unknown): SignatureCheck;
}

export function createPictureSigner(secret: string, now: () => number = Date.now, storage?: UploadStorage): PictureSigner {
  // A key of its own, derived from the secret it is given, so the same secret can serve other links.
  const key = createHmac('sha256', secret).update('baobei:private-upload-url:v1').digest();
  const mac = (storageKey: string, exp: number) => createHmac('sha256', key).update(`${storageKey}\n${exp}`).digest('base64url');

  function sign(url: string): string {
    const storageKey = uploadKeyOf(url);
    if (storageKey === null) return url;
    const hourStart = Math.floor(now() / 1000 / SIGNED_URL_HOUR) * SIGNED_URL_HOUR;
    if (storage?.kind === 's3') return storage.privateUrl(storageKey, new Date(hourStart * 1000), 2 * SIGNED_URL_HOUR);
    const exp = hourStart + 2 * SIGNED_URL_HOUR;
    return `${UPLOAD_PREFIX}${storageKey}?exp=${exp}&sig=${mac(storageKey, exp)}`;
  }

  return {
    sign,
    signAll: (urls) => urls.map(sign),
    check(storageKey, exp, sig) {
      if (exp === undefined && sig === undefined) return 'missing';
      if (typeof exp !== 'string' || typeof sig !== 'string' || !/^\d{1,12}$/.test(exp)) return 'invalid';
      const expected = Buffer.from(mac(storageKey, Number(exp)));
      const given = Buffer.from(sig);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
      return Number(exp) * 1000 <= now() ? 'expired' : 'ok';
    },
  };
}
