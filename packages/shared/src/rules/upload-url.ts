/**
 * Uploaded pictures are named '/uploads/<yyyy>/<mm>/<random>.<ext>'. Private pictures reach
 * the browser as short-lived signed URLs ('/uploads/<key>?exp=…&sig=…',
 * docs/decisions/018); a signed URL sent back (a customer's pictures, a report's images, a
 * licence) names the same picture, and is stored without its signature.
 */
export const UPLOAD_PREFIX = '/uploads/';

/**
 * The longest picture URL a form may send back: a presigned URL of a bucket (STORAGE=s3) runs
 * to about 600 characters. What is stored is the plain '/uploads/<key>' path.
 */
export const PICTURE_URL_MAX = 1000;

const STORED = /^\/uploads\/(\d{4}\/\d{2}\/[0-9a-f]{32}\.[a-z]{3,4})(?:[?#].*)?$/;
/**
 * With the pictures in an S3 bucket (STORAGE=s3) a picture's URL is the bucket's or CDN's:
 * '<origin>[/<bucket>]/public/<key>' or a presigned '…/private/<key>?X-Amz-…'.
 */
const IN_BUCKET = /^https?:\/\/[^/?#]+(?:\/[^?#]*)?\/(?:public|private)\/(\d{4}\/\d{2}\/[0-9a-f]{32}\.[a-z]{3,4})(?:[?#].*)?$/;

/** The storage key ('<yyyy>/<mm>/<random>.<ext>') of an upload URL (disk or bucket), signed or not; null for anything else. */
export function uploadKeyOf(url: string): string | null {
  return (STORED.exec(url) ?? IN_BUCKET.exec(url))?.[1] ?? null;
}

/** '/uploads/<key>' for an upload URL, signed or not; any other string as it is. */
export function plainUploadUrl(url: string): string {
  const key = uploadKeyOf(url);
  return key === null ? url : UPLOAD_PREFIX + key;
}

const PUBLIC_STORED = /^\/uploads\/(\d{4}\/\d{2}\/[0-9a-f]{32}\.[a-z]{3,4})$/;
const PUBLIC_IN_BUCKET = /^https?:\/\/[^/?#]+(?:\/[^?#]*)?\/public\/(\d{4}\/\d{2}\/[0-9a-f]{32}\.[a-z]{3,4})$/;

/**
 * The storage key of a public picture's reference: its stored path '/uploads/<key>' (no
 * signature), or a bucket's or CDN's address of its public part ('…/public/<key>', no query) as
 * stored before docs/decisions/098; null for anything else, a signed private picture's URL
 * (disk or presigned) included.
 */
export function publicPictureKey(url: string): string | null {
  return (PUBLIC_STORED.exec(url) ?? PUBLIC_IN_BUCKET.exec(url))?.[1] ?? null;
}
